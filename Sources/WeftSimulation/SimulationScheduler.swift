import Weft
import WeftCore

/// The simulation's main run loop: work handed to main (commits, coalesced
/// range updates) waits here until the next frame runs it, as a run loop turn
/// would on a device.
final class SimulationScheduler: MainScheduler {
    private let jobs = PosixMutex<[@MainActor @Sendable () -> Void]>([])

    func schedule(_ job: @escaping @MainActor @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
    }

    /// Whether a job waits for the next turn.
    var hasPendingJobs: Bool { jobs.withLock { !$0.isEmpty } }

    /// Runs every job handed over so far, and those they hand over meanwhile.
    @MainActor
    func runPendingJobs() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job()
        }
    }
}
