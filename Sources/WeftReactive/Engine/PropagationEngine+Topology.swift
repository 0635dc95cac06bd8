/// Attaching and detaching transform edges, and keeping ranks in topological order.
///
/// Ranks only grow. Attaching an edge from a node of rank *r* raises its target to at
/// least *r* + 1 and, from there, every node downstream that must follow it; the walk
/// stops where ranks are already in order, so it costs only the nodes whose rank
/// changes. If the target already reaches the source, the new edge closes a ring:
/// it is marked as a back edge and changes no rank.
extension PropagationEngine {
    /// Creates a node fed by the edges `makeEdges` returns (in that order), primed
    /// with their sources' current values: an operator's result.
    ///
    /// The node is born in `source`'s graph, or in a graph of its own without one;
    /// the graphs of all the edges' sources merge into one.
    @usableFromInline
    static func makeNode<Output>(
        near source: AnyValueNode?, _ makeEdges: (ValueNode<Output>) -> [AnyEdge]
    ) -> ValueNode<Output> {
        let node = ValueNode<Output>(home: source?.home ?? PropagationEngine())
        let edges = makeEdges(node)
        var members: [AnyValueNode] = edges.map(\.from)
        members.append(node)
        withGraph(joining: members) { engine in
            engine.nodeCount += 1
            for edge in edges {
                engine.attach(edge)
            }
            engine.prime(node)
        }
        node._checkInvariants()
        return node
    }

    /// Attaches `edge` to its target and its source.
    ///
    /// - Complexity: O(1) amortized when the target already ranks above the source;
    ///   otherwise O(*m*) for the *m* edges among nodes downstream of the target whose
    ///   rank is below the source's.
    func attach(_ edge: AnyEdge) {
        let source = edge.from
        let target = edge.to
        edge.isAttached = true
        if source.downstreamTombstones * 2 > source.downstream.count {
            compactDownstream(of: source)
        }
        edge.downstreamSlot = source.downstream.count
        source.downstream.append(.passUnretained(edge))
        target.upstream.append(edge)
        guard target.rank <= source.rank else { return }
        if reaches(from: target, to: source) {
            edge.isBackEdge = true
        } else {
            raiseRanks(from: target, above: source.rank)
        }
    }

    /// Detaches a transform edge: its source forgets it at once, and its target
    /// drops it now or, if it is being evaluated, right after. The edge itself goes to
    /// the thread's graveyard.
    func detach(_ edge: AnyEdge) {
        guard !edge.isDetached else { return }
        edge.isDetached = true
        guard edge.isAttached else { return }
        edge.isFired = false
        clearEntry(of: edge)
        let target = edge.to
        if evaluation(of: target) != nil {
            target.upstreamNeedsCompaction = true
        } else {
            compactUpstream(of: target)
        }
    }

    /// Takes a dying node out of the graph: its upstream edges leave their sources'
    /// lists and go to the thread's graveyard. Nothing else refers to the node: its
    /// consumers and listeners, which would keep it alive, are gone.
    ///
    /// A node that dies in a wave on the wave's own thread cancels its frontier
    /// entry (see `finishWave`), or, if it is being evaluated, tells its
    /// evaluation (see `evaluate`).
    func retire(_ node: AnyValueNode) {
        if let evaluation = evaluation(of: node) {
            evaluation.pointee.isTargetGone.pointee = true
        } else if isPropagating, node.scheduledWave == wave, node.visitedWave != wave {
            cancelEntry(of: node)
        }
        for edge in node.upstream where !edge.isDetached {
            edge.isDetached = true
            clearEntry(of: edge)
        }
        let thread = WaveThread.current
        while let edge = node.upstream.popLast() {
            thread.graveyard.append(edge)
        }
    }

    /// The running evaluation of `node`, if it is being evaluated: the innermost
    /// frame for its address whose node is still alive (a node born at a dead
    /// one's address may be evaluated inside that one's evaluation).
    func evaluation(of node: AnyValueNode) -> UnsafeMutablePointer<EvaluationFrame>? {
        let address = Unmanaged.passUnretained(node).toOpaque()
        var frame = runningEvaluation
        while let current = frame {
            if current.pointee.node == address, !current.pointee.isTargetGone.pointee {
                return current
            }
            frame = current.pointee.outer
        }
        return nil
    }

    /// Cancels the frontier entry of `node`, which dies while scheduled: the entry
    /// for its address not cancelled yet (a dead node's entry may share it).
    private func cancelEntry(of node: AnyValueNode) {
        let address = Unmanaged.passUnretained(node).toOpaque()
        func isLive(_ entry: FrontierEntry) -> Bool {
            entry.node.toOpaque() == address && !cancelledEntries.contains(entry.order)
        }
        if let front = frontierFront, isLive(front) {
            cancelledEntries.append(front.order)
        } else if let entry = frontier.unordered.first(where: isLive) {
            cancelledEntries.append(entry.order)
        }
    }

    /// Clears the entry of `edge` in its source's downstream list.
    private func clearEntry(of edge: AnyEdge) {
        let source = edge.from
        let slot = edge.downstreamSlot
        assert(source.downstream[slot]?.toOpaque() == Unmanaged.passUnretained(edge).toOpaque())
        source.downstream[slot] = nil
        source.downstreamTombstones += 1
    }

    /// Removes tombstones from `node.downstream`, keeping order, and renumbers the
    /// survivors' slots.
    func compactDownstream(of node: AnyValueNode) {
        var kept = 0
        for index in node.downstream.indices {
            guard let entry = node.downstream[index] else { continue }
            node.downstream[kept] = entry
            entry._withUnsafeGuaranteedRef { $0.downstreamSlot = kept }
            kept += 1
        }
        node.downstream.removeLast(node.downstream.count - kept)
        node.downstreamTombstones = 0
    }

    /// Removes detached edges from `node.upstream`, keeping order; they go to the
    /// thread's graveyard.
    func compactUpstream(of node: AnyValueNode) {
        var kept = 0
        for index in node.upstream.indices where !node.upstream[index].isDetached {
            node.upstream.swapAt(kept, index)
            kept += 1
        }
        while node.upstream.count > kept {
            WaveThread.current.graveyard.append(node.upstream.removeLast())
        }
        node.upstreamNeedsCompaction = false
    }

    /// Whether `goal` can be reached from `start` through forward edges.
    ///
    /// Forward edges raise the rank, so nodes that do not rank below `goal` are not
    /// searched.
    private func reaches(from start: AnyValueNode, to goal: AnyValueNode) -> Bool {
        if start === goal { return true }
        searchMark = nextSearch()
        start.searchMark = searchMark
        searchStack.append(start)
        defer { searchStack.removeAll(keepingCapacity: true) }
        while let node = searchStack.popLast() {
            for index in node.downstream.indices {
                guard let edge = node.downstream[index]?.takeUnretainedValue(), !edge.isBackEdge else { continue }
                let next = edge.to
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
            for index in node.downstream.indices {
                guard let edge = node.downstream[index]?.takeUnretainedValue(), !edge.isBackEdge,
                      edge.to.rank <= node.rank
                else { continue }
                edge.to.rank = node.rank + 1
                searchStack.append(edge.to)
            }
        }
    }
}
