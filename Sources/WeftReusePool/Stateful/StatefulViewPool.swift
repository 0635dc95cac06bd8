public import WeftCore

/// A pool of stateful views, shared across containers and root views, keyed by
/// controller type and context.
///
/// A controller that unmounts hands its view to the pool with
/// ``enqueue(_:for:context:mayRelinquish:)``. The view first waits as *pending*, still
/// where it is, until the next turn of the main context: if the same component mounts
/// again in the meantime, even under another root view, it takes its own view back.
/// On that turn pending views whose controllers let them go move into the pool (and
/// are hidden), up to the controller's ``StatefulViewController/maximumPoolSize(context:)``;
/// views over the limit, or of an invalid context, are removed from their superviews
/// and released. A controller that does not let its view go keeps it, and enqueues it
/// again when it can.
///
/// ```swift
/// let player = pool.view(for: PlayerController.self, context: .inline, preferredSuperview: cell)
/// // ... later, on unmount:
/// try pool.enqueue(player, for: PlayerController.self, context: .inline) { !player.isSeeking }
/// ```
@MainActor
public final class StatefulViewPool {
    /// The pool shared by the whole app, as ComponentKit's.
    public static let shared = StatefulViewPool()

    private let scheduler: any MainScheduler
    var pooled: [_Key: [_Entry]] = [:]
    var pending: [_Entry] = []
    /// The views pending or pooled, so that one view is never in the pool twice and
    /// handed to two callers. Each entry holds its view, so no identifier goes stale.
    var enqueuedViews: Set<ObjectIdentifier> = []
    private var purgeScheduled = false

    /// Creates an empty pool.
    ///
    /// - Parameter scheduler: Where the move of pending views into the pool runs;
    ///   the main dispatch queue by default, a manual scheduler in tests.
    /// - Complexity: O(*p*) for *p* stateful pools alive, to drop released ones from
    ///   the registry that ``ReusePoolMap/purgeForMemoryPressure()`` walks.
    public init(scheduler: any MainScheduler = .dispatchMain) {
        self.scheduler = scheduler
        ReusePoolMap._Registry.register(self)
    }

    /// The number of views in the pool, all keys together.
    ///
    /// - Complexity: O(*k*) for *k* keys with pooled views.
    public var pooledViewCount: Int { pooled.values.reduce(0) { $0 + $1.count } }

    /// The number of views handed over and not yet moved into the pool.
    public var pendingViewCount: Int { pending.count }

    /// Returns a view for `controller` and `context` from the pool, or `nil`.
    ///
    /// A view whose superview is `preferredSuperview` comes first, pending or pooled;
    /// then the oldest pooled view; then the oldest pending view whose controller lets
    /// it go. A pooled view is shown again before it is returned.
    ///
    /// - Parameters:
    ///   - controller: The controller type.
    ///   - context: The context views must match.
    ///   - preferredSuperview: Where the view will go, to reuse the view already there.
    /// - Returns: A view no one else holds through the pool, or `nil`.
    /// - Complexity: O(*p* + *q*) for *p* pending views and *q* pooled views of the key.
    public func dequeueView<Controller: StatefulViewController>(
        for controller: Controller.Type,
        context: Controller.Context,
        preferredSuperview: (any ReusableView)? = nil
    ) -> Controller.StatefulView? {
        let key = _Key(controller: ObjectIdentifier(controller), context: AnyHashable(context))
        if let preferredSuperview {
            if let index = pending.firstIndex(where: {
                $0.key == key && $0.view.parentView === preferredSuperview && $0.mayRelinquish()
            }) {
                return takePending(at: index) as? Controller.StatefulView
            }
            if let index = pooled[key]?.firstIndex(where: { $0.view.parentView === preferredSuperview }) {
                return takePooled(key: key, at: index) as? Controller.StatefulView
            }
        }
        if let entries = pooled[key], !entries.isEmpty {
            return takePooled(key: key, at: 0) as? Controller.StatefulView
        }
        if let index = pending.firstIndex(where: { $0.key == key && $0.mayRelinquish() }) {
            return takePending(at: index) as? Controller.StatefulView
        }
        return nil
    }

    /// Returns a view from the pool as ``dequeueView(for:context:preferredSuperview:)``
    /// does, or a new one from ``StatefulViewController/makeStatefulView(context:)``.
    ///
    /// - Parameters:
    ///   - controller: The controller type.
    ///   - context: The context views must match.
    ///   - preferredSuperview: Where the view will go.
    /// - Returns: A pooled or new view.
    /// - Complexity: As ``dequeueView(for:context:preferredSuperview:)``, plus the
    ///   view's creation.
    public func view<Controller: StatefulViewController>(
        for controller: Controller.Type,
        context: Controller.Context,
        preferredSuperview: (any ReusableView)? = nil
    ) -> Controller.StatefulView {
        dequeueView(for: controller, context: context, preferredSuperview: preferredSuperview)
            ?? Controller.makeStatefulView(context: context)
    }

