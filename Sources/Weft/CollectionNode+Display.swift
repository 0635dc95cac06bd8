public import Foundation
public import WeftCore
import WeftDataController

extension CollectionNode {
    /// The visible items that the screen shows blank, in the view's index space
    /// (the committed items the screen shows; ``indexPath(forViewIndexPath:)``
    /// converts). A cell is blank when what shows in its rect is not its
    /// drawing: it has no node yet (a lazy item loading, a node being made), a
    /// node of it lacks its latest drawing (`DisplayNode.isDisplayComplete`) or
    /// could not be drawn (`DisplayNode.displayError`, also in ``diagnostics``),
    /// or it has drawings and none of them lands in its rect, or its rect is
    /// not on screen. A cell with nothing to draw (no node of it has contents or
    /// a drawing) is not blank. A cell a reload gave a new node shows its old
    /// drawing until the new one lands, and is not blank meanwhile: a reload
    /// never flashes a drawn cell blank. Computed from the same layers that
    /// ``composeFrame(scale:background:)`` blends and views draw, so it cannot
    /// say 0 over an empty screen.
    ///
    /// - Complexity: O(*v* × *s*) for *v* visible cells of *s* nodes.
    public var blankVisibleItems: [IndexPath] {
        screen(of: visibleCells()).blankItems
    }

    /// The visible items that show placeholders where drawings are pending
    /// (`DisplayNode.placeholderEnabled`), in the view's index space: not in
    /// ``blankVisibleItems``, counted apart. A cell is counted here when it is
    /// not complete and every node of it that is not shows its placeholder.
    ///
    /// - Complexity: O(*v* × *s*) for *v* visible cells of *s* nodes.
    public var placeholderVisibleItems: [IndexPath] {
        screen(of: visibleCells()).placeholderItems
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
    /// calculated layout), where ``viewportRect(forContentRect:)`` puts them,
    /// over `background`. Cells shown blank (see ``blankVisibleItems``) are
    /// listed in ``ComposedFrame/blankItems``.
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
        try composeFrame(scale: scale, background: background, at: Self.frameTime)
    }

    /// ``composeFrame(scale:background:)`` as a frame at `time` (seconds on
    /// the clock of ``frameTime``): where a placeholder fade has got to.
    package func composeFrame(scale: Double, background: Color, at time: Double) throws(BitmapError) -> ComposedFrame {
        let shown = screen(of: visibleCells(), at: time)
        let bitmap = try Bitmap(composing: shown.layers, size: viewportSize, scale: scale, background: background)
        return ComposedFrame(bitmap: bitmap, blankItems: shown.blankItems, placeholderItems: shown.placeholderItems,
                             visibleItems: shown.visibleItems, isAnimating: shown.isAnimating)
    }

    /// What the view shows now, as layers: each visible cell's contents at its
    /// frame, then its subnodes' at theirs, in viewport coordinates (points,
    /// the viewport's top left at zero, after ``viewportRect(forContentRect:)``),
    /// back to front; headers and footers over the items. A node without
    /// contents adds no layer. What ``composeFrame(scale:background:)`` blends.
    ///
    /// - Complexity: O(*v* × *s*) for *v* visible cells of *s* nodes.
    public func visibleContentLayers() -> [Bitmap.Layer] {
        screen(of: visibleCells()).layers
    }

    /// The clock of frames, in seconds: monotonic, for placeholder fades.
    package static var frameTime: Double { ProcessInfo.processInfo.systemUptime }

