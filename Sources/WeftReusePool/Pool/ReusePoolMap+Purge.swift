extension ReusePoolMap {
    /// Removes hidden views beyond `limit` from every pool of this container and of the
    /// child containers below it, and releases them.
    ///
    /// In each pool the first `limit` hidden views (the next to be vended) stay. A
    /// removed view gets `willPurge` first, and so does every managed view inside it;
    /// then it leaves its container and the pools forget it, so it is released once
    /// nothing else holds it. Visible views are never removed.
    ///
    /// - Parameter limit: The number of hidden views each pool keeps; 0 empties them.
    /// - Returns: The number of managed views removed, those inside removed views included.
    /// - Throws: ``ReusePoolError/negativeLimit(_:)`` if `limit` is negative;
    ///   ``ReusePoolError/mountPassInProgress`` during a mount pass;
    ///   ``ReusePoolError/reentrantCall(operation:)`` from a reuse callback.
    /// - Complexity: O(*v* + *r* · *p*) expected, where *v* is the number of views
    ///   in the containers visited, *r* the number removed and *p* the size of their pools.
    @discardableResult
    public func purge(keepingAtMost limit: Int) throws(ReusePoolError) -> Int {
        guard limit >= 0 else { throw .negativeLimit(limit) }
        switch tree.phase {
        case .idle: break
        case .mounting: throw .mountPassInProgress
        case .ending, .purging: throw .reentrantCall(operation: "purge(keepingAtMost:)")
        }
        let removed = purgeTree(keepingAtMost: limit)
        _checkInvariants()
        return removed
    }

    /// Removes every hidden view from every live root map and every live
    /// ``StatefulViewPool``; call it when the system reports memory pressure
    /// (`UIApplication.didReceiveMemoryWarningNotification`, a dispatch memory-pressure
    /// source).
    ///
    /// Maps in the middle of a pass are skipped; their views stay until the next purge.
    ///
    /// - Returns: The number of views removed.
    /// - Complexity: O(*v*) expected over every view of every live map and pool, plus
    ///   the removals as in ``purge(keepingAtMost:)``.
    @discardableResult
    public static func purgeForMemoryPressure() -> Int {
        var removed = 0
        for map in _Registry.liveMaps where map.tree.phase == .idle {
            removed += map.purgeTree(keepingAtMost: 0)
            map._checkInvariants()
        }
        for pool in _Registry.liveStatefulPools {
            removed += pool.purgePooledViews(keepingAtMost: 0)
        }
        return removed
    }

    /// Purges this container and every child container below it, with the tree's phase
    /// set to `.purging` so that callbacks cannot start a pass or another purge.
    func purgeTree(keepingAtMost limit: Int) -> Int {
        let phase = tree.phase
        tree.phase = .purging
        defer { tree.phase = phase }
        return purgeContainers(keepingAtMost: limit)
    }

    private func purgeContainers(keepingAtMost limit: Int) -> Int {
        var victims: [Int32] = []
        for poolIndex in 0 ..< pools.count {
            var kept = 0
            for slot in pools[poolIndex].slots where records[Int(slot)].isHidden {
                if kept < limit {
                    kept += 1
                } else {
                    victims.append(slot)
                }
            }
        }
        var removed = 0
        for slot in victims {
            removed += notifyPurge(slot: Int(slot))
        }
        // Highest slot first: removing a slot moves the last record into it, and the
        // last record is then never a victim still to be removed.
        victims.sort(by: >)
        for slot in victims {
            removeRecord(at: Int(slot))
        }
        if !victims.isEmpty {
            // Slots moved: the previous pass's order no longer names the same views.
            previousVended.removeAll(keepingCapacity: true)
        }
        viewsPurged += removed
        for slot in 0 ..< records.count {
            for child in records[slot].childMaps {
                removed += child.purgeContainers(keepingAtMost: limit)
            }
        }
        return removed
    }

    /// Sends `willPurge` to the view at `slot` and every managed view inside it;
    /// returns how many views that was.
    private func notifyPurge(slot: Int) -> Int {
        let view = records[slot].view
        records[slot].viewClass.willPurge(view)
        var count = 1
        for child in records[slot].childMaps {
            for childSlot in 0 ..< child.records.count {
                count += child.notifyPurge(slot: childSlot)
            }
        }
        return count
    }

    /// Forgets the view at `slot` and takes it out of the container; the last record
    /// moves into the slot.
    private func removeRecord(at slot: Int) {
        let record = records[slot]
        let slotNumber = Int32(slot)
        slotByView[ObjectIdentifier(record.view)] = nil
        if let owner = record.component, slotByComponent[owner] == slotNumber {
            slotByComponent[owner] = nil
        }
        let poolIndex = Int(record.poolIndex)
        pools[poolIndex].slots.removeAll { $0 == slotNumber }
        record.view.removeFromParentView()

        let last = records.count - 1
        if slot != last {
            records.swapAt(slot, last)
            let lastNumber = Int32(last)
            let moved = records[slot]
            slotByView[ObjectIdentifier(moved.view)] = slotNumber
            if let owner = moved.component, slotByComponent[owner] == lastNumber {
                slotByComponent[owner] = slotNumber
            }
            let movedPool = Int(moved.poolIndex)
            if let position = pools[movedPool].slots.firstIndex(of: lastNumber) {
                pools[movedPool].slots[position] = slotNumber
            }
            for child in moved.childMaps {
                child.anchorSlot = slotNumber
            }
        }
        records.removeLast()
    }
}
