/// A node owning four leaves, as a cell node owns its subnodes: releasing one
/// frees six blocks (the node, its array of leaves, the leaves).
public final class TreeNode {
    public let leaves: [TreeLeaf]

    public init(_ index: Int) {
        leaves = (0 ..< 4).map { TreeLeaf(index &+ $0) }
    }

    /// `count` fresh nodes: a collection's worth to release.
    public static func makeCollection(_ count: Int) -> [TreeNode] {
        (0 ..< count).map(TreeNode.init)
    }
}
