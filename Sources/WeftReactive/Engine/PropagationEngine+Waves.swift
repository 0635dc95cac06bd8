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
    /// running wave when called from inside one (a transform or handler).
    func set<Value>(_ node: ValueNode<Value>, to value: Value) {
        withGraph {
            guard !isBusy else {
                pending.append { [self] in applySet(node, to: value) }
                return
            }
            run { applySet(node, to: value) }
        }
    }

    /// Empties `node` without telling anyone: an empty value reaches neither
    /// listeners nor downstream nodes. Queued behind the running wave like a set.
    func clear<Value>(_ node: ValueNode<Value>) {
        withGraph {
            guard !isBusy else {
                pending.append { [self] in applyClear(node) }
                return
            }
            applyClear(node)
        }
    }

    /// Carries the current value of `edge`'s source through `edge` alone, as a newly
    /// attached edge does; queued behind the running wave when called from inside one.
    func push(through edge: AnyEdge) {
        guard !isBusy else {
            pending.append { [self] in applyPush(through: edge) }
            return
        }
        run { applyPush(through: edge) }
    }

    /// Whether a wave, or the queue of waves asked for during one, is running on
    /// the thread that holds the gate: then a new wave waits its turn in `pending`.
    private var isBusy: Bool { isPropagating || isDrainingPending }

    /// Runs `wave`, then every wave it asked for, in order, each to its end: a loop
    /// rather than nested calls, so a handler that sets its own node a million times
    /// over uses no more stack than one that sets it once.
    private func run(_ wave: () -> Void) {
        isDrainingPending = true
        wave()
        while let next = pending.popFirst() {
            next()
        }
        isDrainingPending = false
    }

    private func applySet<Value>(_ node: ValueNode<Value>, to value: Value) {
        node.store(value)
        beginWave()
        node.visitedWave = wave
        notify(node)
        finishWave()
    }

    private func applyClear<Value>(_ node: ValueNode<Value>) {
        if node.hasValue {
            node.valueSlot.assumingMemoryBound(to: Value.self).deinitialize(count: 1)
            node.hasValue = false
        }
    }

    private func applyPush(through edge: AnyEdge) {
        guard !edge.isDetached else { return }
        beginWave()
        edge.from.visitedWave = wave
        edge.isFired = true
        schedule(edge.target)
        finishWave()
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
            entry.node._withUnsafeGuaranteedRef { node in
                node.visitedWave = wave
                if evaluate(node) {
                    notify(node)
                }
            }
            entry.node.release()
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

    /// Marks the node's listeners for the second phase and fires its downstream edges.
    private func notify(_ node: AnyValueNode) {
        if node.listeners.count > node.listenerTombstones {
            updated.append(node)
        }
        for index in node.downstream.indices {
            guard let entry = node.downstream[index] else { continue }
            entry._withUnsafeGuaranteedRef { edge in
                let isVisited = edge.target._withUnsafeGuaranteedRef { $0.visitedWave == wave }
                guard !isVisited else { return }
                edge.isFired = true
                schedule(edge.target)
            }
        }
        if node.downstreamTombstones > 0 {
            compactDownstream(of: node)
        }
    }

    /// Puts `node` in the frontier, retained, unless it is there already.
    private func schedule(_ node: Unmanaged<AnyValueNode>) {
        let rank: Int? = node._withUnsafeGuaranteedRef { node in
            guard node.scheduledWave != wave else { return nil }
            node.scheduledWave = wave
            return node.rank
        }
        guard let rank else { return }
        schedulingOrder &+= 1
        frontier.insert(FrontierEntry(rank: rank, order: schedulingOrder, node: node.retain()))
    }

    /// Applies the node's fired upstream edges in the order they were attached; the
    /// last one that emits gives the node its value for this wave. A node whose
    /// `deinit` is waiting for the gate may be evaluated too: its memory is valid and
    /// nothing consumes it any more, so the work is wasted but harmless.
    ///
    /// - Returns: Whether the node's value was written.
    func evaluate(_ node: AnyValueNode) -> Bool {
        node.isEvaluating = true
        var changed = false
        var index = 0
        // `count` is read each time: a flatMap edge may attach an edge to this node.
        while index < node.upstream.count {
            // Borrowed, not retained: a detach during `apply` only marks the edge, and
            // the node keeps it until the compaction below.
            let emitted = Unmanaged.passUnretained(node.upstream[index])._withUnsafeGuaranteedRef { edge in
                guard edge.isFired else { return false }
                edge.isFired = false
                return !edge.isDetached && edge.apply()
            }
            changed = changed || emitted
            index += 1
        }
        node.isEvaluating = false
        if node.upstreamNeedsCompaction {
            compactUpstream(of: node)
        }
        return changed
    }
}
