import Foundation
import WeftCore

extension DisplayNode {
    /// The tiles the node shows when it draws in tiles (``drawsInTiles``):
    /// those of the display range drawn so far, top row first; empty for
    /// every other node.
    ///
    /// - Complexity: O(*t* log *t*) for *t* tiles.
    @MainActor
    public var contentsTiles: [ContentsTile] {
        state.withLock { $0.tiling?.orderedTiles } ?? []
    }

    /// Tells the node, and each node below it by its frame in the calculated
    /// layout, which part of it the container's display range and its screen
    /// cover (in the node's bounds, points). Nodes that draw in tiles and are
    /// beyond the bitmap limits drop the tiles outside `display` and ask for
    /// a drawing of those they lack; the others ignore it.
    ///
    /// - Complexity: O(*s*) for *s* nodes in the subtree, plus O(*t*) for the
    ///   tiles of each node drawn in tiles.
    @MainActor
    package func updateTiles(display: CGRect, visible: CGRect) {
        var pending: [(DisplayNode, CGPoint)] = [(self, .zero)]
        while let (node, offset) = pending.popLast() {
            node.setTileRects(display: display.offsetBy(dx: -offset.x, dy: -offset.y),
                              visible: visible.offsetBy(dx: -offset.x, dy: -offset.y))
            for child in node.calculatedLayout?.children ?? [] {
                pending.append((child.node, CGPoint(x: offset.x + child.frame.minX, y: offset.y + child.frame.minY)))
            }
        }
    }

    /// ``updateTiles(display:visible:)`` for this node alone.
    @MainActor
    private func setTileRects(display: CGRect, visible: CGRect) {
        guard Self.drawsInTiles, let size = calculatedSize else { return }
        let scale = contentsScale
        guard Bitmap.exceedsLimits(pixelWidth: Bitmap.pixelLength(size.width, scale: scale),
                                       pixelHeight: Bitmap.pixelLength(size.height, scale: scale)) else { return }
        let sentinel = displaySentinel.load(ordering: .relaxed)
        let pruned = state.withLock { state -> Bool? in
            // A failure of the current drawing stands until the node is redrawn.
            if state.displayError != nil, state.contentsSentinel == sentinel { return nil }
            let tiling = state.tiling ?? _Tiling()
            state.tiling = tiling
            tiling.displayRect = display
            tiling.visibleRect = visible
            return tiling.prune()
        }
        guard let pruned else { return }
        if pruned { ContentsObservation.contentsDidChange(of: self) }
        if isInDisplayState, needsDrawing { markForDisplay() }
    }
}
