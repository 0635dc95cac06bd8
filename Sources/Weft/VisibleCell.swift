public import Foundation
import WeftCore
public import WeftDataController
public import WeftNode

/// A cell the container shows in a frame: an item's or a header's or footer's,
/// where it shows. A container finds its visible cells once per frame, in
/// ``CollectionNode/layoutIfNeeded()``, and hands them to its backing view
/// (``ContainerBackingView/mount(_:of:)``), which mounts or draws them.
@MainActor
public struct VisibleCell {
    /// The element shown; `nil` for an absent item of a lazy collection still
    /// loading.
    public let element: CollectionElement?

    /// The cell's frame in content coordinates (the layout's, the space of
    /// ``CollectionNode/contentOffset``); where it shows in the viewport is
    /// ``CollectionNode/viewportRect(forContentRect:)`` of it.
    public let frame: CGRect

    /// The item's (or the header's or footer's) index path in the view's index
    /// space, the committed one.
    public let indexPath: IndexPath

    /// The kind of a header's or footer's element; `nil` for an item.
    public let supplementaryKind: String?

    /// The cell's node, once made.
    public var node: CellNode? { element?.nodeIfAllocated }

    /// Appends the cell's layers with its top left at `origin` (where it shows
    /// in the viewport): its node's contents, then each subnode's at its frame
    /// in the node's calculated layout, back to front; a node drawn in tiles
    /// adds a layer per tile (`DisplayNode.contentsTiles`). A node without
    /// contents adds no layer. A cell's own drawing is never mirrored: an inverted list
    /// reverses the order of its cells, not their text.
    ///
    /// With a frame `time` (seconds on a monotonic clock), this is a frame the
    /// screen shows: a node showing its placeholder is noted, and one whose
    /// contents replaced it since gets the placeholder over them, fading out
    /// (`DisplayNode.placeholderFadeDuration`), and sets `isFading`. Without
    /// one, nothing is noted and no fade is drawn.
    ///
    /// - Complexity: O(*s*) for *s* nodes in the cell's layout.
    package func appendLayers(
        at origin: CGPoint, to layers: inout [Bitmap.Layer], time: Double? = nil, isFading: inout Bool
    ) -> _CellDrawing {
        guard let node else { return .missing }
        var drawing = _CellDrawing.complete
        if !node.isDisplayComplete { drawing = node.pendingNodesShowPlaceholders ? .placeholder : .incomplete }
        Self.appendLayers(of: node, at: origin, to: &layers, time: time, drawing: &drawing, isFading: &isFading)
        return drawing
    }

    /// ``appendLayers(at:to:time:isFading:)`` outside a frame: no fade.
    package func appendLayers(at origin: CGPoint, to layers: inout [Bitmap.Layer]) -> _CellDrawing {
        var isFading = false
        return appendLayers(at: origin, to: &layers, isFading: &isFading)
    }

    private static func appendLayers(
        of node: DisplayNode, at origin: CGPoint, to layers: inout [Bitmap.Layer], time: Double?,
        drawing: inout _CellDrawing, isFading: inout Bool
    ) {
        if let error = node.displayError { drawing = .failed(error, node: ObjectIdentifier(node)) }
        if node.placeholderEnabled, !node.isSelfDisplayComplete, let placeholder = node.placeholderImage() {
            layers.append(Bitmap.Layer(placeholder, at: origin))
            if time != nil { node.placeholderWasShown() }
        } else {
            if let contents = node.contents {
                layers.append(Bitmap.Layer(contents, at: origin))
            } else {
                for tile in node.contentsTiles {
                    layers.append(Bitmap.Layer(tile.bitmap, at: CGPoint(x: origin.x + tile.origin.x,
                                                                         y: origin.y + tile.origin.y)))
                }
            }
            if let time, let opacity = node.placeholderFadeOpacity(at: time), let placeholder = node.placeholderImage() {
                layers.append(Bitmap.Layer(placeholder, at: origin, opacity: opacity))
                isFading = true
            }
        }
        for child in node.calculatedLayout?.children ?? [] {
            appendLayers(of: child.node, at: CGPoint(x: origin.x + child.frame.minX, y: origin.y + child.frame.minY),
                         to: &layers, time: time, drawing: &drawing, isFading: &isFading)
        }
    }
}
