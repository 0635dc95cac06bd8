import Foundation
import Testing
@testable import WeftCore

struct ActiveProcessorsTests {
    /// Weft reads the count from the kernel itself; it must be Foundation's
    /// answer (affinity mask and cgroup quota alike), or the pipeline's
    /// parallelism would differ from what the documentation promises.
    @Test func countIsFoundationsActiveProcessorCount() {
        #expect(ActiveProcessors.count == ProcessInfo.processInfo.activeProcessorCount)
        #expect(ActiveProcessors.count >= 1)
    }
}