    /// Hands `view` to the pool; it waits as pending until the next turn of the main
    /// context, then moves into the pool if `mayRelinquish` allows.
    ///
    /// - Parameters:
    ///   - view: The controller's view; it stays where it is until pooled.
    ///   - controller: The controller type.
    ///   - context: The view's context.
    ///   - mayRelinquish: Whether the controller lets the view go; asked when the
    ///     view would be reused or pooled.
    /// - Throws: ``ReusePoolError/viewAlreadyEnqueued`` if `view` is pending or pooled
    ///   already: it was enqueued twice without being taken back in between, and a
    ///   second entry would hand it to two callers. The pool is unchanged.
    /// - Complexity: O(1) amortized.
    public func enqueue<Controller: StatefulViewController>(
        _ view: Controller.StatefulView,
        for controller: Controller.Type,
        context: Controller.Context,
        mayRelinquish: @escaping @MainActor () -> Bool = { true }
    ) throws(ReusePoolError) {
        guard enqueuedViews.insert(ObjectIdentifier(view)).inserted else { throw .viewAlreadyEnqueued }
        let key = _Key(controller: ObjectIdentifier(controller), context: AnyHashable(context))
        pending.append(_Entry(key: key, view: view, mayRelinquish: mayRelinquish,
                              maximumPoolSize: { Controller.maximumPoolSize(context: context) },
                              isContextValid: { Controller.isContextValid(context) }))
        if !purgeScheduled {
            purgeScheduled = true
            scheduler.schedule { [weak self] in self?.purgePendingViews() }
        }
    }

    /// Moves the pending views into the pool now; the turn after an enqueue does this.
    ///
    /// A view of an invalid context, or over its controller's limit, is removed from
    /// its superview and released; a view whose controller does not let it go is left
    /// to the controller. Views enqueued by callbacks during the move wait for the
    /// next one.
    ///
    /// - Complexity: O(*p*) for *p* pending views, plus the controllers' closures.
    public func purgePendingViews() {
        purgeScheduled = false
        let batch = pending
        pending = []
        for entry in batch {
            guard entry.isContextValid() else {
                enqueuedViews.remove(ObjectIdentifier(entry.view))
                entry.view.removeFromParentView()
                continue
            }
            guard entry.mayRelinquish() else {
                enqueuedViews.remove(ObjectIdentifier(entry.view))
                continue
            }
            let limit = entry.maximumPoolSize().map { max(0, $0) }
            if let limit, pooled[entry.key, default: []].count >= limit {
                enqueuedViews.remove(ObjectIdentifier(entry.view))
                entry.view.removeFromParentView()
                continue
            }
            entry.view.isHidden = true
            pooled[entry.key, default: []].append(entry)
        }
    }

    /// Removes pooled views beyond `limit` per controller type and context, and
    /// releases them; pending views are left alone.
    ///
    /// - Parameter limit: The number of views each key keeps, oldest first.
    /// - Returns: The number of views removed.
    /// - Throws: ``ReusePoolError/negativeLimit(_:)`` if `limit` is negative.
    /// - Complexity: O(*q*) for *q* pooled views.
    @discardableResult
    public func purge(keepingAtMost limit: Int) throws(ReusePoolError) -> Int {
        guard limit >= 0 else { throw .negativeLimit(limit) }
        return purgePooledViews(keepingAtMost: limit)
    }

    func purgePooledViews(keepingAtMost limit: Int) -> Int {
        var victims: [any ReusableView] = []
        for key in Array(pooled.keys) {
            guard var entries = pooled[key], entries.count > limit else { continue }
            victims.append(contentsOf: entries[limit...].map(\.view))
            entries.removeSubrange(limit...)
            pooled[key] = entries.isEmpty ? nil : entries
        }
        for view in victims {
            enqueuedViews.remove(ObjectIdentifier(view))
            view.removeFromParentView()
        }
        return victims.count
    }

    private func takePooled(key: _Key, at index: Int) -> any ReusableView {
        var entries = pooled.removeValue(forKey: key) ?? []
        let entry = entries.remove(at: index)
        if !entries.isEmpty { pooled[key] = entries }
        enqueuedViews.remove(ObjectIdentifier(entry.view))
        entry.view.isHidden = false
        return entry.view
    }

    private func takePending(at index: Int) -> any ReusableView {
        let view = pending.remove(at: index).view
        enqueuedViews.remove(ObjectIdentifier(view))
        return view
    }
}
