public import Foundation
import WeftDataController
public import WeftNode

extension CollectionNode {
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
    /// on main, if the pipeline has not yet.
    ///
    /// - Complexity: O(log *n*), plus the node block if it has not run.
    public func nodeForItem(at indexPath: IndexPath) -> CellNode? {
        dataController.pendingMap.element(at: indexPath)?.node
    }

    /// The index path of `node` in the data source's index space, or `nil` if
    /// the collection does not hold it.
    ///
    /// - Complexity: O(log *n*).
    public func indexPath(for node: CellNode) -> IndexPath? {
        guard let element = node.collectionElement as? CollectionElement else { return nil }
        return dataController.pendingMap.indexPath(of: element)
    }

    /// The index paths of the items that overlap the viewport, in the view's
    /// index space, ascending.
    ///
    /// - Complexity: O(log *n* + *v*) for *v* visible items.
    public var indexPathsForVisibleItems: [IndexPath] {
        isVisible ? layout.indexPathsForItems(in: rangeController.viewport) : []
    }

    /// The nodes of the items that overlap the viewport, in order.
    ///
    /// - Complexity: O(log *n* + *v*) for *v* visible items.
    public var visibleNodes: [CellNode] {
        let map = dataController.visibleMap
        return indexPathsForVisibleItems.compactMap { map.element(at: $0)?.nodeIfAllocated }
    }
}
