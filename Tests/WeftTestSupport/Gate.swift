import Dispatch

/// A gate drawings in tests wait at: closed until ``open()``, then open for
/// every waiter, present and future (a semaphore signalled once would free one
/// waiter, and a cancelled drawing that waits too would hold its worker forever).
public final class Gate: Sendable {
    private let group = DispatchGroup()

    /// Creates a closed gate.
    public init() {
        group.enter()
    }

    /// Blocks until the gate is open.
    public func wait() {
        group.wait()
    }

    /// Opens the gate; call it once.
    public func open() {
        group.leave()
    }
}
