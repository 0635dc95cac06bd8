import Testing
import WeftCore
import WeftMemory

@Suite struct ScratchArenaTests {
    @Test func leaseAllocatesTypedMemoryAndFreesItWhenItEnds() throws {
        let statsBefore = try MemoryReport.current().scratch
        try ScratchArena.withLease { scratch in
            let values = try scratch.allocate(capacity: 10_000, of: Int32.self)
            for i in 0 ..< 10_000 { values[i] = Int32(i) }
            #expect(values[9_999] == 9_999)
            let extra = try scratch.allocate(byteCount: 24)
            scratch.deallocate(extra)
        }
        let statsAfter = try MemoryReport.current().scratch
        #expect(statsAfter.allocationCount >= statsBefore.allocationCount + 2)
        #expect(statsAfter.resetCount >= statsBefore.resetCount + 1)
    }

    @Test func resetKeepsTheLeaseUsable() throws {
        var scratch = try ScratchArena()
        _ = try scratch.allocate(capacity: 1_000, of: UInt64.self)
        try scratch.reset()
        let after = try scratch.allocate(capacity: 4, of: UInt64.self)
        after[3] = 7
        #expect(after[3] == 7)
    }

    @Test(arguments: [0, -1])
    func nonPositiveSizesAreRefusedWithTheSize(byteCount: Int) throws {
        let scratch = try ScratchArena()
        #expect(throws: ArenaError.invalidArgument(detail: "byteCount \(byteCount) must be greater than 0")) {
            try scratch.allocate(byteCount: byteCount)
        }
    }

    @Test func badAlignmentAndOverflowingCapacityAreRefused() throws {
        let scratch = try ScratchArena()
        #expect(throws: ArenaError.invalidArgument(detail: "alignment 3 must be a power of two")) {
            try scratch.allocate(byteCount: 8, alignment: 3)
        }
        #expect(throws: ArenaError.self) {
            try scratch.allocate(capacity: Int.max, of: UInt64.self)
        }
    }

    @Test func errorsNameWhatWentWrong() {
        #expect("\(ArenaError.busy(operation: "resetting a scratch arena"))".contains("leased by another thread"))
        #expect("\(ArenaError.outOfMemory(byteCount: 64))" == "the arena could not allocate 64 bytes")
    }
}
