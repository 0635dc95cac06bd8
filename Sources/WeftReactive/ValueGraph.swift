/// Facts and controls that concern every value graph in the process.
///
/// **Threading.** All value graphs share one lock, the propagation gate. Setting a
/// node, linking, listening, cancelling and reading a value take it, so waves from
/// different threads never interleave: each runs to its end, listeners included,
/// before the next begins, and a read never sees half a wave. Transforms and handlers
/// run on the thread that set the node, holding the gate. From there, calls into the
/// graph do not wait for the gate; a set made from there is queued and runs right
/// after the current wave, in order. So a handler may set nodes freely, but it must
/// not block on another thread that is setting, reading or listening to a node: that
/// thread waits for the gate this handler holds. Use
/// ``ValueNode/deliver(on:)`` to move work elsewhere.
///
/// **Owners.** A listen edge ends when its owner dies. Its handler is never called
/// after that, but Swift on Linux cannot run code at the moment an arbitrary object
/// dies, so the edge itself, and whatever chain only it kept alive, is released a
/// little later: by the next wave that reaches it, by the incremental sweep that
/// every call into the graph advances, or at once by
/// ``releaseListenersOfDeadOwners()``.
public enum ValueGraph {
    /// Releases every listen edge whose owner has died, and with it whatever only
    /// that edge kept alive.
    ///
    /// - Returns: The number of listen edges released.
    /// - Complexity: O(*r*) for the *r* listen edges in the process.
    @discardableResult
    public static func releaseListenersOfDeadOwners() -> Int {
        PropagationEngine.shared.withGraph {
            PropagationEngine.shared.sweepAll()
        }
    }
}
