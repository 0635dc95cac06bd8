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
    /// Blocks until a job is handed over or `timeout` passes; true if one was.
    /// A true answer is one `waitForJob()`: the caller runs the job next.
    public func waitForJob(timeout: Duration) -> Bool {
        let nanoseconds = Int(timeout.components.seconds) * 1_000_000_000 + Int(timeout.components.attoseconds / 1_000_000_000)
        return scheduled.wait(timeout: .now() + .nanoseconds(nanoseconds)) == .success
    }

    /// Blocks until a job waits, without taking it.
    public func waitUntilJobScheduled() {
        scheduled.wait()
        scheduled.signal()
    }

    /// Whether a job waits to run.
    public var hasScheduledJobs: Bool { jobs.withLock { !$0.isEmpty } }

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
