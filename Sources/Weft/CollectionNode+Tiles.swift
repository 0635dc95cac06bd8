import Foundation
import WeftCore

extension CollectionNode {
    /// Tells the cells of the display range that are too large for one bitmap
    /// which part of them the display range and the viewport cover (in each
    /// cell's own, never mirrored, coordinates), so that their nodes that draw
    /// in tiles (`DisplayNode.drawsInTiles`: text taller than any bitmap) draw
    /// the tiles there and drop the others. A cell within the bitmap limits at
    /// its scale is passed over: its nodes are within them too.
    ///
    /// - Complexity: O(log *s* + *d*) for *d* items in the display range, plus
    ///   a walk of the nodes of each cell beyond the limits.
    func updateTiledCells() {
        let display = rangeController.displayRect
        guard !display.isNull else { return }
        let visible = CGRect(origin: displayedContentOffset, size: viewportSize)
        let displayed = displayedRect(forContentRect: display)
        rangeController.forEachElementInDisplayRange { path, element in
            guard let node = element.nodeIfAllocated, let frame = layout.frameForItem(at: path) else { return }
            let scale = node.contentsScale
            guard Bitmap.exceedsLimits(pixelWidth: Bitmap.pixelLength(frame.width, scale: scale),
                                       pixelHeight: Bitmap.pixelLength(frame.height, scale: scale)) else { return }
            let origin = displayedRect(forContentRect: frame).origin
            node.updateTiles(display: displayed.offsetBy(dx: -origin.x, dy: -origin.y),
                             visible: visible.offsetBy(dx: -origin.x, dy: -origin.y))
        }
    }
}
