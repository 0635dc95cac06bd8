public import Foundation
public import WeftCore

extension CollectionNode {
    /// The visible items whose cells are not fully drawn: the item has no node
    /// yet (a lazy item still loading, a node still being made) or a node of the
    /// cell lacks its latest drawing (`DisplayNode.isDisplayComplete`). What the
    /// screen shows blank, or in part, in the view's index space (the committed
    /// items the screen shows; ``indexPath(forViewIndexPath:)`` converts).
    ///
    /// - Complexity: O(*v* × *s*) for *v* visible cells of *s* nodes.
    public var blankVisibleItems: [IndexPath] {
        visibleCells().filter { $0.supplementaryKind == nil && $0.isBlank }.map(\.indexPath)
    }

    /// How far past the viewport's far edge, along the scroll axis and in
    /// viewports, the cells are drawn without a gap: 0 when the cell just past
    /// the viewport is not drawn, about 1 when the display range (a screen ahead
    /// by default) is.
    ///
    /// - Complexity: O(*d* × *s*) for the *d* drawn cells past the viewport.
    public var displayLead: Double {
        let vertical = layout.scrollAxis == .vertical
        let viewportLength = vertical ? viewportSize.height : viewportSize.width
        let map = dataController.visibleMap
        guard viewportLength > 0, let last = viewIndexPathsForVisibleItems.last else { return 0 }
        let farEdge = (vertical ? contentOffset.y : contentOffset.x) + viewportLength
        var reach = farEdge
        var path = last
        while let cell = map.element(at: path)?.nodeIfAllocated, cell.isDisplayComplete,
            let frame = layout.frameForItem(at: path) {
            reach = max(reach, vertical ? frame.maxY : frame.maxX)
            if path.item + 1 < map.numberOfItems(inSection: path.section) {
                path = IndexPath(item: path.item + 1, section: path.section)
            } else if path.section + 1 < map.numberOfSections {
                path = IndexPath(item: 0, section: path.section + 1)
            } else {
                break
            }
        }
        return (reach - farEdge) / viewportLength
    }

    /// Composes the viewport as the view shows it now: each visible cell's
    /// contents at its frame, then its subnodes' at theirs (from each node's
    /// calculated layout), over `background`. Cells without their latest
    /// contents are listed in ``ComposedFrame/blankItems``.
    ///
    /// This is the screen without a toolkit: what a real view puts on the
    /// display in this frame, for pictures, videos and blank-cell counts. It
    /// shows the committed items (the view's index space), as a screen does,
    /// and the visible headers and footers over them.
    ///
    /// - Parameters:
    ///   - scale: Pixels per point; the contents' own scale by default.
    ///   - background: What shows where no cell draws.
    /// - Throws: `BitmapError` when the viewport at `scale` makes a bitmap
    ///   Weft refuses.
    /// - Complexity: O(*w* × *h*) pixels, plus the visible nodes.
    public func composeFrame(scale: Double = DisplayNode.defaultContentsScale, background: Color = .white)
        throws(BitmapError) -> ComposedFrame {
        let cells = visibleCells()
        let items = cells.filter { $0.supplementaryKind == nil }
        let bitmap = try Bitmap(composing: contentLayers(of: cells), size: viewportSize, scale: scale, background: background)
        return ComposedFrame(
            bitmap: bitmap, blankItems: items.filter(\.isBlank).map(\.indexPath), visibleItems: items.map(\.indexPath))
    }

    /// What the view shows now, as layers: each visible cell's contents at its
    /// frame, then its subnodes' at theirs, in viewport coordinates (points,
    /// the viewport's top left at zero), back to front; headers and footers
    /// over the items. A node without contents adds no layer. What
    /// ``composeFrame(scale:background:)`` blends.
    ///
    /// - Complexity: O(*v* × *s*) for *v* visible cells of *s* nodes.
    public func visibleContentLayers() -> [Bitmap.Layer] {
        contentLayers(of: visibleCells())
    }

    /// The layers of `cells` (cells of this container, as ``layoutIfNeeded()``
    /// hands them to the view) at the current ``contentOffset``: what a view
    /// that draws the cells it was handed puts on screen.
    ///
    /// - Complexity: O(*v* × *s*) for *v* cells of *s* nodes.
    package func contentLayers(of cells: [VisibleCell]) -> [Bitmap.Layer] {
        var layers: [Bitmap.Layer] = []
        let offset = contentOffset
        for cell in cells { cell.appendLayers(at: offset, to: &layers) }
        return layers
    }
}
