/// The type-erased part of a listen edge: the link from a node to a handler, on
/// behalf of an owner object.
///
/// A listen edge holds its node strongly and its owner weakly. It is held strongly by
/// the engine's registry, which stands in for the owner (Swift on Linux has no
/// associated objects), and not at all by its node: the node's `listeners` entry is
/// cleared before the registry lets the edge go.
// @unchecked Sendable: `node` never changes; every `var` is read and written only by the
// thread that holds PropagationEngine.shared's gate (`owner` is a weak reference, which
// is safe to load from any thread).
class AnyListenEdge: Detachable, @unchecked Sendable {
    /// The node listened to, held strongly: a listener keeps its provider alive.
    let node: AnyValueNode
    /// Whose death ends the listening.
    weak var owner: AnyObject?
    /// The owner's type, for graph descriptions.
    let ownerTypeName: String
    /// Where this edge's entry sits in `node.listeners`.
    var nodeSlot = 0
    /// Where this edge sits in the engine's registry.
    var registrySlot = 0
    var isDetached = false

    init(node: AnyValueNode, owner: AnyObject) {
        self.node = node
        self.owner = owner
        ownerTypeName = String(describing: type(of: owner))
    }

    func detach() {
        PropagationEngine.shared.detach(self)
    }
}
