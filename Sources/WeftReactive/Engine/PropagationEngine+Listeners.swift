/// The registry of listen edges: the engine's stand-in for their owners.
///
/// Swift on Linux cannot run code when an arbitrary object dies, so a listen edge
/// cannot be freed by its owner's `deinit`. Instead the edge holds its owner weakly
/// and the engine notices the death: at once for delivery (a handler whose owner has
/// died is never called again, and its edge is detached instead), and for release by
/// an incremental sweep: every entry into the graph examines ``sweepBudget`` entries,
/// so a dead owner's edge, and the chain only it kept alive, is released within
/// ⌈*r* / ``sweepBudget``⌉ calls for *r* registered edges, or at once by
/// ``ValueGraph/releaseListenersOfDeadOwners()``.
extension PropagationEngine {
    /// Attaches a listen edge to its node and to the registry.
    func register(_ listener: AnyListenEdge) {
        let node = listener.node
        listener.nodeSlot = node.listeners.count
        node.listeners.append(.passUnretained(listener))
        listener.registrySlot = registry.count
        registry.append(listener)
    }

    /// Detaches a listen edge: its node's entry is cleared at once, so no wave calls
    /// it again, and the registry lets it go after the gate is released.
    func detach(_ listener: AnyListenEdge) {
        guard !listener.isDetached else { return }
        listener.isDetached = true
        let node = listener.node
        node.listeners[listener.nodeSlot] = nil
        node.listenerTombstones += 1
        if !node.isDelivering, node.listenerTombstones * 2 > node.listeners.count {
            compactListeners(of: node)
        }
        let slot = listener.registrySlot
        let last = registry.count - 1
        if slot != last {
            registry.swapAt(slot, last)
            registry[slot].registrySlot = slot
        }
        graveyard.append(registry.removeLast())
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

    /// Examines up to `budget` registry entries from the cursor on, detaching those
    /// whose owner has died.
    func sweep(budget: Int) {
        var remaining = budget
        while remaining > 0, !registry.isEmpty {
            if sweepCursor >= registry.count {
                sweepCursor = 0
            }
            let listener = registry[sweepCursor]
            if listener.owner == nil {
                // The last entry moves into this slot; examine it next.
                detach(listener)
            } else {
                sweepCursor += 1
            }
            remaining -= 1
        }
    }

    /// Detaches every listen edge whose owner has died.
    ///
    /// - Returns: How many were detached.
    func sweepAll() -> Int {
        var detached = 0
        var index = 0
        while index < registry.count {
            let listener = registry[index]
            if listener.owner == nil {
                detach(listener)
                detached += 1
            } else {
                index += 1
            }
        }
        return detached
    }
}
