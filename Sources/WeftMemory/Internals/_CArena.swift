internal import CWeftArena

/// The only caller of CWeftArena. Maps `weft_rc` to ``ArenaError`` in one place.
enum _CArena {
    static let poolCapacity = Int(WEFT_SCRATCH_POOL_CAPACITY)

    static func check(_ rc: weft_rc, _ operation: @autoclosure () -> String) throws(ArenaError) {
        switch rc {
        case WEFT_OK: return
        case WEFT_EBUSY: throw .busy(operation: operation())
        case WEFT_ENOMEM: throw .outOfMemory(byteCount: 0)
        case WEFT_EINVAL, WEFT_ERANGE: throw .invalidArgument(detail: operation())
        default: throw .allocatorRefused(operation: operation())
        }
    }

    static func cSubsystem(_ subsystem: Subsystem) -> weft_subsystem {
        switch subsystem {
        case .diff: WEFT_SUBSYSTEM_DIFF
        case .elementMap: WEFT_SUBSYSTEM_ELEMENT_MAP
        case .deallocQueue: WEFT_SUBSYSTEM_DEALLOC_QUEUE
        }
    }

    static func name(of subsystem: Subsystem) -> String {
        String(cString: weft_subsystem_name(cSubsystem(subsystem))!)
    }

    static func statistics(of subsystem: Subsystem) throws(ArenaError) -> ArenaStatistics {
        var stats = weft_arena_stats()
        try check(weft_subsystem_stats(cSubsystem(subsystem), &stats), "statistics of \(subsystem)")
        return ArenaStatistics(stats)
    }

    static func scratchPoolStatistics() throws(ArenaError) -> ArenaStatistics {
        var stats = weft_arena_stats()
        try check(weft_scratch_pool_stats(&stats), "statistics of the scratch pool")
        return ArenaStatistics(stats)
    }

    /// Bytes the calling thread has allocated through jemalloc so far, or `nil` if
    /// jemalloc refuses the read (built without statistics). Backs ``AllocationCounter``.
    static func threadAllocatedBytes() -> UInt64? {
        var allocated: UInt64 = 0
        return weft_arena_thread_allocated(&allocated) == WEFT_OK ? allocated : nil
    }

    static func setFreedPageDelay(milliseconds: Int) throws(ArenaError) {
        try check(weft_allocator_set_dirty_decay(Int64(milliseconds)), "setting the freed-page delay to \(milliseconds) ms")
    }

    static func freedPageDelay() throws(ArenaError) -> Int {
        var milliseconds: Int64 = 0
        try check(weft_allocator_dirty_decay(&milliseconds), "reading the freed-page delay")
        return Int(milliseconds)
    }

    static func acquireScratch() throws(ArenaError) -> OpaquePointer {
        var lease: OpaquePointer?
        try check(weft_scratch_acquire(&lease), "acquiring a scratch arena")
        return lease!
    }

    static func resetScratch(_ lease: OpaquePointer) throws(ArenaError) {
        try check(weft_scratch_reset(lease), "resetting a scratch arena")
    }

    static func releaseScratch(_ lease: OpaquePointer) throws(ArenaError) {
        try check(weft_scratch_release(lease), "releasing a scratch arena")
    }

    static func allocate(in lease: OpaquePointer, byteCount: Int, alignment: Int) -> UnsafeMutableRawPointer? {
        let arena = weft_scratch_arena(lease)
        return alignment <= 16
            ? weft_arena_alloc(arena, byteCount)
            : weft_arena_alloc_aligned(arena, byteCount, alignment)
    }

    static func deallocate(_ pointer: UnsafeMutableRawPointer, in lease: OpaquePointer) {
        weft_arena_free(weft_scratch_arena(lease), pointer)
    }
}

extension ArenaStatistics {
    init(_ s: weft_arena_stats) {
        self.init(
            allocatedBytes: Int(s.allocated_bytes), activeBytes: Int(s.active_bytes),
            allocationCount: Int(s.allocation_count), liveAllocations: Int(s.live_allocations),
            resetCount: Int(s.reset_count), arenaCount: Int(s.arena_count))
    }
}
