extension ViewClass {
    /// The type-erased face of ``ViewClass/_Storage``, so pools hold any view class.
    protocol _AnyStorage: AnyObject, Sendable {
        var identifier: ViewClassIdentifier { get }
        var viewType: any ReusableView.Type { get }

        @MainActor func makeView() -> any ReusableView
        @MainActor func didEnterReusePool(_ view: any ReusableView)
        @MainActor func willLeaveReusePool(_ view: any ReusableView)
        @MainActor func willPurge(_ view: any ReusableView)
    }
}
