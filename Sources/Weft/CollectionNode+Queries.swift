public import Foundation
import WeftDataController
public import WeftNode

extension CollectionNode {
    // Every query here answers in the data source's index space, as Texture's
    // container does: what the data source has, including updates the view has
    // not committed yet. The conversions at the end reach the view's space.

    /// The number of sections, in the data source's index space.
    public var numberOfSections: Int { dataController.pendingItemCounts.count }

    /// The number of items in `section`, in the data source's index space; 0
    /// for a section that does not exist.
    ///
    /// - Complexity: O(1).
    public func numberOfItems(inSection section: Int) -> Int {
        let counts = dataController.pendingItemCounts
        return counts.indices.contains(section) ? counts[section] : 0
    }

    /// The node of the item at `indexPath` in the data source's index space, or
    /// `nil` if there is no such item. Like Texture's, it allocates the node now,
    /// on main, if the pipeline has not yet. An item of a lazy collection that no
    /// range has loaded has no node yet: `nil` as well.
    ///
    /// - Complexity: O(log *n*), plus the node block if it has not run.
    public func nodeForItem(at indexPath: IndexPath) -> CellNode? {
        dataController.pendingMap.element(at: indexPath)?.node
    }

    /// The node of the supplementary element of `kind` at `indexPath` (item 0 of
    /// its section) in the data source's index space, or `nil` if the section has
    /// none: Texture's `supplementaryNodeForElementKind:atIndexPath:`. Like
    /// ``nodeForItem(at:)``, it allocates the node now if the pipeline has not yet.
    ///
    /// - Complexity: O(log *s*), plus the node block if it has not run.
    public func supplementaryNode(ofKind kind: String, at indexPath: IndexPath) -> CellNode? {
        dataController.pendingMap.supplementaryElement(ofKind: kind, at: indexPath)?.node
    }

    /// The index path of `node` in the data source's index space, or `nil` if
    /// the collection does not hold it.
    ///
    /// - Complexity: O(log *n*).
    public func indexPath(for node: CellNode) -> IndexPath? {
        guard let element = node.collectionElement as? CollectionElement else { return nil }
        return dataController.pendingMap.indexPath(of: element)
    }

    /// The index paths of the items that overlap the viewport, in the data
    /// source's index space, ascending: the paths ``nodeForItem(at:)`` and the
    /// data source understand, even while an update is on its way to the view.
    ///
    /// Items the data source has deleted and the view still shows are left out.
    /// For the view's own paths, convert with ``viewIndexPath(for:)``.
    ///
    /// - Complexity: O(log *n* + *v* log *n*) for *v* visible items.
    public var indexPathsForVisibleItems: [IndexPath] {
        let pending = dataController.pendingMap
        let visible = dataController.visibleMap
        return viewIndexPathsForVisibleItems
            .compactMap { visible.element(at: $0).flatMap { pending.indexPath(of: $0) } }
            .sorted()
    }

    /// The nodes of the items that overlap the viewport, in the view's order.
    ///
    /// - Complexity: O(log *n* + *v*) for *v* visible items.
    public var visibleNodes: [CellNode] {
        let map = dataController.visibleMap
        return viewIndexPathsForVisibleItems.compactMap { map.element(at: $0)?.nodeIfAllocated }
    }

    /// Converts an index path of the data source's index space to the view's, as
    /// Texture's `convertIndexPathFromCollectionNode:` does: the place the view
    /// shows that item at now, or `nil` if the view does not show it yet (an
    /// insert on its way). An item of a lazy collection that is not loaded has
    /// its own index path while no update is in flight (the two spaces agree then).
    ///
    /// - Complexity: O(log *n*).
    public func viewIndexPath(for indexPath: IndexPath) -> IndexPath? {
        let pending = dataController.pendingMap
        if let element = pending.element(at: indexPath) { return dataController.visibleMap.indexPath(of: element) }
        guard !dataController.isProcessingUpdates, indexPath.count == 2,
            (0 ..< pending.numberOfSections).contains(indexPath.section),
            (0 ..< pending.numberOfItems(inSection: indexPath.section)).contains(indexPath.item)
        else { return nil }
        return indexPath
    }

    /// Converts an index path of the view's index space to the data source's, as
    /// Texture's `convertIndexPathToCollectionNode:` does: where the data source
    /// has that item now, or `nil` if it deleted it (a delete on its way to the view).
    ///
    /// - Complexity: O(log *n*).
    public func indexPath(forViewIndexPath viewIndexPath: IndexPath) -> IndexPath? {
        dataController.visibleMap.element(at: viewIndexPath).flatMap { dataController.pendingMap.indexPath(of: $0) }
    }

    /// The nodes of the supplementary elements of `kind` that overlap the viewport,
    /// with their index paths in the view's index space, in order.
    ///
    /// - Complexity: O(log *s* + *v*) for *v* visible elements.
    public func visibleSupplementaryNodes(ofKind kind: String) -> [(indexPath: IndexPath, node: CellNode)] {
        let map = dataController.visibleMap
        return viewSupplementaryElementsForVisibleRect.compactMap { found in
            guard found.kind == kind, let node = map.supplementaryElement(ofKind: kind, at: found.indexPath)?.nodeIfAllocated
            else { return nil }
            return (found.indexPath, node)
        }
    }

    /// The view-space kinds and index paths of the supplementary elements that overlap the viewport.
    var viewSupplementaryElementsForVisibleRect: [(kind: String, indexPath: IndexPath)] {
        isVisible ? layout.supplementaryElements(in: rangeController.viewport) : []
    }

    /// The index paths of the items that overlap the viewport in the view's
    /// index space (the committed items, as the screen shows them), absent
    /// items of a lazy collection included: UIKit's `indexPathsForVisibleItems`
    /// on the view.
    ///
    /// - Complexity: O(log *n* + *v*) for *v* visible items.
    public var viewIndexPathsForVisibleItems: [IndexPath] {
        isVisible ? layout.indexPathsForItems(in: rangeController.viewport) : []
    }

    /// The view-space index paths of the items within a screen of the viewport
    /// on every side: those UIKit would have cells for, visible or prepared.
    var viewIndexPathsForPreparedItems: [IndexPath] {
        let viewport = rangeController.viewport
        guard isVisible else { return [] }
        return layout.indexPathsForItems(in: viewport.insetBy(dx: -viewport.width, dy: -viewport.height))
    }
}

/// A cell node finds its collection (`CellNode.owningNode`) and asks it for its
/// `indexPath` through this conformance.
extension CollectionNode: CellNodeContainer {}
