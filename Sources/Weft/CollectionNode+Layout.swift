import Foundation
import WeftDataController
import WeftNode

extension CollectionNode {
    /// One frame's work on main: updates the ranges if anything asked for it
    /// (a scroll, a commit, a new size), lays out the visible cells' nodes,
    /// tells the nodes drawn in tiles which tiles the display range needs, and
    /// hands the visible cells to the backing view
    /// (``ContainerBackingView/mount(_:of:)``), which mounts or draws them.
    ///
    /// - Complexity: O(*c* + *v*) for *c* nodes that cross a range boundary and
    ///   *v* visible cells; it does not grow with the item count.
    public func layoutIfNeeded() {
        if case .indexPath = scrollTarget?.target { keepScrollTarget() }
        rangeController.updateIfNeeded()
        let cells = visibleCells()
        layOutNodes(of: cells)
        updateTiledCells()
        view?.mount(cells, of: self)
    }

    /// The cells the view shows now: each visible item (absent ones of a lazy
    /// collection included), then each visible header and footer, at its frame
    /// in content coordinates. The one walk of the visible cells a frame makes.
    ///
    /// - Complexity: O(log *n* + *v*) for *v* visible cells.
    package func visibleCells() -> [VisibleCell] {
        let map = dataController.visibleMap
        var cells: [VisibleCell] = []
        for path in viewIndexPathsForVisibleItems {
            guard let frame = layout.frameForItem(at: path) else { continue }
            cells.append(VisibleCell(
                element: map.element(at: path), frame: frame, indexPath: path, supplementaryKind: nil))
        }
        for (kind, path) in viewSupplementaryElementsForVisibleRect {
            guard let element = map.supplementaryElement(ofKind: kind, at: path),
                let frame = layout.frameForSupplementaryElement(ofKind: kind, at: path)
            else { continue }
            cells.append(VisibleCell(element: element, frame: frame, indexPath: path, supplementaryKind: kind))
        }
        return cells
    }

    /// Measures again each visible cell whose layout was dropped
    /// (`setNeedsLayout`), so that its automatic subnodes follow before it shows.
    private func layOutNodes(of cells: [VisibleCell]) {
        for cell in cells {
            guard let node = cell.node else { continue }
            do throws(NodeError) {
                try node.layoutIfNeeded()
            } catch {
                diagnostics.report(error, layer: .container, indexPaths: [cell.indexPath])
            }
        }
    }
}
