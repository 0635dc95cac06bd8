/// The listen edges of one ``ListenerOwner``, held strongly, and taken out of the
/// graph when the bag dies.
///
/// A node refers to its listen edges without retaining them, so the bag is what
/// keeps a listening, and the chain it listens to, alive.
// @unchecked Sendable: `edges` and the edges' `bagSlot` are touched only under the
// engine's gate, or in `deinit`, when no other reference to the bag exists (an
// edge's weak reference no longer loads once `deinit` has begun).
public final class ListenerBag: @unchecked Sendable {
    var edges = ContiguousArray<AnyListenEdge>()

    /// Creates an empty bag.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// Detaches every edge in the bag, waiting for a wave that is running; the edges,
    /// and whatever only they kept alive, are released before `deinit` returns, or when
    /// the wave ends if the bag dies inside one.
    deinit {
        let engine = PropagationEngine.shared
        engine.withGraph {
            while let edge = edges.popLast() {
                edge.bag = nil
                engine.detach(edge)
            }
        }
    }

    /// Adds `edge`; call under the engine's gate.
    func add(_ edge: AnyListenEdge) {
        edge.bag = self
        edge.bagSlot = edges.count
        edges.append(edge)
    }

    /// Removes `edge`, which is in this bag; call under the engine's gate.
    ///
    /// - Complexity: O(1): the last edge takes its slot.
    func remove(_ edge: AnyListenEdge) {
        let slot = edge.bagSlot
        assert(edges[slot] === edge)
        let last = edges.count - 1
        if slot != last {
            edges.swapAt(slot, last)
            edges[slot].bagSlot = slot
        }
        edges.removeLast()
        edge.bag = nil
    }
}
