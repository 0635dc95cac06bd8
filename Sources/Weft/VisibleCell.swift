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

    /// Where the cell shows, in content coordinates (a point of the viewport
    /// plus ``CollectionNode/contentOffset``): the layout's frame, mirrored along
    /// the scroll axis when the container ``CollectionNode/isInverted``.
    public let frame: CGRect

    /// The item's (or the header's or footer's) index path in the view's index
    /// space, the committed one.
    public let indexPath: IndexPath

    /// The kind of a header's or footer's element; `nil` for an item.
    public let supplementaryKind: String?

    /// The cell's node, once made.
    public var node: CellNode? { element?.nodeIfAllocated }

    /// Whether the screen shows the cell blank or in part: it has no node yet,
    /// or a node of its subtree lacks its latest drawing
    /// (`DisplayNode.isDisplayComplete`).
    public var isBlank: Bool { !(node?.isDisplayComplete ?? false) }

    /// Appends the cell's layers, at its frame less `contentOffset`: its node's
    /// contents, then each subnode's at its frame in the node's calculated
    /// layout, back to front. A node without contents adds no layer.
    ///
    /// - Complexity: O(*s*) for *s* nodes in the cell's layout.
    package func appendLayers(at contentOffset: CGPoint, to layers: inout [Bitmap.Layer]) {
        guard let node else { return }
        Self.appendLayers(
            of: node, at: CGPoint(x: frame.minX - contentOffset.x, y: frame.minY - contentOffset.y), to: &layers)
    }

    private static func appendLayers(of node: DisplayNode, at origin: CGPoint, to layers: inout [Bitmap.Layer]) {
        if let contents = node.contents { layers.append(Bitmap.Layer(contents, at: origin)) }
        for child in node.calculatedLayout?.children ?? [] {
            appendLayers(of: child.node, at: CGPoint(x: origin.x + child.frame.minX, y: origin.y + child.frame.minY),
                         to: &layers)
        }
    }
}
