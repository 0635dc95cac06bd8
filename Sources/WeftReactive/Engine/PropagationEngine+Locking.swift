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
        let locked = engine.lockRoot()
        return locked.run(body, on: thread)
    }

    /// Runs `body` holding the lock of the one graph that all of `nodes` belong to,
    /// after merging their graphs into one, as a link between them does.
    ///
    /// Locks are taken in address order, so two threads joining the same graphs
    /// never wait for each other in a cycle. A graph this thread already holds (the
    /// caller is a transform) survives the merge, as its wave may be running.
    static func withGraph<Result>(joining nodes: [AnyValueNode], _ body: (PropagationEngine) -> Result) -> Result {
        let thread = ThreadIdentity.current.rawValue
        while true {
            var roots: [PropagationEngine] = []
            for node in nodes {
                let root = node.home.root
                if !roots.contains(where: { $0 === root }) { roots.append(root) }
            }
            if roots.count == 1 {
                let result: Result? = withGraph(of: nodes[0]) { engine in
                    nodes.allSatisfy { $0.home.root === engine } ? body(engine) : nil
                }
                if let result { return result }
                continue
            }
            let held = roots.filter { $0.holder.load(ordering: .relaxed) == thread }
            precondition(
                held.count <= 1,
                "WeftReactive: a transform linked two graphs that this thread holds at once; "
                    + "link them outside the transforms instead")
            let toLock = roots.filter { $0.holder.load(ordering: .relaxed) != thread }
                .sorted { ObjectIdentifier($0) < ObjectIdentifier($1) }
            for engine in toLock { engine.gate.lock() }
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
    private func run<Result>(_ body: (PropagationEngine) -> Result, on thread: UInt) -> Result {
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
