/// The type-erased part of a listen edge: the link from a node to a handler, on
/// behalf of an owner object.
///
/// A listen edge holds its node strongly. It is held strongly by its owner's
/// ``ListenerBag`` and not at all by its node, whose `listeners` entry is cleared
/// before the bag lets the edge go.
// @unchecked Sendable: `node` and `ownerTypeName` never change; `bag` is a weak
// reference; `bagSlot` is read and written under the bag's lock; every other `var`
// is read and written only by the thread that holds the lock of `node`'s graph.
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
    /// The edge has values waiting and one thread's ``WaveThread`` lists it: only
    /// that thread delivers them, so the handler never runs concurrently with
    /// itself and sees values in order.
    var isQueued = false

    init(node: AnyValueNode, ownerTypeName: String) {
        self.node = node
        self.ownerTypeName = ownerTypeName
    }

    /// Calls the handler with the oldest waiting value, outside every lock; call
    /// with no graph lock held. Overridden by ``ListenEdge``, the only subclass.
    ///
    /// - Returns: Whether more values wait; if not, the edge is no longer queued.
    func deliverNext() -> Bool {
        preconditionFailure("\(type(of: self)) does not override deliverNext()")
    }

    func detach() {
        PropagationEngine.withGraph(of: node) { $0.detach(self) }
    }
}
