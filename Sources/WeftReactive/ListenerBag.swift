import WeftCore

/// The listen edges of one ``ListenerOwner``, held strongly, and taken out of the
/// graph when the bag dies.
///
/// A node refers to its listen edges without retaining them, so the bag is what
/// keeps a listening, and the chain it listens to, alive. One bag may hold edges
/// on any number of graphs; its own lock guards the list.
public final class ListenerBag: Sendable {
    private let edges = PosixMutex(ContiguousArray<AnyListenEdge>())

    /// Creates an empty bag.
    ///
    /// - Complexity: O(1).
    public init() {}

    /// Detaches every edge in the bag, each under its graph's lock, waiting for a
    /// wave that is running there; the edges, and whatever only they kept alive, are
    /// released before `deinit` returns, or, if the bag dies inside a transform, once
    /// that wave ends.
    deinit {
        // No edge's weak `bag` loads any more, so nothing else changes the list.
        while let edge = edges.withLock({ $0.popLast() }) {
            PropagationEngine.withGraph(of: edge.node) { $0.detach(edge) }
        }
    }

    /// Adds `edge`.
    func add(_ edge: AnyListenEdge) {
        edges.withLock { edges in
            edge.bag = self
            edge.bagSlot = edges.count
            edges.append(edge)
        }
    }

    /// Removes `edge`, which is in this bag.
    ///
    /// - Complexity: O(1): the last edge takes its slot.
    func remove(_ edge: AnyListenEdge) {
        edges.withLock { edges in
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

    /// Whether `edge` is at its slot in the bag, for invariant checks.
    func holds(_ edge: AnyListenEdge) -> Bool {
        edges.withLock { edge.bagSlot < $0.count && $0[edge.bagSlot] === edge }
    }
}
