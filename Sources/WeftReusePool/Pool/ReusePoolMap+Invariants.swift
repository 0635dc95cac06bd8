extension ReusePoolMap {
    #if WEFT_INTERNAL_CHECKS
    /// Checks the bookkeeping of this map and every child map below it.
    ///
    /// Only the pools' own structure is checked, never a view's state that outside code
    /// may change (its hidden flag, its parent).
    package func _checkInvariants() {
        precondition(records.count == slotByView.count,
                     "\(records.count) records but \(slotByView.count) views indexed")
        precondition(pools.count == poolIndexByKey.count,
                     "\(pools.count) pools but \(poolIndexByKey.count) keys indexed")
        var slotsInPools = 0
        for (poolIndex, pool) in pools.enumerated() {
            precondition(poolIndexByKey[pool.key] == Int32(poolIndex), "pool \(poolIndex) is not indexed by its key")
            precondition(pool.cursor <= pool.slots.count, "pool \(poolIndex) cursor \(pool.cursor) past \(pool.slots.count)")
            if tree.phase == .idle { precondition(pool.cursor == 0, "pool \(poolIndex) cursor not reset") }
            for slot in pool.slots {
                precondition(records.indices.contains(Int(slot)), "pool \(poolIndex) holds slot \(slot) of \(records.count)")
                precondition(records[Int(slot)].poolIndex == Int32(poolIndex),
                             "slot \(slot) is in pool \(poolIndex) but names pool \(records[Int(slot)].poolIndex)")
            }
            slotsInPools += pool.slots.count
        }
        precondition(slotsInPools == records.count, "\(slotsInPools) slots in pools for \(records.count) records")
        if tree.phase == .idle { precondition(vended.isEmpty, "\(vended.count) vended views outside a pass") }

        let anchorInPool = self.anchorInPool
        for (slot, record) in records.enumerated() {
            precondition(slotByView[ObjectIdentifier(record.view)] == Int32(slot), "view of slot \(slot) indexed elsewhere")
            precondition(record.ancestorInPool == anchorInPool,
                         "slot \(slot) ancestorInPool \(record.ancestorInPool), owner in pool \(anchorInPool)")
            if let owner = record.component {
                precondition(slotByComponent[owner] == Int32(slot), "slot \(slot) names a component that points elsewhere")
            }
            if let applied = record.applied {
                precondition(applied.viewClass.identifier == pools[Int(record.poolIndex)].key.viewClass,
                             "slot \(slot) configured with another view class than its pool's")
            }
            for child in record.childMaps {
                precondition(child.parent === self && child.anchorSlot == Int32(slot),
                             "child map of slot \(slot) points at slot \(child.anchorSlot)")
                child._checkInvariants()
            }
        }
        precondition(previousVended.allSatisfy { records.indices.contains(Int($0)) },
                     "the previous pass's order names a slot past \(records.count)")
        for (owner, slot) in slotByComponent {
            precondition(records.indices.contains(Int(slot)) && records[Int(slot)].component == owner,
                         "component entry points at slot \(slot), which belongs to another component")
        }
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
