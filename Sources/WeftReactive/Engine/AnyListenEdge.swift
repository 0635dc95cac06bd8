/// The type-erased part of a listen edge: the link from a node to a handler, on
/// behalf of an owner object.
///
/// A listen edge holds its node strongly. It is held strongly by its owner's
/// ``ListenerBag`` and not at all by its node, whose `listeners` entry is cleared
/// before the bag lets the edge go.
// @unchecked Sendable: `node` and `ownerTypeName` never change; every `var` is read
// and written only by the thread that holds PropagationEngine.shared's gate.
class AnyListenEdge: Detachable, @unchecked Sendable {
    /// The node listened to, held strongly: a listener keeps its provider alive.
    let node: AnyValueNode
    /// The owner's type, for graph descriptions.
    let ownerTypeName: String
    /// The bag that holds this edge, until the edge is detached.
    weak var bag: ListenerBag?
    /// Where this edge sits in its bag.
    var bagSlot = 0
    /// Where this edge's entry sits in `node.listeners`.
    var nodeSlot = 0
    var isDetached = false

    init(node: AnyValueNode, ownerTypeName: String) {
        self.node = node
        self.ownerTypeName = ownerTypeName
    }

    func detach() {
        PropagationEngine.shared.detach(self)
    }
}
