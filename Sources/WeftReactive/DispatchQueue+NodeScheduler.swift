public import Dispatch

extension DispatchQueue: NodeScheduler {
    /// Runs `job` on this queue: with `async` for a zero delay, else `asyncAfter`.
    ///
    /// - Parameters:
    ///   - delay: How long to wait; `.zero` or less means as soon as possible.
    ///   - job: The work.
    /// - Complexity: O(1).
    public func schedule(after delay: Duration, _ job: @escaping @Sendable () -> Void) {
        guard delay > .zero else {
            async(execute: job)
            return
        }
        // Capped so that absurd delays (centuries) cannot overflow `Int`.
        let nanoseconds = min(delay / .nanoseconds(1), Double(Int.max / 2))
        asyncAfter(deadline: .now() + .nanoseconds(Int(nanoseconds)), execute: job)
    }
}
