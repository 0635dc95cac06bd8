import Foundation
import Testing
@testable import WeftCore

struct ActiveProcessorsTests {
    @Test func theCountIsBetweenOneAndTheProcessorsOnline() {
        #expect(ActiveProcessors.count >= 1)
        #expect(ActiveProcessors.count <= max(1, ProcessInfo.processInfo.processorCount))
    }

    /// The affinity mask counts its set bits across comma-separated groups.
    @Test func anAffinityMaskCountsItsBits() {
        #expect(ActiveProcessors.allowedProcessors(inStatus: "Name:\tweft\nCpus_allowed:\t3\nCpus_allowed_list:\t0-1\n") == 2)
        #expect(ActiveProcessors.allowedProcessors(inStatus: "Cpus_allowed:\tff,ffffffff\n") == 40)
        #expect(ActiveProcessors.allowedProcessors(inStatus: "Cpus_allowed:\t00000000,00000101\n") == 2)
        #expect(ActiveProcessors.allowedProcessors(inStatus: "Cpus_allowed:\t0\n") == nil)
        #expect(ActiveProcessors.allowedProcessors(inStatus: "Name:\tweft\n") == nil)
    }

    /// A quota rounds up to whole processors; "max" and -1 are no quota.
    @Test func aQuotaRoundsUpAndNoneIsNil() {
        #expect(ActiveProcessors.processors(inCPUMax: "max 100000\n") == nil)
        #expect(ActiveProcessors.processors(inCPUMax: "150000 100000\n") == 2)
        #expect(ActiveProcessors.processors(inCPUMax: "200000 100000") == 2)
        #expect(ActiveProcessors.processors(inCPUMax: "50000 100000\n") == 1)
        #expect(ActiveProcessors.processors(inCPUMax: "garbage") == nil)
        #expect(ActiveProcessors.processors(quota: "-1\n", period: "100000\n") == nil)
        #expect(ActiveProcessors.processors(quota: "250000\n", period: "100000\n") == 3)
        #expect(ActiveProcessors.processors(quota: "100000", period: "0") == nil)
    }
}
