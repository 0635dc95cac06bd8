/// Waves: one set, or one link's first push, carried to every node it changes, in
/// rank order, then to every listener.
///
/// A node's rank is above the rank of every node that feeds it through a forward
/// edge. The frontier is a priority queue on rank, so a node is evaluated only after
/// every provider this wave changes has been evaluated: in a diamond A->B->D, A->C->D,
/// D runs once, seeing B and C already updated. A node is evaluated at most once per
/// wave; an edge into a node this wave already updated (only a ring's back edge can
/// do that) is not followed, which is what stops a ring after one lap.
///
/// Listeners run after every value of the wave is in place (the second phase), in
/// the order their nodes were updated, so a handler that reads other nodes sees the
/// whole wave.
///
/// Nothing here allocates once the frontier and `updated` have grown to the graph's
/// widest wave: their storage is kept between waves.
extension PropagationEngine {
    /// Sets `node` and carries the change downstream, or queues that behind the
    /// running wave when called from inside one.
    func set<Value>(_ node: ValueNode<Value>, to value: Value) {
        withGraph {
            guard !isPropagating else {
                pending.append { [self] in set(node, to: value) }
                return
            }
            node.storage = value
            beginWave()
            node.visitedWave = wave
            notify(node)
            finishWave()
            runPending()
        }
    }

    /// Empties `node` without telling anyone: an empty value reaches neither
    /// listeners nor downstream nodes. Queued behind the running wave like a set.
    func clear<Value>(_ node: ValueNode<Value>) {
        withGraph {
            guard !isPropagating else {
                pending.append { [self] in clear(node) }
                return
            }
            node.storage = nil
        }
    }

    /// Carries the current value of `edge`'s source through `edge` alone, as a newly
    /// attached edge does; queued behind the running wave when called from inside one.
    func push(through edge: AnyEdge) {
        guard !isPropagating else {
            pending.append { [self] in push(through: edge) }
            return
        }
        guard !edge.isDetached, let target = edge.from.downstream[edge.downstreamSlot].node else { return }
        beginWave()
        edge.from.visitedWave = wave
        edge.isFired = true
        schedule(target)
        finishWave()
        runPending()
    }

    /// Evaluates a node that nothing consumes yet (a new operator's node) from the
    /// current values of all its upstream edges.
    func prime(_ node: AnyValueNode) {
        for edge in node.upstream {
            edge.isFired = true
        }
        _ = evaluate(node)
    }

    private func beginWave() {
        isPropagating = true
        wave &+= 1
    }

    private func finishWave() {
        while let entry = frontier.popMin() {
            let node = entry.node
            node.visitedWave = wave
            if evaluate(node) {
                notify(node)
            }
        }
        var index = 0
        while index < updated.count {
            updated[index].deliverToListeners()
            index += 1
        }
        // One at a time, so that a node whose last reference this drops dies outside
        // any access to `updated`.
        while updated.popLast() != nil {}
        isPropagating = false
    }

    private func runPending() {
        while let next = pending.popFirst() {
            next()
        }
    }

    /// Marks the node's listeners for the second phase and fires its downstream edges.
    private func notify(_ node: AnyValueNode) {
        if node.listeners.count > node.listenerTombstones {
            updated.append(node)
        }
        var sawTombstone = false
        for index in node.downstream.indices {
            guard let target = node.downstream[index].node else {
                sawTombstone = true
                continue
            }
            guard target.visitedWave != wave else { continue }
            // The consumer owns the edge: holding it keeps the edge alive.
            withExtendedLifetime(target) {
                node.downstream[index].edge._withUnsafeGuaranteedRef { $0.isFired = true }
            }
            schedule(target)
        }
        if sawTombstone {
            compactDownstream(of: node)
        }
    }

    private func schedule(_ node: AnyValueNode) {
        guard node.scheduledWave != wave else { return }
        node.scheduledWave = wave
        schedulingOrder &+= 1
        frontier.insert(FrontierEntry(rank: node.rank, order: schedulingOrder, node: node))
    }

    /// Applies the node's fired upstream edges in the order they were attached; the
    /// last one that emits gives the node its value for this wave.
    ///
    /// - Returns: Whether the node's value was written.
    func evaluate(_ node: AnyValueNode) -> Bool {
        node.isEvaluating = true
        var changed = false
        var index = 0
        // `count` is read each time: a flatMap edge may attach an edge to this node.
        while index < node.upstream.count {
            let edge = node.upstream[index]
            if edge.isFired {
                edge.isFired = false
                if !edge.isDetached, edge.apply(into: node) {
                    changed = true
                }
            }
            index += 1
        }
        node.isEvaluating = false
        if node.upstreamNeedsCompaction {
            compactUpstream(of: node)
        }
        return changed
    }
}
