import Synchronization

/// Whether the data controller that scheduled some step-3 work still lives.
///
/// The work runs on the editing queue and holds only this, never the data
/// controller, so a container that dies with updates in flight is not kept alive
/// by them; the work then stops making nodes for a collection that is gone.
final class _Lifetime: Sendable {
    private let ended = Atomic(false)

    /// Whether the owner has died.
    var isEnded: Bool { ended.load(ordering: .acquiring) }

    /// Called by the owner's deinit.
    func end() { ended.store(true, ordering: .releasing) }
}
