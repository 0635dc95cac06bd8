/// The type-erased part of a transform edge: the link from one upstream node into
/// one downstream node.
///
/// An edge holds its upstream node strongly and is held strongly by its downstream
/// node (in `upstream`); the upstream node knows it only through a weak
/// ``DownstreamLink``. So an edge lives exactly as long as its consumer, and keeps
/// its provider alive for that long.
///
/// Subclasses say what the edge does with a value in ``apply(into:)``.
// @unchecked Sendable: `from` and `kind` never change; every `var` is read and written
// only by the thread that holds PropagationEngine.shared's gate.
class AnyEdge: Detachable, @unchecked Sendable {
    /// The upstream node, held strongly: a consumer keeps its provider alive.
    let from: AnyValueNode
    /// What the edge does ("map", "filter", ...), for graph descriptions.
    let kind: StaticString
    /// Where this edge's entry sits in `from.downstream`.
    var downstreamSlot = 0
    /// `from` changed in the current wave and ``apply(into:)`` has not run yet.
    var isFired = false
    var isDetached = false
    /// The edge closed a ring when it was attached, so it does not order its target
    /// after its source; a wave never follows it into a node the wave already updated.
    var isBackEdge = false

    init(from: AnyValueNode, kind: StaticString) {
        self.from = from
        self.kind = kind
    }

    /// Reads the upstream value and, if the edge emits, writes the downstream value.
    ///
    /// Subclasses override this; the base class is never instantiated.
    ///
    /// - Parameter target: The downstream node, which owns this edge.
    /// - Returns: Whether `target`'s value was written.
    func apply(into target: AnyValueNode) -> Bool {
        preconditionFailure("\(type(of: self)) does not override apply(into:)")
    }

    func detach() {
        PropagationEngine.shared.detach(self)
    }
}
