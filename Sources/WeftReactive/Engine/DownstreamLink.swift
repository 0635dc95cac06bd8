/// One entry of a node's downstream list: the consumer, held weakly, and the edge
/// that feeds it, not held at all.
///
/// The edge is owned by `node` (a node holds its upstream edges strongly), so while
/// the weak load of `node` succeeds, and the entry has not been cleared by a detach,
/// the edge is alive. An entry whose `node` reads `nil` is a tombstone: its consumer
/// died or its edge was detached, and the edge must not be touched.
struct DownstreamLink {
    weak var node: AnyValueNode?
    let edge: Unmanaged<AnyEdge>
}

extension DownstreamLink {
    /// The consumer, if it is alive and its edge is a forward edge (not a ring's back
    /// edge); topology walks follow only these.
    var forwardConsumer: AnyValueNode? {
        guard let node else { return nil }
        let isBackEdge = withExtendedLifetime(node) {
            edge._withUnsafeGuaranteedRef(\.isBackEdge)
        }
        return isBackEdge ? nil : node
    }
}
