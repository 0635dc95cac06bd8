public import WeftDataController

/// A backing view that scrolls and draws, as a real toolkit's does: besides
/// the data controller's commits it needs its container, to drive
/// ``CollectionNode/viewportSize`` and ``CollectionNode/contentOffset`` from
/// its own size and scrolling and to draw the visible cells' contents
/// (``CollectionNode/visibleContentLayers()``). Texture's `ASCollectionView`
/// holds its `collectionNode` for the same reasons.
///
/// A container calls ``attach(to:)`` once, from its initializer, after
/// `CollectionBackingView/attach(to:preparedIndexPaths:)`. `GTKCollectionView`
/// (module WeftGTK) is one; the headless view needs no container.
@MainActor
public protocol ContainerBackingView: CollectionBackingView {
    /// Connects the view to the container that commits to it. Hold the
    /// container weakly: it owns the view.
    func attach(to container: CollectionNode)
}
