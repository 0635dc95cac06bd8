/// The edge of `deliver(on:)`, `delay(_:on:)` and `throttle(_:on:)`: it never emits
/// during a wave, but schedules a job that sets the downstream node later, as a wave
/// of its own on the scheduler's thread.
///
/// A job holds the edge and the downstream node weakly and does nothing once the
/// edge is detached or its node has died, so cancelling takes effect at once even for
/// values already scheduled.
// @unchecked Sendable: `generation` is read and written only by the thread that holds
// the lock of the edge's graph; the other fields never change.
final class ScheduledEdge<Value: Sendable>: AnyEdge, @unchecked Sendable {
    private let scheduler: any NodeScheduler
    private let interval: Duration
    /// Whether a new value supersedes a scheduled one (throttle), rather than
    /// following it (deliver, delay).
    private let restartsOnEachValue: Bool
    /// Counts values received; a throttled job runs only if no value came after its own.
    private var generation: UInt64 = 0

    init(
        from source: ValueNode<Value>, to target: ValueNode<Value>, kind: StaticString,
        scheduler: any NodeScheduler, interval: Duration, restartsOnEachValue: Bool
    ) {
        self.scheduler = scheduler
        self.interval = interval
        self.restartsOnEachValue = restartsOnEachValue
        super.init(from: source, to: target, kind: kind)
    }

    override func apply(_ isTargetGone: UnsafePointer<Bool>) -> Bool {
        guard from.hasValue else { return false }
        let value = from.value(as: Value.self)
        generation &+= 1
        let expected = generation
        let node = unsafeDowncast(to, to: ValueNode<Value>.self)
        scheduler.schedule(after: interval) { [weak self, weak node] in
            guard let self, let node else { return }
            // Checked and set under one hold of the lock, so a cancel that returned
            // before the check stops the value.
            PropagationEngine.withGraph(of: node) { _ in
                guard !self.isDetached, !self.restartsOnEachValue || self.generation == expected else { return }
                PropagationEngine.set(node, to: value)
            }
        }
        return false
    }
}
