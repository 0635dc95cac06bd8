/// Runs jobs later, for ``ValueNode/deliver(on:)``, ``ValueNode/delay(_:on:)`` and
/// ``ValueNode/throttle(_:on:)``.
///
/// `DispatchQueue` conforms. Tests inject a scheduler whose clock they advance by
/// hand, so that timing operators never need real time to pass.
public protocol NodeScheduler: Sendable {
    /// Runs `job` once, no sooner than `delay` from now; jobs with equal deadlines
    /// run in the order scheduled.
    ///
    /// - Parameters:
    ///   - delay: How long to wait; `.zero` means as soon as possible, never inline.
    ///   - job: The work, which sets a node.
    /// - Complexity: The scheduler's; O(1) for `DispatchQueue`.
    func schedule(after delay: Duration, _ job: @escaping @Sendable () -> Void)
}
