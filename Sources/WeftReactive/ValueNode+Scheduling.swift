extension ValueNode {
    /// Returns a node that takes this node's values on `scheduler`.
    ///
    /// Each value starts a wave of its own from the returned node, as a job on
    /// `scheduler`, in order. Use this to move handlers to the main queue or off it.
    ///
    /// - Parameter scheduler: Where the returned node's waves run.
    /// - Returns: A new node fed by this node, later.
    /// - Complexity: O(1) per value, plus the scheduler's cost.
    public func deliver(on scheduler: some NodeScheduler) -> ValueNode<Value> {
        scheduled(kind: "deliver", on: scheduler, after: .zero, restartsOnEachValue: false)
    }

    /// Returns a node that takes each of this node's values `interval` later, on
    /// `scheduler`.
    ///
    /// - Parameters:
    ///   - interval: How long each value waits.
    ///   - scheduler: Where the returned node's waves run.
    /// - Returns: A new node fed by this node, later.
    /// - Complexity: O(1) per value, plus the scheduler's cost.
    public func delay(_ interval: Duration, on scheduler: some NodeScheduler) -> ValueNode<Value> {
        scheduled(kind: "delay", on: scheduler, after: interval, restartsOnEachValue: false)
    }

    /// Returns a node that takes a value only once this node has kept it for
    /// `interval`, on `scheduler`.
    ///
    /// Each value restarts the wait, so a burst of values yields only its last one,
    /// `interval` after the burst ends (what is also called debouncing, and what
    /// EasyReact calls throttling).
    ///
    /// - Parameters:
    ///   - interval: How long a value must last to be taken.
    ///   - scheduler: Where the returned node's waves run.
    /// - Returns: A new node fed by this node, later.
    /// - Complexity: O(1) per value, plus the scheduler's cost.
    public func throttle(_ interval: Duration, on scheduler: some NodeScheduler) -> ValueNode<Value> {
        scheduled(kind: "throttle", on: scheduler, after: interval, restartsOnEachValue: true)
    }

    private func scheduled(
        kind: StaticString, on scheduler: some NodeScheduler, after interval: Duration,
        restartsOnEachValue: Bool
    ) -> ValueNode<Value> {
        PropagationEngine.makeNode(near: self) { target in
            [
                ScheduledEdge(
                    from: self, to: target, kind: kind, scheduler: scheduler, interval: interval,
                    restartsOnEachValue: restartsOnEachValue
                ),
            ]
        }
    }
}
