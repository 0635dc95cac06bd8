import WeftCore

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
/// Each updated node's new value is queued for its listeners as the node is
/// updated, in update order; handlers run after the wave, once the thread holds no
/// graph lock (see ``WaveThread``), so a handler that reads other nodes sees the
/// whole wave, or a later one.
///
/// Nothing here allocates once the frontier and the listeners' queues have grown
/// to the graph's widest wave: their storage is kept between waves.
extension PropagationEngine {
    /// Sets `node` and carries the change downstream, then delivers it to listeners
    /// once this thread holds no graph lock.
    ///
    /// From a transform, or from any code that holds another graph's lock, the set
    /// waits in the thread's ``WaveThread/pending`` until the locks are let go, so
    /// that no wave nests in another and no lock is awaited while one is held.
    static func set<Value>(_ node: ValueNode<Value>, to value: Value) {
        let thread = ThreadIdentity.current.rawValue
        let engine = node.home.root
        if engine.holder.load(ordering: .relaxed) == thread {
            if engine.isPropagating {
                WaveThread.current.pending.append { set(node, to: value) }
            } else {
                engine.applySet(node, to: value)
            }
        } else if WaveThread.current.depth > 0 {
            WaveThread.current.pending.append { set(node, to: value) }
        } else {
            withGraph(of: node) { $0.applySet(node, to: value) }
        }
    }

    /// Empties `node` without telling anyone: an empty value reaches neither
    /// listeners nor downstream nodes. Waits like a set when called under a lock.
    static func clear<Value>(_ node: ValueNode<Value>) {
        let thread = ThreadIdentity.current.rawValue
        let engine = node.home.root
        if engine.holder.load(ordering: .relaxed) == thread {
            if engine.isPropagating {
                WaveThread.current.pending.append { clear(node) }
            } else {
                engine.applyClear(node)
            }
        } else if WaveThread.current.depth > 0 {
            WaveThread.current.pending.append { clear(node) }
        } else {
            withGraph(of: node) { $0.applyClear(node) }
        }
    }

    /// Carries the current value of `edge`'s source through `edge` alone, as a newly
    /// attached edge does; call under the lock. Waits for the lock to be let go when
    /// a wave is running.
    ///
    /// A push that waited is one generation deeper than the one that made its edge
    /// (see ``WaveThread/linkGeneration``); past the deepest, the edge carries its
    /// source's next value instead.
    func push(through edge: AnyEdge) {
        guard isPropagating else {
            applyPush(through: edge)
            return
        }
        let thread = WaveThread.current
        let generation = thread.linkGeneration + 1
        thread.pending.append {
            guard thread.admitsPush(ofGeneration: generation) else { return }
            thread.withLinkGeneration(generation) {
                PropagationEngine.withGraph(of: edge.from) { $0.applyPush(through: edge) }
            }
        }
    }

    private func applySet<Value>(_ node: ValueNode<Value>, to value: Value) {
        node.store(value)
        beginWave()
        node.visitedWave = wave
        finishWave(startingAt: notify(node))
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
        finishWave(startingAt: nil)
    }

    /// Evaluates a node that nothing consumes yet (a new operator's node) from the
    /// current values of all its upstream edges. Sets its transforms ask for wait,
    /// as they do in a wave.
    func prime(_ node: AnyValueNode) {
        for edge in node.upstream {
            edge.isFired = true
        }
        let wasPropagating = isPropagating
        isPropagating = true
        _ = withEvaluation(of: node) { evaluate(node, $0) }
        isPropagating = wasPropagating
    }

    private func beginWave() {
        isPropagating = true
        wave = nextWave()
    }

    /// Evaluates the frontier in rank order. Entries do not retain their nodes: a
    /// node that dies while scheduled, its last reference dropped by a transform on
    /// this thread, cancels its entry from its `deinit` (``cancelledEntries``).
    /// Other threads cannot free it, as its `deinit` waits for the lock. A node
    /// whose own transform drops its last reference (a "take until" that lets go
    /// of itself) ends its evaluation; see `evaluate`. Retaining each node instead
    /// cost a third of a chain's time: the atomic stalls the hop's loads.
    ///
    /// `next` is a node to evaluate before the frontier: the successor `notify`
    /// hands over along a chain.
    private func finishWave(startingAt next: Unmanaged<AnyValueNode>?) {
        var next = next
        while true {
            if next == nil {
                guard let entry = popFrontier() else { break }
                if !cancelledEntries.isEmpty, let cancelled = cancelledEntries.firstIndex(of: entry.order) {
                    cancelledEntries.remove(at: cancelled)
                    continue
                }
                next = entry.node
            }
            let current = next.unsafelyUnwrapped
            next = nil
            current._withUnsafeGuaranteedRef { node in
                node.visitedWave = wave
                withEvaluation(of: node) { isTargetGone in
                    if evaluate(node, isTargetGone), !isTargetGone.pointee {
                        next = notify(node)
                    }
                }
            }
        }
        isPropagating = false
    }

