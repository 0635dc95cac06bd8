import CWeftArena
import Dispatch
import Foundation
import Testing
import WeftMemory

/// The C entry points of CWeftArena, with the pool's invariant walker after each step.
/// Exact byte and count checks run on a scratch lease, the only arena no other test
/// (running in parallel in this process) can touch.
@Suite struct CArenaTests {
    @Test func leaseStatisticsFollowAllocationsFreesAndReset() throws {
        var lease: OpaquePointer?
        try #require(weft_scratch_acquire(&lease) == WEFT_OK)
        let arena = weft_scratch_arena(lease!)
        #expect(weft_scratch_pool_check_invariants())

        var pointers: [UnsafeMutableRawPointer] = []
        for _ in 0 ..< 1_000 {
            pointers.append(try #require(weft_arena_alloc(arena, 64)))
        }
        var stats = weft_arena_stats()
        try #require(weft_arena_stats_get(arena, &stats) == WEFT_OK)
        #expect(stats.allocated_bytes == 64_000)
        #expect(stats.live_allocations == 1_000)
        #expect(stats.active_bytes >= 64_000)
        let countBefore = stats.allocation_count
        let resetsBefore = stats.reset_count

        for pointer in pointers.prefix(500) { weft_arena_free(arena, pointer) }
        try #require(weft_arena_stats_get(arena, &stats) == WEFT_OK)
        #expect(stats.allocated_bytes == 32_000)
        #expect(stats.live_allocations == 500)
        #expect(stats.allocation_count == countBefore)

        try #require(weft_scratch_reset(lease!) == WEFT_OK)
        try #require(weft_arena_stats_get(arena, &stats) == WEFT_OK)
        #expect(stats.allocated_bytes == 0)
        #expect(stats.live_allocations == 0)
        #expect(stats.reset_count == resetsBefore + 1)

        // The lease stays usable after a reset.
        let again = try #require(weft_arena_alloc(arena, 128))
        weft_arena_free(arena, again)
        #expect(weft_scratch_release(lease!) == WEFT_OK)
        #expect(weft_scratch_pool_check_invariants())
    }

    @Test func malformedAllocationsReturnNullAndCountNothing() throws {
        var lease: OpaquePointer?
        try #require(weft_scratch_acquire(&lease) == WEFT_OK)
        defer { _ = weft_scratch_release(lease!) }
        let arena = weft_scratch_arena(lease!)
        #expect(weft_arena_alloc(arena, 0) == nil)
        #expect(weft_arena_calloc(arena, 0, 8) == nil)
        #expect(weft_arena_calloc(arena, Int.max, 16) == nil)  // count * size overflows
        #expect(weft_arena_alloc_aligned(arena, 64, 24) == nil)  // not a power of two
        #expect(weft_arena_realloc(arena, nil, 0) == nil)
        weft_arena_free(arena, nil)
        var stats = weft_arena_stats()
        try #require(weft_arena_stats_get(arena, &stats) == WEFT_OK)
        #expect(stats.live_allocations == 0)
        #expect(stats.allocated_bytes == 0)
    }

    @Test func callocZeroesAndReallocKeepsContents() throws {
        var lease: OpaquePointer?
        try #require(weft_scratch_acquire(&lease) == WEFT_OK)
        defer { _ = weft_scratch_release(lease!) }
        let arena = weft_scratch_arena(lease!)
        let zeroed = try #require(weft_arena_calloc(arena, 100, 8)).bindMemory(to: UInt64.self, capacity: 100)
        #expect((0 ..< 100).allSatisfy { zeroed[$0] == 0 })
        for i in 0 ..< 100 { zeroed[i] = UInt64(i) }
        let grown = try #require(weft_arena_realloc(arena, zeroed, 8_000)).bindMemory(to: UInt64.self, capacity: 1_000)
        #expect((0 ..< 100).allSatisfy { grown[$0] == UInt64($0) })
        let aligned = try #require(weft_arena_alloc_aligned(arena, 100, 256))
        #expect(Int(bitPattern: aligned) % 256 == 0)
    }

    @Test func onlyTheOwningThreadMayResetOrReleaseALease() throws {
        var lease: OpaquePointer?
        try #require(weft_scratch_acquire(&lease) == WEFT_OK)
        nonisolated(unsafe) let held = lease!
        // A new thread, not a dispatch queue: `sync` may run on the calling thread.
        nonisolated(unsafe) var fromOtherThread = (WEFT_OK, WEFT_OK)
        let finished = DispatchSemaphore(value: 0)
        Thread {
            fromOtherThread = (weft_scratch_reset(held), weft_scratch_release(held))
            finished.signal()
        }.start()
        finished.wait()
        #expect(fromOtherThread.0 == WEFT_EBUSY)
        #expect(fromOtherThread.1 == WEFT_EBUSY)
        #expect(weft_scratch_pool_check_invariants())
        #expect(weft_scratch_release(held) == WEFT_OK)
        // A stale lease is refused, not reset behind its next owner's back.
        #expect(weft_scratch_reset(held) == WEFT_EINVAL || weft_scratch_reset(held) == WEFT_EBUSY)
        #expect(weft_scratch_pool_check_invariants())
    }

    @Test func sequentialLeasesReuseArenasInsteadOfCreatingThem() throws {
        var created = UInt32(0), idle = UInt32(0)
        weft_scratch_pool_counts(&created, &idle)
        let createdBefore = created
        for _ in 0 ..< 200 {
            var lease: OpaquePointer?
            try #require(weft_scratch_acquire(&lease) == WEFT_OK)
            _ = weft_arena_alloc(weft_scratch_arena(lease!), 4_096)
            try #require(weft_scratch_release(lease!) == WEFT_OK)
        }
        weft_scratch_pool_counts(&created, &idle)
        // Other suites lease concurrently, so the pool may grow by their peak
        // concurrency, never by one arena per lease.
        #expect(created - createdBefore <= 16)
        #expect(weft_scratch_pool_check_invariants())
    }

    @Test func subsystemArenasAreCreatedOnceAndReportAllocations() throws {
        var first: OpaquePointer?, second: OpaquePointer?
        try #require(weft_arena_for(WEFT_SUBSYSTEM_DEALLOC_QUEUE, &first) == WEFT_OK)
        try #require(weft_arena_for(WEFT_SUBSYSTEM_DEALLOC_QUEUE, &second) == WEFT_OK)
        #expect(first == second)
        var before = weft_arena_stats(), after = weft_arena_stats()
        try #require(weft_subsystem_stats(WEFT_SUBSYSTEM_DEALLOC_QUEUE, &before) == WEFT_OK)
        let pointers = (0 ..< 100).map { _ in weft_arena_alloc(first!, 256)! }
        try #require(weft_subsystem_stats(WEFT_SUBSYSTEM_DEALLOC_QUEUE, &after) == WEFT_OK)
        #expect(after.allocation_count >= before.allocation_count + 100)
        #expect(after.arena_count == 1)
        for pointer in pointers { weft_arena_free(first!, pointer) }
    }

    @Test(.enabled(if: AllocationCounter.isCounting))
    func theAllocationCounterSeesHeapBlocksAndNotArithmetic() throws {
        // Measured outside #expect, whose expansion may allocate.
        let mebibyte = 1 << 20
        var kept: [UInt8] = []
        let measured = AllocationCounter.bytesAllocated {
            kept = [UInt8](repeating: 1, count: mebibyte)
        }
        let allocated = try #require(measured)
        #expect(allocated >= UInt64(mebibyte))
        #expect(kept.count == mebibyte)

        var sum = 0
        let arithmetic = AllocationCounter.bytesAllocated {
            var i = 0
            while i < 1_000 {
                sum = sum &+ i &* i
                i += 1
            }
        }
        #expect(arithmetic == 0)
        #expect(sum == 332_833_500)
    }

    @Test func unknownSubsystemsAreRefused() {
        var arena: OpaquePointer?
        var stats = weft_arena_stats()
        #expect(weft_arena_for(WEFT_SUBSYSTEM_COUNT, &arena) == WEFT_EINVAL)
        #expect(arena == nil)
        #expect(weft_subsystem_stats(weft_subsystem(rawValue: 99), &stats) == WEFT_EINVAL)
        #expect(weft_subsystem_name(WEFT_SUBSYSTEM_COUNT) == nil)
    }
}
