import CWeftArena
import Foundation
import Testing
import WeftMemory
import WeftSampleFeed

@Suite(.serialized) struct ProcessAllocatorTests {
    private static let blockSize = 2 << 20
    private static let blockCount = 32

    /// With no delay, freed blocks' pages leave the process at once: 64 MiB
    /// written and freed lower the resident size by 64 MiB (other tests running
    /// beside this one allocate too, hence three quarters of it); with the
    /// default delay about 25 MiB went.
    @Test func freedPagesGoBackAtOnceWithNoDelay() throws {
        let before = try ProcessAllocator.freedPageDelayMilliseconds()
        try ProcessAllocator.returnFreedPages(afterMilliseconds: 0)
        let outcome = Result { () throws -> (written: Int, freed: Int) in
            var arena: OpaquePointer?
            try #require(weft_arena_for(WEFT_SUBSYSTEM_DIFF, &arena) == WEFT_OK)
            // Blocks under jemalloc's 8 MiB oversize threshold, whose pages
            // it returns at once whatever the delay.
            let blocks = try (0 ..< Self.blockCount).map { _ in try #require(weft_arena_alloc(arena!, Self.blockSize)) }
            for block in blocks { memset(block, 1, Self.blockSize) }
            let written = try #require(ResidentMemory.currentBytes)
            for block in blocks { weft_arena_free(arena!, block) }
            return (written, try #require(ResidentMemory.currentBytes))
        }
        let delay = try ProcessAllocator.freedPageDelayMilliseconds()
        try ProcessAllocator.returnFreedPages(afterMilliseconds: before)
        #expect(delay == 0)
        let (written, freed) = try outcome.get()
        #expect(written - freed >= Self.blockCount * Self.blockSize * 3 / 4, "resident \(written) bytes while written, \(freed) after the free")
    }

    @Test func aDelayBelowMinusOneIsRefusedAndChangesNothing() throws {
        let before = try ProcessAllocator.freedPageDelayMilliseconds()
        #expect(throws: ArenaError.self) { try ProcessAllocator.returnFreedPages(afterMilliseconds: -2) }
        #expect(try ProcessAllocator.freedPageDelayMilliseconds() == before)
        #expect(ProcessAllocator.defaultDelayMilliseconds == 10_000)
    }
}
