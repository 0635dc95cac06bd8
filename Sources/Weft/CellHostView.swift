public import WeftNode
public import WeftReusePool

/// The backing view of a visible cell: the container's subview where the cell
/// node's content is shown. Cells scrolling out free their host views for
/// cells scrolling in, through the collection's reuse pool.
public final class CellHostView: HeadlessView {
    /// The node shown; `nil` while pooled.
    public internal(set) weak var hostedNode: CellNode?

    public required init() {}
}

/// A cell node as an attribute value: equal when it is the same node.
struct HostedNode: Equatable, Sendable {
    let node: CellNode

    static func == (lhs: HostedNode, rhs: HostedNode) -> Bool { lhs.node === rhs.node }
}
