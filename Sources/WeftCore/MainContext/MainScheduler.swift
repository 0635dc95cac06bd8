import Dispatch

/// Schedules work on the main context: the serial context that owns the view.
///
/// On Apple platforms and under `dispatchMain()` on Linux that is the main
/// dispatch queue, which is also where `MainActor` runs. Inject another scheduler
/// to decide in a test exactly when main-context work runs.
public protocol MainScheduler: Sendable {
    /// Arranges for `job` to run on the main context later, after jobs scheduled before it.
    func schedule(_ job: @escaping @MainActor @Sendable () -> Void)
}

/// Schedules jobs with `DispatchQueue.main.async`, in FIFO order.
public struct DispatchMainScheduler: MainScheduler {
    public init() {}

    public func schedule(_ job: @escaping @MainActor @Sendable () -> Void) {
        DispatchQueue.main.async {
            MainActor.assumeIsolated(job)
        }
    }
}

extension MainScheduler where Self == DispatchMainScheduler {
    /// The main dispatch queue.
    public static var dispatchMain: DispatchMainScheduler { DispatchMainScheduler() }
}
