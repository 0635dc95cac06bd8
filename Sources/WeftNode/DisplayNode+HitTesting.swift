public import Foundation

extension DisplayNode {
    /// The laid-out nodes under `point` (in this node's coordinates), from this
    /// node to the deepest, each with the point in its own coordinates:
    /// Texture's `hitTest:withEvent:` with the path kept. A later child is
    /// above an earlier one where they overlap. Empty when the point is outside
    /// the node's calculated size or the node has none.
    ///
    /// - Complexity: O(*d* × *c*) for depth *d* and *c* children per node.
    public func nodes(at point: CGPoint) -> [(node: DisplayNode, point: CGPoint)] {
        guard let size = calculatedLayout?.size, CGRect(origin: .zero, size: size).contains(point) else { return [] }
        var path = [(node: self as DisplayNode, point: point)]
        descent: while let (node, local) = path.last {
            for child in (node.calculatedLayout?.children ?? []).reversed() where child.frame.contains(local) {
                path.append((child.node, CGPoint(x: local.x - child.frame.minX, y: local.y - child.frame.minY)))
                continue descent
            }
            break
        }
        return path
    }
}
