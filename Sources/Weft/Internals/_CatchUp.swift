import Dispatch
import WeftChangeSet
import WeftCore

/// A refused batch's catch-up, derived off main: the batch that turns the
/// pending elements, as they were at the refusal, into the data source's node
/// models as they were then; `nil` when the two cannot be paired by model (an
/// element without one), and the collection reloads instead.
///
/// Made on main when a large eager collection refuses a batch
/// (`CollectionNode.resynchronizeSoon()`); derived on the data controller's
/// editing queue; taken back on main by whichever comes first, the next edit
/// (which must follow it) or the main-queue block the derivation hands back.
final class _CatchUp: Sendable {
    /// `nil` until derived; then the batch, or `nil` for a reload.
    private let result = PosixMutex<ChangeSet??>(nil)
    /// Set when a reload made the catch-up moot: the derivation then skips its work.
    private let cancelled = PosixMutex(false)
    /// Entered at creation, left when `result` is set: ``changeSet()`` waits on it.
    private let done = DispatchGroup()

    init() {
        done.enter()
    }

    /// Drops the catch-up: a derivation not yet started does nothing.
    func cancel() {
        cancelled.withLock { $0 = true }
    }

    /// Runs `derivation` and keeps its batch, unless the catch-up was
    /// cancelled. Called once, off main.
    func derive(_ derivation: () -> ChangeSet?) {
        let changeSet = cancelled.withLock { $0 } ? nil : derivation()
        result.withLock { $0 = .some(changeSet) }
        done.leave()
    }

    /// The derived batch, or `nil` for a reload, waiting for the derivation
    /// if it is not done (traced as main waiting for the catch-up).
    ///
    /// - Complexity: O(1) once derived.
    func changeSet() -> ChangeSet? {
        if let derived = result.withLock({ $0 }) { return derived }
        PipelineTracing.span("waiting for the catch-up", role: "main") { done.wait() }
        guard let derived = result.withLock({ $0 }) else {
            preconditionFailure("the catch-up's derivation signalled without a result")
        }
        return derived
    }
}
