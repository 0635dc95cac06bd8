import WeftCore

/// A ``MainScheduler`` that only records jobs; a test runs them when it chooses.
public final class ManualMainScheduler: MainScheduler {
    private let jobs = PosixMutex<[@MainActor @Sendable () -> Void]>([])

    public init() {}

    public func schedule(_ job: @escaping @MainActor @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
    }

    /// The number of jobs scheduled and not yet run.
    public var pendingJobCount: Int { jobs.withLock { $0.count } }

    /// Runs the oldest recorded job only (one main-context turn).
    ///
    /// - Returns: Whether there was a job to run.
    @MainActor
    @discardableResult
    public func runNext() -> Bool {
        guard let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else { return false }
        job()
        return true
    }

    /// Runs every recorded job, including jobs scheduled meanwhile, in order.
    @MainActor
    public func runAll() {
        while let job = jobs.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) {
            job()
        }
    }
}
