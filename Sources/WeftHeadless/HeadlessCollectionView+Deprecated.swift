public import Weft
public import WeftDataController
public import WeftReusePool

extension HeadlessCollectionView {
    /// What UIKit would have raised; every backing view's check now.
    @available(*, deprecated, renamed: "ViewInconsistency")
    public typealias Inconsistency = ViewInconsistency
}

extension CollectionNode {
    /// The container of the visible cells' host views, now the headless view's.
    @available(*, deprecated, message: "use the HeadlessCollectionView's containerView; the container owns no view")
    public var containerView: HeadlessView {
        (view as? HeadlessCollectionView)?.containerView ?? HeadlessView()
    }

    /// Errors from mounting host views, now the headless view's.
    @available(*, deprecated, message: "use the HeadlessCollectionView's mountErrors; the container mounts no view")
    public var mountErrors: [any Error] {
        diagnostics.errors(of: ReusePoolError.self, in: .view)
    }
}
