public import WeftCore

/// Takes ownership of objects from any thread and releases them promptly on a
/// background thread, so that dropping a large structure never stalls its caller.
///
/// When a collection dies it may own a hundred thousand cell nodes; running all
/// their deinitializers on the main thread is a visible hitch. Hand the owner to
/// the queue instead:
///
/// ```swift
/// DeallocQueue.shared.release(dataController)   // a lock and a store, whatever it owns
/// DeallocQueue.shared.release(contentsOf: nodes)  // the same, whatever the count
/// ```
///
/// The queue coalesces what arrives within a short window (1 ms by default) into
/// one batch and releases it on its thread. The window is short on purpose:
/// Texture's `ASDeallocQueue` waited 100 ms per batch and was removed because the
/// deferred release raised peak memory into out-of-memory crashes. The queue is
/// also bounded: once ``pendingLimit`` objects are waiting, a thread that queues
/// more releases the waiting batch itself, so memory cannot pile up when
/// producers outrun the releaser.
///
/// Objects released here must be safe to deinitialize on any thread. Objects that
/// must die on the main context, such as views, go to WeftCore's
/// `MainContextReleaseQueue`.
///
/// Every object is released exactly once. ``drain()`` waits until everything
/// queued before it has been released, for tests and for shutdown.
public final class DeallocQueue: Sendable {
    /// The queue most code should use: the default window and limit.
    public static let shared: DeallocQueue = {
        do {
            return try DeallocQueue()
        } catch {
            // Only an exhausted process gets here: one thread and 2 KiB of arena
            // memory could not be had, and no caller could recover from that.
            fatalError("the shared dealloc queue could not start: \(error)")
        }
    }()

    /// 1 ms: long enough to turn a burst of single releases into one batch,
    /// short enough that no memory waits noticeably longer than it must.
    public static var defaultCoalescingWindow: Duration {
        .nanoseconds(Int64(_CDeallocQueue.defaultCoalescingWindowNanoseconds))
    }

    /// 65,536 objects: about what a large collection holds in cell nodes.
    public static var defaultPendingLimit: Int { Int(_CDeallocQueue.defaultPendingLimit) }

    /// The longest coalescing window a queue accepts: one second.
    public static var maximumCoalescingWindow: Duration {
        .nanoseconds(Int64(_CDeallocQueue.maximumCoalescingWindowNanoseconds))
    }

    /// The statistics type; the same figures as `MainContextReleaseQueue`'s.
    public typealias Statistics = ReleaseQueueStatistics

    /// The number of waiting objects past which producers release the waiting batch themselves.
    public let pendingLimit: Int

    /// How long the queue lets a burst grow before it releases the batch.
    public let coalescingWindow: Duration

    let queue: _CDeallocQueue

    /// Creates a queue with its own background thread.
    ///
    /// Tests inject queues of their own so that ``drain()`` and ``statistics``
    /// see only their objects.
    ///
    /// - Parameters:
    ///   - pendingLimit: Objects that may wait before a producer helps release them;
    ///     at least 1. Half of it ends a coalescing window early.
    ///   - coalescingWindow: How long to let a burst grow; from zero (release at
    ///     once) to ``maximumCoalescingWindow``.
    /// - Throws: `DeallocQueueError.invalidPendingLimit(_:)`,
    ///   `DeallocQueueError.invalidCoalescingWindow(_:)`, or
    ///   `DeallocQueueError.resourcesUnavailable(operation:)` if the thread or
    ///   the queue's memory cannot be had.
    /// - Complexity: O(1), plus the cost of starting a thread.
    public init(
        pendingLimit: Int = DeallocQueue.defaultPendingLimit,
        coalescingWindow: Duration = DeallocQueue.defaultCoalescingWindow
    ) throws(DeallocQueueError) {
        guard pendingLimit >= 1 else { throw .invalidPendingLimit(pendingLimit) }
        guard coalescingWindow >= .zero, coalescingWindow <= Self.maximumCoalescingWindow else {
            throw .invalidCoalescingWindow(coalescingWindow)
        }
        let (seconds, attoseconds) = coalescingWindow.components
        let nanoseconds = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        queue = try _CDeallocQueue.make(windowNanoseconds: nanoseconds, pendingLimit: UInt64(pendingLimit))
        self.pendingLimit = pendingLimit
        self.coalescingWindow = coalescingWindow
    }

