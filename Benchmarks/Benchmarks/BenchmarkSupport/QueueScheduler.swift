import Dispatch
import Synchronization
public import WeftCore

/// A main scheduler that keeps the jobs it is handed until main runs them one
/// by one, and lets main wait for the next: the benchmarks time each job and
/// leave the waits out.
public final class QueueScheduler: MainScheduler {
    private let jobs = Mutex<[@MainActor @Sendable () -> Void]>([])
    private let scheduled = DispatchSemaphore(value: 0)

    public init() {}

    public func schedule(_ job: @escaping @MainActor @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
        scheduled.signal()
    }

    /// Waits until a job is scheduled.
    public func waitForJob() {
        scheduled.wait()
    }

    /// Runs the oldest job; call once per ``waitForJob()``.
    @MainActor
    public func runJob() {
        jobs.withLock { $0.removeFirst() }()
    }

    /// Runs the jobs already scheduled, without waiting for more.
    @MainActor
    public func runScheduledJobs() {
        while scheduled.wait(timeout: .now()) == .success { runJob() }
    }
}
