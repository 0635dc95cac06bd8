import Dispatch
import Synchronization
public import WeftCore

/// A main scheduler that hands the commit pass to the benchmark: it records the
/// pass and signals, so the benchmark knows step 3 is over and runs step 5 itself.
public final class HandOffScheduler: MainScheduler {
    private let job = Mutex<(@MainActor @Sendable () -> Void)?>(nil)
    private let scheduled = DispatchSemaphore(value: 0)

    public init() {}

    public func schedule(_ job: @escaping @MainActor @Sendable () -> Void) {
        self.job.withLock { $0 = job }
        scheduled.signal()
    }

    /// Blocks until step 4 has scheduled a commit pass.
    public func waitForPass() {
        scheduled.wait()
    }

    /// Runs the scheduled commit pass (step 5).
    @MainActor
    public func runPass() {
        job.withLock { job in
            defer { job = nil }
            return job
        }?()
    }
}
