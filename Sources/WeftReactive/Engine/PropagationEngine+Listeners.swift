/// Attaching and detaching listen edges.
///
/// A node lists its listen edges without retaining them; each edge's owner holds
/// it, in its ``ListenerBag``. Detaching clears the node's entry at once, so no
/// wave queues a value for the handler again, and hands the edge to the graveyard.
extension PropagationEngine {
    /// Attaches a listen edge to its node and to `bag`.
    func register(_ listener: AnyListenEdge, in bag: ListenerBag) {
        let node = listener.node
        listener.nodeSlot = node.listeners.count
        node.listeners.append(.passUnretained(listener))
        bag.add(listener)
    }

    /// Detaches a listen edge: its node's entry is cleared at once, and the edge
    /// leaves its bag for the thread's graveyard, which releases it once the thread
    /// holds no graph lock. Values queued for it are dropped, undelivered.
    func detach(_ listener: AnyListenEdge) {
        guard !listener.isDetached else { return }
        listener.isDetached = true
        let node = listener.node
        node.listeners[listener.nodeSlot] = nil
        node.listenerTombstones += 1
        if node.listenerTombstones * 2 > node.listeners.count {
            compactListeners(of: node)
        }
        WaveThread.current.graveyard.append(listener)
        listener.bag?.remove(listener)
    }

    /// Removes tombstones from `node.listeners`, keeping order, and renumbers the
    /// survivors' slots.
    func compactListeners(of node: AnyValueNode) {
        var kept = 0
        for index in node.listeners.indices {
            guard let entry = node.listeners[index] else { continue }
            node.listeners[kept] = entry
            entry._withUnsafeGuaranteedRef { $0.nodeSlot = kept }
            kept += 1
        }
        node.listeners.removeLast(node.listeners.count - kept)
        node.listenerTombstones = 0
    }
}
