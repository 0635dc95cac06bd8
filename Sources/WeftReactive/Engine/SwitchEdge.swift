/// The edge of `flatMap`: each upstream value selects an inner node, and the
/// downstream node follows the latest inner node only.
///
/// Following means an identity edge from the inner node into the downstream node,
/// owned by the downstream node like any upstream edge. Selecting a different inner
/// node detaches the previous one's edge, which releases that node if nothing else
/// consumes it.
// @unchecked Sendable: `innerEdge` is read and written only by the thread that holds
// the lock of the edge's graph; `transform` never changes.
final class SwitchEdge<Input: Sendable, Output: Sendable>: AnyEdge, @unchecked Sendable {
    private let transform: (Input) -> ValueNode<Output>
    /// The edge from the current inner node; owned by the downstream node.
    private weak var innerEdge: AnyEdge?

    init(
        from source: ValueNode<Input>, to target: ValueNode<Output>,
        transform: @escaping (Input) -> ValueNode<Output>
    ) {
        self.transform = transform
        super.init(from: source, to: target, kind: "flatMap")
    }

    override func apply(_ isTargetGone: UnsafePointer<Bool>) -> Bool {
        guard from.hasValue else { return false }
        let inner = transform(from.value(as: Input.self))
        guard !isTargetGone.pointee else { return false }
        if let current = innerEdge, !current.isDetached, current.from === inner {
            // Still the same inner node: it already feeds the target.
        } else {
            if let previous = innerEdge {
                to.home.root.detach(previous)
            }
            let target = unsafeDowncast(to, to: ValueNode<Output>.self)
            let edge = MapEdge(from: inner, to: target, kind: "inner") { $0 }
            // An inner node of another graph brings its graph into this one, whose
            // wave goes on.
            PropagationEngine.withGraph(joining: [inner, target]) { $0.attach(edge) }
            innerEdge = edge
        }
        guard inner.hasValue else { return false }
        to.store(inner.value(as: Output.self))
        return true
    }
}