    /// Queues the node's new value for its listeners and fires its downstream edges.
    ///
    /// - Returns: The node to evaluate next, bypassing the frontier: when this node
    ///   feeds one node and nothing else is scheduled, that node is necessarily the
    ///   lowest in rank, and no other edge into it can fire later in the wave.
    private func notify(_ node: AnyValueNode) -> Unmanaged<AnyValueNode>? {
        if node.listeners.count > node.listenerTombstones {
            node.queueForListeners(on: WaveThread.current)
        }
        if node.downstream.count == 1, frontierFront == nil, frontier.isEmpty, let only = node.downstream[0] {
            return only._withUnsafeGuaranteedRef { edge in
                let isWaiting = edge.target._withUnsafeGuaranteedRef { target in
                    guard target.visitedWave != wave, target.scheduledWave != wave else { return false }
                    target.scheduledWave = wave
                    return true
                }
                guard isWaiting else { return nil }
                edge.isFired = true
                return edge.target
            }
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
        return nil
    }

    /// Puts `node` in the frontier, unless it is there already.
    private func schedule(_ node: Unmanaged<AnyValueNode>) {
        let rank: Int? = node._withUnsafeGuaranteedRef { node in
            guard node.scheduledWave != wave else { return nil }
            node.scheduledWave = wave
            return node.rank
        }
        guard let rank else { return }
        schedulingOrder &+= 1
        let entry = FrontierEntry(rank: rank, order: schedulingOrder, node: node)
        if frontier.isEmpty, frontierFront == nil {
            frontierFront = entry
            return
        }
        if let front = frontierFront {
            frontier.insert(front)
            frontierFront = nil
        }
        frontier.insert(entry)
    }

    /// The lowest entry of the frontier, taken out of it.
    @inline(__always)
    private func popFrontier() -> FrontierEntry? {
        if let front = frontierFront {
            frontierFront = nil
            return front
        }
        return frontier.popMin()
    }

    /// Applies the node's fired upstream edges in the order they were attached; the
    /// last one that emits gives the node its value for this wave. A node whose
    /// `deinit` is waiting for the lock may be evaluated too: its memory is valid and
    /// nothing consumes it any more, so the work is wasted but harmless.
    ///
    /// The node is not retained. If a transform drops its last reference, the
    /// node's `deinit` sets `isTargetGone` (see `retire`), and the edge that ran the
    /// transform and this loop touch nothing of the node from then on.
    ///
    /// - Returns: Whether the node's value was written.
    func evaluate(_ node: AnyValueNode, _ isTargetGone: UnsafeMutablePointer<Bool>) -> Bool {
        var changed = false
        var index = 0
        // `count` is read each time: a flatMap edge may attach an edge to this node.
        while index < node.upstream.count {
            // Borrowed, not retained: a detach during `apply` only marks the edge, and
            // the node keeps it until the compaction below; a node that dies hands
            // its edges to the graveyard, which keeps them.
            let emitted = Unmanaged.passUnretained(node.upstream[index])._withUnsafeGuaranteedRef { edge in
                guard edge.isFired else { return false }
                edge.isFired = false
                return !edge.isDetached && edge.apply(isTargetGone)
            }
            if isTargetGone.pointee { return false }
            changed = changed || emitted
            index += 1
        }
        if node.upstreamNeedsCompaction {
            compactUpstream(of: node)
        }
        return changed
    }

    /// Runs `body` as the evaluation of `node`: a frame on this thread's stack that
    /// `retire` finds if the node dies before `body` returns, setting the flag it
    /// passes. The frame outlives every release `body` makes, so a node that dies
    /// at any point of its evaluation is seen.
    func withEvaluation<Result>(
        of node: AnyValueNode, _ body: (UnsafeMutablePointer<Bool>) -> Result
    ) -> Result {
        var isTargetGone = false
        return withUnsafeMutablePointer(to: &isTargetGone) { isTargetGone in
            var frame = EvaluationFrame(
                node: Unmanaged.passUnretained(node).toOpaque(), isTargetGone: isTargetGone, outer: runningEvaluation)
            return withUnsafeMutablePointer(to: &frame) { frame in
                runningEvaluation = frame
                defer { runningEvaluation = frame.pointee.outer }
                return body(isTargetGone)
            }
        }
    }
}