    deinit {
        // Releases whatever is still queued, then stops the thread. When the last
        // reference dies inside one of this queue's own releases, the thread
        // finishes the work and frees the queue itself instead of joining itself.
        queue.destroy()
    }

    /// Takes over the caller's reference to `object` and releases it on the
    /// queue's thread.
    ///
    /// The object dies then, unless something else still holds it. If the
    /// queue already holds ``pendingLimit`` waiting objects, this call first
    /// releases them on the calling thread. If the queue cannot allocate an
    /// entry, it releases `object` at once on the calling thread rather than
    /// lose it.
    ///
    /// - Parameter object: An object whose deinitializer may run on any thread.
    /// - Complexity: O(1): one uncontended lock and a 16-byte store; O(*p*) for
    ///   *p* waiting objects when the limit makes this thread help.
    public func release(_ object: consuming AnyObject) {
        // `consume`: a copy of the caller's reference must not outlive the push.
        queue.push(consume object)
    }

    /// Takes over `objects` and releases the whole array on the queue's thread.
    ///
    /// The array travels as one entry that counts as `objects.count` objects
    /// toward ``pendingLimit`` and ``statistics``, so handing over a hundred
    /// thousand nodes costs the caller the same as handing over one. If other
    /// copies of the array share its storage, the elements die with the last copy.
    ///
    /// - Parameter objects: Objects whose deinitializers may run on any thread.
    /// - Complexity: O(1), as ``release(_:)``.
    public func release<Object: AnyObject>(contentsOf objects: consuming [Object]) {
        let count = objects.count
        guard count > 0 else { return }
        queue.push(_ReleaseBox(consume objects), standingFor: count)
    }

    /// Takes over `value`, of any type, and lets it go on the queue's thread.
    ///
    /// For a value the caller no longer names, such as a function's result; to
    /// hand over stored state, use ``release(taking:leaving:)``, which leaves no
    /// copy behind.
    ///
    /// - Parameters:
    ///   - value: What to release off the calling thread.
    ///   - count: How many objects it stands for, in ``statistics`` and toward
    ///     ``pendingLimit``; 1 by default.
    /// - Complexity: O(1), as ``release(_:)``: one allocation for the box.
    public func release<Value>(value: consuming Value, standingFor count: Int = 1) {
        queue.push(_ReleaseBox(consume value), standingFor: Swift.max(count, 1))
    }

    /// Moves `value` out, leaves `replacement` in its place, and lets the value go
    /// on the queue's thread.
    ///
    /// For the stored state of a dying owner, such as its element maps: the queue
    /// then holds the only reference to what the value owns, so nothing of it can
    /// die on the calling thread, whichever thread lets go first.
    ///
    /// ```swift
    /// deinit {
    ///     queue.release(taking: &visibleMap, leaving: .empty)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - value: The state to hand over.
    ///   - replacement: What the owner keeps instead; something that owns nothing.
    /// - Complexity: O(1), as ``release(_:)``: one allocation for the box.
    public func release<Value>(taking value: inout Value, leaving replacement: consuming Value) {
        var taken = consume replacement
        swap(&taken, &value)
        queue.push(_ReleaseBox(consume taken))
    }

    /// Blocks until every object queued before this call has been released.
    ///
    /// Ends the coalescing window at once. Objects queued during the wait may be
    /// released too but are not waited for.
    ///
    /// - Throws: `DeallocQueueError.reentrantCall(operation:)` when called from
    ///   a deinitializer that this queue is running; nothing is waited for then.
    /// - Complexity: O(*p*) releases for *p* objects pending, run on the queue's thread.
    public func drain() throws(DeallocQueueError) {
        try queue.drain()
        _checkInvariants()
    }

    /// Counts and latencies since the queue was created, read at one moment.
    ///
    /// - Complexity: O(1): one lock and a walk of a fixed 256-bucket histogram.
    public var statistics: Statistics {
        queue.statistics
    }
}
