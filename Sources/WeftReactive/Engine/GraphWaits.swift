import WeftCore

/// The graph locks that threads holding other graph locks are waiting for: what
/// lets such a thread see that its wait would close a cycle.
///
/// A transform runs under its graph's lock; if it reads a node of a second graph
/// whose lock a second thread holds, while that thread's transform reads a node of
/// the first, each waits for the other for good. Before a thread that holds a
/// graph waits for another graph's lock, it records the wait here and follows the
/// chain: the wanted graph's holder, the graph that holder waits for, its holder,
/// and so on. A cycle can only close when its last wait begins, so the thread that
/// begins it finds it, every earlier waiter being recorded, and the check and the
/// record are one step under ``waits``' lock.
///
/// The thread that finds a cycle does not wait. A read then goes ahead without the
/// lock: every other thread in the cycle is parked, waiting, having published its
/// writes through ``waits``' lock, and cannot write again before this thread lets
/// go of its own graph, which it does only after the read. The value read is the
/// one the parked graph had when its wave paused. The thread also leaves the
/// records, so that no other thread of the cycle borrows at the same time.
enum GraphWaits {
    /// Each waiting thread (by identifier) and the engine it waits for.
    private static let waits = PosixMutex([UInt: PropagationEngine]())

    /// Records that `thread` waits for `engine`'s lock, unless that wait would
    /// close a cycle of waits through threads that hold graphs.
    ///
    /// - Returns: `false`, recording nothing, if the wait would close a cycle.
    /// - Complexity: O(*t*) for the *t* threads waiting.
    static func beginWait(of thread: UInt, for engine: PropagationEngine) -> Bool {
        waits.withLock { waits in
            var wanted = engine.root
            for _ in 0 ... waits.count {
                let holder = wanted.holder.load(ordering: .relaxed)
                if holder == thread { return false }
                guard holder != 0, let next = waits[holder] else { break }
                wanted = next.root
            }
            waits[thread] = engine
            return true
        }
    }

    /// Takes back the record of ``beginWait(of:for:)``.
    static func endWait(of thread: UInt) {
        waits.withLock { _ = $0.removeValue(forKey: thread) }
    }
}
