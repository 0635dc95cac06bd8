import CWeftArena
import Testing
import WeftCore
import WeftMemory

@Suite struct MemoryReportTests {
    @Test func reportCoversEverySubsystemAndTheScratchPool() throws {
        let report = try MemoryReport.current()
        #expect(Set(report.subsystems.keys) == Set(Subsystem.allCases))
        let text = report.description
        for name in ["diff", "element-map", "dealloc-queue", "scratch"] {
            #expect(text.contains("\(name):"))
        }
    }

    @Test func subsystemStatisticsChangeWhenTheSubsystemAllocates() throws {
        let before = try Subsystem.diff.statistics()
        var arena: OpaquePointer?
        try #require(weft_arena_for(WEFT_SUBSYSTEM_DIFF, &arena) == WEFT_OK)
        let block = try #require(weft_arena_alloc(arena!, 1 << 20))
        let during = try Subsystem.diff.statistics()
        #expect(during.allocationCount >= before.allocationCount + 1)
        #expect(during.allocatedBytes >= 1 << 20)
        #expect(try MemoryReport.current()[.diff].allocatedBytes >= 1 << 20)
        weft_arena_free(arena!, block)
    }

    @Test func subsystemNamesMatchTheCCore() {
        #expect(Subsystem.allCases.map(\.description) == ["diff", "element-map", "dealloc-queue"])
    }
}
