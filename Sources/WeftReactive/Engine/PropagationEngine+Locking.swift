import WeftCore

/// Taking a graph's lock, and merging graphs when a link joins them.
extension PropagationEngine {
    /// Runs `body` holding the lock of `node`'s graph, with that graph's engine: at
    /// once if this thread already holds it (a call from a transform), otherwise
    /// after waiting for it. Letting go of the thread's last lock then does what the
    /// thread owes (see ``WaveThread/leftGraph()``).
    static func withGraph<Result>(of node: AnyValueNode, _ body: (PropagationEngine) -> Result) -> Result {
        let thread = ThreadIdentity.current.rawValue
        let engine = node.home.root
        if engine.holder.load(ordering: .relaxed) == thread {
            return body(engine)
        }
        guard WaveThread.current.depth > 0 else {
            return engine.lockRoot().run(body, on: thread)
        }
        // Holding another graph: the wait is recorded, so that a thread whose
        // wait would close a cycle with this one sees it (see GraphWaits).
        let recorded = GraphWaits.beginWait(of: thread, for: engine)
        let locked = engine.lockRoot()
        if recorded { GraphWaits.endWait(of: thread) }
        return locked.run(body, on: thread)
    }

    /// Runs `body`, which only reads, with the graph of `node` locked, as
    /// ``withGraph(of:_:)`` does, except where waiting would close a cycle of
    /// threads each holding a graph and waiting for the next one's (two transforms,
    /// on two threads, each reading the other's graph). Then `body` runs without
    /// the lock, on a graph whose holder is parked until this thread lets go of its
    /// own (see ``GraphWaits``).
    static func reading<Result>(_ node: AnyValueNode, _ body: () -> Result) -> Result {
        let thread = ThreadIdentity.current.rawValue
        let engine = node.home.root
        if engine.holder.load(ordering: .relaxed) == thread {
            return body()
        }
        guard WaveThread.current.depth > 0 else {
            return engine.lockRoot().run({ _ in body() }, on: thread)
        }
        if engine.gate.tryLock() {
            if engine.isRoot { return engine.run({ _ in body() }, on: thread) }
            engine.gate.unlock()
        }
        guard GraphWaits.beginWait(of: thread, for: engine) else {
            return body()
        }
        let locked = engine.lockRoot()
        GraphWaits.endWait(of: thread)
        return locked.run({ _ in body() }, on: thread)
    }

    /// Runs `body` holding the lock of the one graph that all of `nodes` belong to,
    /// after merging their graphs into one, as a link between them does.
    ///
    /// Locks are taken in address order, so two threads joining the same graphs
    /// never wait for each other in a cycle. A graph this thread already holds (the
    /// caller is a transform) survives the merge, as its wave may be running.
    static func withGraph<Result>(joining nodes: [AnyValueNode], _ body: (PropagationEngine) -> Result) -> Result {
        let result = withGraph(joining: nodes, waiting: true, body)
        return result!
    }

    /// ``withGraph(joining:_:)`` for a caller that can do its work later: `nil`,
    /// having run nothing, where this thread holds a graph and would have to wait
    /// for another, or holds two of the graphs (a link made in a transform that
    /// runs inside another graph's wave), which cannot merge mid-wave.
    static func withGraphIfFree<Result>(joining nodes: [AnyValueNode], _ body: (PropagationEngine) -> Result) -> Result? {
        withGraph(joining: nodes, waiting: false, body)
    }

    private static func withGraph<Result>(
        joining nodes: [AnyValueNode], waiting: Bool, _ body: (PropagationEngine) -> Result
    ) -> Result? {
        let thread = ThreadIdentity.current.rawValue
        let mayWait = waiting || WaveThread.current.depth == 0
        while true {
            var roots: [PropagationEngine] = []
            for node in nodes {
                let root = node.home.root
                if !roots.contains(where: { $0 === root }) { roots.append(root) }
            }
            if roots.count == 1, mayWait || roots[0].holder.load(ordering: .relaxed) == thread {
                let result: Result?? = withGraph(of: nodes[0]) { engine in
                    nodes.allSatisfy { $0.home.root === engine } ? body(engine) : nil
                }
                if let result { return result }
                continue
            }
            let held = roots.filter { $0.holder.load(ordering: .relaxed) == thread }
            if held.count > 1 {
                guard waiting else { return nil }
                preconditionFailure(
                    "WeftReactive: an operator made in a transform joins two graphs that this thread holds at once; "
                        + "make it outside the transforms instead")
            }
            let toLock = roots.filter { $0.holder.load(ordering: .relaxed) != thread }
                .sorted { ObjectIdentifier($0) < ObjectIdentifier($1) }
            if mayWait {
                let holdsAGraph = WaveThread.current.depth > 0
                for engine in toLock {
                    // Recorded, so that a read whose wait would close a cycle with
                    // this one sees it (see GraphWaits).
                    let recorded = holdsAGraph && GraphWaits.beginWait(of: thread, for: engine)
                    engine.gate.lock()
                    if recorded { GraphWaits.endWait(of: thread) }
                }
            } else {
                for (index, engine) in toLock.enumerated() where !engine.gate.tryLock() {
                    for taken in toLock[..<index] { taken.gate.unlock() }
                    return nil
                }
            }
            guard toLock.allSatisfy(\.isRoot) else {
                // A merge elsewhere got there first: start again from the new roots.
                for engine in toLock { engine.gate.unlock() }
                continue
            }
            let survivor = held.first ?? roots.max { $0.nodeCount < $1.nodeCount }!
            for engine in toLock where engine !== survivor {
                engine.merge(into: survivor)
                engine.gate.unlock()
            }
            if held.first != nil {
                return body(survivor)
            }
            return survivor.run(body, on: thread)
        }
    }

    /// Runs `body` on this engine, whose lock the caller has just taken, as its
    /// holder; lets go of the lock after.
    func run<Result>(_ body: (PropagationEngine) -> Result, on thread: UInt) -> Result {
        let waves = WaveThread.current
        holder.store(thread, ordering: .relaxed)
        waves.enteredGraph()
        let result = body(self)
        holder.store(0, ordering: .relaxed)
        gate.unlock()
        waves.leftGraph()
        return result
    }
}