    /// What the screen shows for `cells` (cells of this container, as
    /// ``layoutIfNeeded()`` hands them to the view) at the current
    /// ``contentOffset``: their layers where they show, and which items are
    /// blank (see ``blankVisibleItems``). With a frame `time` it is a frame a
    /// host shows: placeholders shown are noted and fade out over the contents
    /// that replace them (``_Screen/isAnimating``); without, a query.
    ///
    /// - Complexity: O(*v* × *s*) for *v* cells of *s* nodes.
    package func screen(of cells: [VisibleCell], at time: Double? = nil) -> _Screen {
        var screen = _Screen()
        let viewport = CGRect(origin: .zero, size: viewportSize)
        var failures: [ObjectIdentifier: DisplayError] = [:]
        defer { reportedDisplayFailures = failures }
        var holding: [ObjectIdentifier: _HeldCell] = [:]
        defer { heldCells = holding }
        for cell in cells {
            let shown = viewportRect(forContentRect: cell.frame)
            if let fill = selectionFill(of: cell) {
                screen.layers.append(.fill(fill, size: shown.size, at: shown.origin))
            }
            let first = screen.layers.count
            var drawing = cell.appendLayers(at: shown.origin, to: &screen.layers, time: time, isFading: &screen.isAnimating)
            // A reloaded cell whose new drawing has not landed shows the old one.
            if let element = cell.element, let held = heldCells[ObjectIdentifier(element)], held.element === element {
                switch drawing {
                case .missing, .incomplete, .placeholder:
                    screen.layers.removeSubrange(first...)
                    screen.layers += held.layers.map { layer in
                        var moved = layer
                        moved.origin = CGPoint(x: shown.minX + layer.origin.x, y: shown.minY + layer.origin.y)
                        return moved
                    }
                    holding[ObjectIdentifier(element)] = held
                    drawing = .complete
                case .complete, .failed:
                    break
                }
            }
            if case .failed(let error, let node) = drawing {
                // Reported once while it shows: again only if it leaves the screen and comes back.
                if reportedDisplayFailures[node] != error {
                    diagnostics.report(error, layer: .container, indexPaths: [cell.indexPath])
                }
                failures[node] = error
            }
            guard cell.supplementaryKind == nil else { continue }
            screen.visibleItems.append(cell.indexPath)
            if drawing == .placeholder {
                screen.placeholderItems.append(cell.indexPath)
            } else if drawing != .complete {
                screen.blankItems.append(cell.indexPath)
                continue
            }
            // Drawings that all miss the cell's rect (mirrored wrong, placed
            // elsewhere, at a non-finite origin), or a cell whose rect is not
            // on screen at all, leave it blank. A frame that is not finite (a
            // layout's lie) shows nowhere; Foundation traps intersecting it. A
            // cell with only a sliver of its margin on screen shows what it
            // draws there, nothing, and is not blank.
            let isFinite = shown.minX.isFinite && shown.minY.isFinite && shown.width.isFinite && shown.height.isFinite
            let visiblePart = isFinite ? shown.intersection(viewport) : .null
            let layers = screen.layers[first...]
            if !layers.isEmpty,
                visiblePart.isNull || visiblePart.isEmpty || !layers.contains(where: { Self.lands($0, on: shown) }) {
                if drawing == .placeholder { screen.placeholderItems.removeLast() }
                screen.blankItems.append(cell.indexPath)
            }
        }
        return screen
    }

    /// What shows behind a visible item's contents: its highlight's colour
    /// while it is highlighted, else its selection's while it is selected (the
    /// node's own, else the container's); `nil` for neither, or for a clear colour.
    ///
    /// - Complexity: O(1).
    private func selectionFill(of cell: VisibleCell) -> Color? {
        guard cell.supplementaryKind == nil, let node = cell.node else { return nil }
        let color: Color
        if node.isHighlighted {
            color = node.highlightedBackgroundColor ?? highlightedBackgroundColor
        } else if node.isSelected {
            color = node.selectedBackgroundColor ?? selectedBackgroundColor
        } else {
            return nil
        }
        return color.alpha > 0 ? color : nil
    }

    /// Tells the view that the selected and highlighted cells look different:
    /// their contents' observers hear of them, as when a drawing lands.
    func redrawSelection() {
        for entry in selection { entry.element?.nodeIfAllocated?.announceAppearanceChange() }
    }

    /// Before `update` commits: what each visible item's cell shows, to hold in
    /// its place if the update replaces its node (a reload); a cell showing a
    /// held drawing passes that on.
    ///
    /// - Complexity: O(*v* × *s*) for *v* visible cells of *s* nodes.
    func drawingsToHold() -> [(indexPath: IndexPath, element: CollectionElement, layers: [Bitmap.Layer])] {
        var drawings: [(IndexPath, CollectionElement, [Bitmap.Layer])] = []
        for cell in visibleCells() where cell.supplementaryKind == nil {
            guard let element = cell.element else { continue }
            if let held = heldCells[ObjectIdentifier(element)], held.element === element {
                drawings.append((cell.indexPath, element, held.layers))
                continue
            }
            var layers: [Bitmap.Layer] = []
            guard cell.appendLayers(at: .zero, to: &layers) == .complete, !layers.isEmpty else { continue }
            drawings.append((cell.indexPath, element, layers))
        }
        return drawings
    }

    /// After `update` committed: holds each drawing whose item now has another
    /// element (a reloaded item, a diffable data source's reload deleted and
    /// inserted, or every item after `reloadData`), until the new cell draws.
    ///
    /// - Complexity: O(*v* log *k*) for *v* drawings and *k* edits.
    func hold(_ drawings: [(indexPath: IndexPath, element: CollectionElement, layers: [Bitmap.Layer])],
              after update: DataUpdate) {
        for drawing in drawings {
            let changes = update.changeSet
            let path = changes.includesReloadData
                ? drawing.indexPath
                : changes.newIndexPath(forOld: drawing.indexPath) ?? changes.replacedItems[drawing.indexPath]
            guard let path, let element = update.map.element(at: path), element !== drawing.element else { continue }
            heldCells[ObjectIdentifier(element)] = _HeldCell(element: element, layers: drawing.layers)
        }
    }

    /// Whether `layer` covers some of `rect`.
    private static func lands(_ layer: Bitmap.Layer, on rect: CGRect) -> Bool {
        guard layer.origin.x.isFinite, layer.origin.y.isFinite, !rect.isNull, !rect.isEmpty else { return false }
        return CGRect(origin: layer.origin, size: layer.size ?? layer.bitmap.size).intersects(rect)
    }
}
