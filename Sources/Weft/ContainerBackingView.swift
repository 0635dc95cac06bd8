public import WeftDataController

/// A container's backing view: the data controller's seam
/// (`CollectionBackingView`: commits, loads, relayouts) plus what a view that
/// scrolls and draws needs of its container. Texture's `ASCollectionView`
/// holds its `collectionNode` for the same reasons.
///
/// The container calls are optional capabilities with defaults that do
/// nothing, as swift-nio's `Channel.syncOptions` is, so a view conforms with
/// only its data controller's commit:
///
/// - ``attach(to:)`` once, from the container's initializer, after
///   `CollectionBackingView/attach(to:preparedIndexPaths:)`: a real view keeps
///   the container (weakly: it owns the view) to drive
///   ``CollectionNode/viewportSize`` and ``CollectionNode/contentOffset`` from
///   its own size and scrolling.
/// - ``mount(_:of:)`` once per frame, from ``CollectionNode/layoutIfNeeded()``,
///   with the cells visible after the range update: the view mounts, reuses or
///   draws them. The container has laid out each cell's node first.
/// - ``containerDidScroll(_:)`` after each change of the content offset.
///
/// `HeadlessCollectionView` (module WeftHeadless) mounts a host view per cell
/// from a reuse pool; `GTKCollectionView` (module WeftGTK) draws the cells'
/// contents in its next frame. A container without a view mounts nothing.
@MainActor
public protocol ContainerBackingView: CollectionBackingView {
    /// Connects the view to the container that commits to it. Hold the
    /// container weakly: it owns the view.
    func attach(to container: CollectionNode)

    /// Shows `cells`, the cells visible in this frame, in drawing order (back
    /// to front): the items as the layout lists them, then headers and footers.
    func mount(_ cells: [VisibleCell], of container: CollectionNode)

    /// The container's ``CollectionNode/contentOffset`` changed: the app
    /// scrolled (``CollectionNode/scrollToItem(at:at:animated:)``, a new
    /// offset), or the view did. A view with scroll bars moves them, and
    /// redraws; one that drives the offset itself ignores its own changes.
    func containerDidScroll(_ container: CollectionNode)
}

extension ContainerBackingView {
    /// Does nothing: a view that needs no container keeps none.
    public func attach(to container: CollectionNode) {}

    /// Does nothing: a view that shows no cells mounts none.
    public func mount(_ cells: [VisibleCell], of container: CollectionNode) {}

    /// Does nothing: a view without scroll bars has nothing to move.
    public func containerDidScroll(_ container: CollectionNode) {}
}
