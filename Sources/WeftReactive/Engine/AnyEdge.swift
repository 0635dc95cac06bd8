/// The type-erased part of a transform edge: the link from one upstream node into
/// one downstream node.
///
/// An edge holds its upstream node strongly and is held strongly by its downstream
/// node (in `upstream`); the upstream node's `downstream` list refers to it without
/// retaining it. So an edge lives exactly as long as its consumer, and keeps its
/// provider alive for that long. The consumer's `deinit` clears that entry, under
/// the graph's lock, before the edge can be released.
///
/// Subclasses say what the edge does with a value in ``apply(_:)``.
// @usableFromInline: `map`, inlined into its caller, builds a `MapEdge` there.
// @unchecked Sendable: `from`, `to` and `kind` never change; every `var` is read and
// written only by the thread that holds the lock of the edge's graph.
@usableFromInline class AnyEdge: Detachable, @unchecked Sendable {
    /// The upstream node, held strongly: a consumer keeps its provider alive.
    let from: AnyValueNode
    /// The downstream node, not retained: it owns this edge, and no wave reaches an
    /// edge after the `deinit` of its node has cleared it. Hot paths borrow it with
    /// `_withUnsafeGuaranteedRef`, which costs no retain.
    let target: Unmanaged<AnyValueNode>
    /// What the edge does ("map", "filter", ...), for graph descriptions.
    let kind: StaticString
    /// Where this edge's entry sits in `from.downstream`.
    var downstreamSlot = 0
    /// `from` changed in the current wave and ``apply(_:)`` has not run yet.
    var isFired = false
    var isDetached = false
    /// The edge is in its source's and its target's lists: set by `attach`, once.
    /// A link made in a transform may be cancelled before it is attached.
    var isAttached = false
    /// The edge closed a ring when it was attached, so it does not order its target
    /// after its source; a wave never follows it into a node the wave already updated.
    var isBackEdge = false

    @usableFromInline
    init(from: AnyValueNode, to: AnyValueNode, kind: StaticString) {
        self.from = from
        target = .passUnretained(to)
        self.kind = kind
    }

    /// The downstream node, retained for the caller; for paths that are not hot.
    var to: AnyValueNode {
        target.takeUnretainedValue()
    }

    /// Reads the upstream value and, if the edge emits, writes the downstream value.
    ///
    /// Subclasses override this; the base class is never instantiated. After
    /// running code of the user's (a transform, a comparison, a scheduler), an
    /// edge reads `isTargetGone` and, if it is set, touches nothing of the target:
    /// that code dropped the target's last reference.
    ///
    /// - Returns: Whether the downstream value was written.
    func apply(_ isTargetGone: UnsafePointer<Bool>) -> Bool {
        preconditionFailure("\(type(of: self)) does not override apply(_:)")
    }

    func detach() {
        PropagationEngine.withGraph(of: from) { $0.detach(self) }
    }
}
