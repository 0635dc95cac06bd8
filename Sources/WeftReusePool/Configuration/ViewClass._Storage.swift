extension ViewClass {
    /// A view class for views of type `View`; immutable, so any thread may share it.
    final class _Storage<View: ReusableView>: _AnyStorage {
        let identifier: ViewClassIdentifier
        let make: @MainActor @Sendable () -> View
        let didEnter: (@MainActor @Sendable (View) -> Void)?
        let willLeave: (@MainActor @Sendable (View) -> Void)?
        let purge: (@MainActor @Sendable (View) -> Void)?

        init(identifier: ViewClassIdentifier,
             make: @escaping @MainActor @Sendable () -> View,
             didEnterReusePool: (@MainActor @Sendable (View) -> Void)?,
             willLeaveReusePool: (@MainActor @Sendable (View) -> Void)?,
             willPurge: (@MainActor @Sendable (View) -> Void)?) {
            self.identifier = identifier
            self.make = make
            didEnter = didEnterReusePool
            willLeave = willLeaveReusePool
            purge = willPurge
        }

        var viewType: any ReusableView.Type { View.self }

        @MainActor func makeView() -> any ReusableView { make() }

        // A view reaches these only from a pool keyed by this class's identifier,
        // whose views this class's `make` returned, so the casts always succeed.
        @MainActor func didEnterReusePool(_ view: any ReusableView) {
            if let didEnter, let view = view as? View { didEnter(view) }
        }

        @MainActor func willLeaveReusePool(_ view: any ReusableView) {
            if let willLeave, let view = view as? View { willLeave(view) }
        }

        @MainActor func willPurge(_ view: any ReusableView) {
            if let purge, let view = view as? View { purge(view) }
        }
    }
}
