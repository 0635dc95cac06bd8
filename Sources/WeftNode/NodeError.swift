/// Why a node refused an operation. Nothing was changed.
///
/// Nodes are named by ``DisplayNode/description``: their type, and their
/// ``DisplayNode/debugName`` when one is set.
public enum NodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A node was asked to become its own subnode.
    case subnodeIsSelf(node: String)
    /// `subnode` is an ancestor of `supernode`: adding it would make a cycle.
    case subnodeIsAncestor(subnode: String, supernode: String)
    /// An insertion index outside `0 ... subnodeCount`.
    case indexOutOfBounds(index: Int, subnodeCount: Int, supernode: String)
    /// The requested interface state has ``InterfaceState/visible`` without
    /// ``InterfaceState/display`` (or bits that name no state).
    case visibleWithoutDisplay(requested: InterfaceState, node: String)
    /// The operation would change interface states, which change only on the
    /// main actor, and its caller was not isolated to the main actor.
    case requiresMainActor(operation: String, node: String, from: InterfaceState, to: InterfaceState)
    /// A layout names the same child twice.
    case duplicateLayoutChild(child: String, supernode: String)
    /// A layout names a child that belongs to another node.
    case layoutChildHasAnotherSupernode(child: String, supernode: String, otherSupernode: String)

    public var description: String {
        switch self {
        case .subnodeIsSelf(let node):
            "cannot add \(node) as a subnode of itself"
        case .subnodeIsAncestor(let subnode, let supernode):
            "cannot add \(subnode) as a subnode of \(supernode): it is an ancestor of \(supernode), so the hierarchy would become a cycle"
        case .indexOutOfBounds(let index, let subnodeCount, let supernode):
            "cannot insert at index \(index) of \(supernode): it has \(subnodeCount) subnodes, so the index must be in 0...\(subnodeCount)"
        case .visibleWithoutDisplay(let requested, let node):
            "interface state \(requested) for \(node) is not valid: visible requires display"
        case .requiresMainActor(let operation, let node, let from, let to):
            "\(operation) would change the interface state of \(node) from \(from) to \(to); interface states change only on the main actor, so call it from code isolated to the main actor"
        case .duplicateLayoutChild(let child, let supernode):
            "the layout of \(supernode) names \(child) more than once"
        case .layoutChildHasAnotherSupernode(let child, let supernode, let otherSupernode):
            "the layout of \(supernode) names \(child), which is a subnode of \(otherSupernode); remove it there first"
        }
    }
}
