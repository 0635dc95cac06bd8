/// How to make a kind of view, and what to tell it when it enters or leaves a reuse pool.
///
/// Views made by view classes with the same ``identifier`` are interchangeable: they
/// share pools (given the same component type and attribute shape). The identifier is
/// the view type, plus a factory name when views of one type are made in different
/// ways that attributes cannot undo (a table style, a layer class).
///
/// The callbacks fire once per transition. A view is *in the pool* while it, or any
/// view the pools manage above it, is hidden; so hiding a cell sends
/// `didEnterReusePool` to the cell and to the managed views inside it that were
/// visible, and showing it again sends `willLeaveReusePool` to the same views.
///
/// ```swift
/// let spinner = ViewClass(SpinnerView.self,
///                         didEnterReusePool: { $0.stopAnimating() },
///                         willLeaveReusePool: { $0.startAnimating() })
/// ```
public struct ViewClass: Sendable, CustomStringConvertible {
    let storage: any _AnyStorage

    /// Creates a view class whose views come from a factory.
    ///
    /// - Parameters:
    ///   - type: The type of the views `make` returns.
    ///   - factoryIdentifier: A name that tells this factory's views apart from other
    ///     views of `type`; `nil` if every view of `type` is interchangeable.
    ///   - make: Makes a new view; runs on the main context.
    ///   - didEnterReusePool: Called after a view became hidden or got a hidden
    ///     managed ancestor, for example to stop an animation.
    ///   - willLeaveReusePool: Called before a view in the pool becomes visible again.
    ///   - willPurge: Called before a purge removes a pooled view for good.
    /// - Complexity: O(1) expected, under a process-wide lock that interns the identity.
    public init<View: ReusableView>(
        _ type: View.Type,
        factoryIdentifier: String? = nil,
        make: @escaping @MainActor @Sendable () -> View,
        didEnterReusePool: (@MainActor @Sendable (View) -> Void)? = nil,
        willLeaveReusePool: (@MainActor @Sendable (View) -> Void)? = nil,
        willPurge: (@MainActor @Sendable (View) -> Void)? = nil
    ) {
        let key = _Interner.ViewClassKey(viewType: ObjectIdentifier(type), factoryIdentifier: factoryIdentifier)
        let number = _Interner.shared.viewClassNumber(for: key, name: {
            let name = String(reflecting: type)
            return factoryIdentifier.map { "\(name) (\($0))" } ?? name
        }())
        storage = _Storage(identifier: ViewClassIdentifier(rawValue: number), make: make,
                           didEnterReusePool: didEnterReusePool, willLeaveReusePool: willLeaveReusePool,
                           willPurge: willPurge)
    }

    /// Creates a view class whose views are made with `View()`.
    ///
    /// - Parameters:
    ///   - type: A ``HeadlessView`` type.
    ///   - didEnterReusePool: Called after a view became hidden or got a hidden
    ///     managed ancestor.
    ///   - willLeaveReusePool: Called before a view in the pool becomes visible again.
    ///   - willPurge: Called before a purge removes a pooled view for good.
    /// - Complexity: O(1) expected, under a process-wide lock that interns the identity.
    public init<View: HeadlessView>(
        _ type: View.Type,
        didEnterReusePool: (@MainActor @Sendable (View) -> Void)? = nil,
        willLeaveReusePool: (@MainActor @Sendable (View) -> Void)? = nil,
        willPurge: (@MainActor @Sendable (View) -> Void)? = nil
    ) {
        self.init(type, make: { View() }, didEnterReusePool: didEnterReusePool,
                  willLeaveReusePool: willLeaveReusePool, willPurge: willPurge)
    }

    /// The identity that decides which views are interchangeable.
    public var identifier: ViewClassIdentifier { storage.identifier }

    /// The type of the views this class makes.
    public var viewType: any ReusableView.Type { storage.viewType }

    public var description: String { identifier.description }
}
