import Foundation
import WeftDataController
import WeftNode

/// Cells that change size on screen, as Texture's do through
/// `nodeDidInvalidateSize:`: a cell whose layout is dropped (a text node's text
/// changed, an app called `setNeedsLayout()`) is measured again on main, the
/// layout reads its new size, the items after it move and the first visible
/// item stays in place.
extension CollectionNode {
    /// Measures `nodes` again and moves what follows them: at once when no
    /// update is in flight, else once the last one commits, since an update
    /// measures its own items (a reconfigure that set new text, an insert) and
    /// its commit moves them, and a cell of an item it inserts is not in the
    /// visible map before.
    ///
    /// - Complexity: the cells' measuring, plus O(*k* log *n*) for *k* cells
    ///   and *n* items (O(*n*) when one of them is a header or footer).
    public func cellNodesDidInvalidateLayout(_ nodes: [CellNode]) {
        guard !dataController.isProcessingUpdates else {
            dataController.onDidFinishProcessingUpdates { [weak self] in self?.relayOut(nodes) }
            return
        }
        relayOut(nodes)
    }

    /// Measures each of `nodes` that shows an item, header or footer of the
    /// visible map, then has the range controller read their sizes and the
    /// view lay out again.
    private func relayOut(_ nodes: [CellNode]) {
        let map = dataController.visibleMap
        var items: [IndexPath] = []
        var supplementaries = false
        for node in nodes {
            guard let element = node.collectionElement as? CollectionElement, element.nodeIfAllocated === node else { continue }
            let path = element.isSupplementary ? map.supplementaryLocation(of: element)?.indexPath : map.indexPath(of: element)
            guard let path else { continue }
            do throws(NodeError) {
                try node.layoutIfNeeded()
            } catch {
                diagnostics.report(error, layer: .container, indexPaths: [path])
            }
            if element.isSupplementary { supplementaries = true } else { items.append(path) }
        }
        guard !items.isEmpty || supplementaries else { return }
        rangeController.itemsDidRelayout(at: items, includingSupplementaries: supplementaries)
        view?.dataControllerDidRelayout(dataController)
    }
}
