/// Attaching and detaching transform edges, and keeping ranks in topological order.
///
/// Ranks only grow. Attaching an edge from a node of rank *r* raises its target to at
/// least *r* + 1 and, from there, every node downstream that must follow it; the walk
/// stops where ranks are already in order, so it costs only the nodes whose rank
/// changes. If the target already reaches the source, the new edge closes a ring:
/// it is marked as a back edge and changes no rank.
extension PropagationEngine {
    /// Attaches `edge` (whose source is already set) as an upstream edge of `target`.
    ///
    /// - Complexity: O(1) when `target` already ranks above the source; otherwise
    ///   O(*m*) for the *m* edges among nodes downstream of `target` whose rank is
    ///   below the source's.
    func attach(_ edge: AnyEdge, to target: AnyValueNode) {
        let source = edge.from
        edge.downstreamSlot = source.downstream.count
        source.downstream.append(DownstreamLink(node: target, edge: .passUnretained(edge)))
        target.upstream.append(edge)
        guard target.rank <= source.rank else { return }
        if reaches(from: target, to: source) {
            edge.isBackEdge = true
        } else {
            raiseRanks(from: target, above: source.rank)
        }
    }

    /// Detaches a transform edge: its source forgets it at once, and its target
    /// drops it now or, if it is being evaluated, right after. The edge itself is
    /// released after the gate is let go.
    func detach(_ edge: AnyEdge) {
        guard !edge.isDetached else { return }
        edge.isDetached = true
        edge.isFired = false
        let source = edge.from
        let slot = edge.downstreamSlot
        // The slot is stale only if the target died and a compaction removed the entry.
        guard slot < source.downstream.count,
              source.downstream[slot].edge.toOpaque() == Unmanaged.passUnretained(edge).toOpaque()
        else { return }
        let target = source.downstream[slot].node
        source.downstream[slot].node = nil
        source.downstreamTombstones += 1
        if source.downstreamTombstones * 2 > source.downstream.count {
            compactDownstream(of: source)
        }
        guard let target else { return }
        if target.isEvaluating {
            target.upstreamNeedsCompaction = true
        } else {
            compactUpstream(of: target)
        }
    }

    /// Removes tombstones from `node.downstream`, keeping order, and renumbers the
    /// survivors' slots.
    func compactDownstream(of node: AnyValueNode) {
        var kept = 0
        for index in node.downstream.indices {
            // Holding the consumer keeps the edge it owns alive while it is renumbered,
            // even if another thread drops the consumer meanwhile.
            guard let consumer = node.downstream[index].node else { continue }
            if kept != index {
                node.downstream[kept] = node.downstream[index]
            }
            withExtendedLifetime(consumer) {
                node.downstream[kept].edge._withUnsafeGuaranteedRef { $0.downstreamSlot = kept }
            }
            kept += 1
        }
        node.downstream.removeLast(node.downstream.count - kept)
        node.downstreamTombstones = 0
    }

    /// Removes detached edges from `node.upstream`, keeping order; they go to the
    /// graveyard, to be released after the gate is let go.
    func compactUpstream(of node: AnyValueNode) {
        var kept = 0
        for index in node.upstream.indices where !node.upstream[index].isDetached {
            node.upstream.swapAt(kept, index)
            kept += 1
        }
        while node.upstream.count > kept {
            graveyard.append(node.upstream.removeLast())
        }
        node.upstreamNeedsCompaction = false
    }

    /// Whether `goal` can be reached from `start` through forward edges.
    ///
    /// Forward edges raise the rank, so nodes that do not rank below `goal` are not
    /// searched.
    private func reaches(from start: AnyValueNode, to goal: AnyValueNode) -> Bool {
        if start === goal { return true }
        searchMark &+= 1
        start.searchMark = searchMark
        searchStack.append(start)
        defer { while searchStack.popLast() != nil {} }
        while let node = searchStack.popLast() {
            for link in node.downstream {
                guard let next = link.forwardConsumer else { continue }
                if next === goal { return true }
                guard next.searchMark != searchMark, next.rank < goal.rank else { continue }
                next.searchMark = searchMark
                searchStack.append(next)
            }
        }
        return false
    }

    /// Raises `start` above `floor` and every node downstream of it that must follow.
    private func raiseRanks(from start: AnyValueNode, above floor: Int) {
        start.rank = floor + 1
        searchStack.append(start)
        while let node = searchStack.popLast() {
            for link in node.downstream {
                guard let next = link.forwardConsumer, next.rank <= node.rank else { continue }
                next.rank = node.rank + 1
                searchStack.append(next)
            }
        }
    }
}

extension PropagationEngine {
    /// Creates a node fed by `edges` (in that order), primed with their sources'
    /// current values: an operator's result.
    func makeNode<Output>(fedBy edges: [AnyEdge]) -> ValueNode<Output> {
        let node = ValueNode<Output>()
        withGraph {
            for edge in edges {
                attach(edge, to: node)
            }
            prime(node)
        }
        node._checkInvariants()
        return node
    }
}
