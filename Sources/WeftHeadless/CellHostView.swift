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
///
/// Weak, because the reuse pool keeps the last value applied to each view: a
/// strong one would make the pool, which dies on main, an owner of cell nodes,
/// which the data controller alone owns and releases off main.
struct HostedNode: Equatable, Sendable {
    weak var node: CellNode?
    let identity: ObjectIdentifier

    init(node: CellNode) {
        self.node = node
        identity = ObjectIdentifier(node)
    }

    /// Equal only while the node lives: a new node at a dead one's address differs.
    static func == (lhs: HostedNode, rhs: HostedNode) -> Bool {
        lhs.identity == rhs.identity && lhs.node != nil && lhs.node === rhs.node
    }
}
