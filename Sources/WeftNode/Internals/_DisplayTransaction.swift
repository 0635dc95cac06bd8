import Dispatch
import WeftCore

/// The drawings of one cell (a node and its subnodes) started in one main turn:
/// they run on the display queue, and their results reach the nodes together, in
/// one main-queue block, so that a cell is never shown half drawn.
///
/// This is Texture's `_ASAsyncTransaction` with the cell as its container.
/// Submitting starts the drawings at once; the transaction completes when the
/// last one finishes, then waits for the committer's next main turn, or for
/// ``DisplayNode/recursivelyEnsureDisplaySynchronously()``, whichever is first.
// @unchecked: `operations` is a `let`; outcomes and flags are in `state`, a PosixMutex.
final class _DisplayTransaction: @unchecked Sendable {
    enum Outcome: Sendable {
        case contents(Bitmap)
        /// Tiles of a node drawn in tiles, for `grid`.
        case tiles([(_Tiling.Key, ContentsTile)], grid: _Tiling.Grid)
        case failed(DisplayError)
        case cancelled
    }

    struct Operation: Sendable {
        weak var node: DisplayNode?
        /// The node's display sentinel when the drawing was captured: a result
        /// whose node has moved on since is dropped.
        let sentinel: UInt64
        let priority: Int
        /// The trace flow linking the capture, the drawing and the commit (0 untraced).
        let flow: UInt64
        let work: @Sendable () -> Outcome
    }

    private struct State {
        var outcomes: [Outcome?]
        var remaining: Int
        var isApplied = false
    }

    let operations: [Operation]
    private let state: PosixMutex<State>
    private let group = DispatchGroup()

    init(operations: [Operation]) {
        self.operations = operations
        state = PosixMutex(State(outcomes: Array(repeating: nil, count: operations.count), remaining: operations.count))
    }

    /// Counts the transaction as started and returns its drawings for the
    /// display queue; the transaction reaches the committer when the last one
    /// finishes (at once when it has none).
    @MainActor
    func start() -> [(priority: Int, run: @Sendable () -> Void)] {
        _DisplayCommitter.transactionDidStart()
        guard !operations.isEmpty else {
            _DisplayCommitter.enqueue(self)
            return []
        }
        for _ in operations { group.enter() }
        return operations.indices.map { index in
            (priority: operations[index].priority, run: { @Sendable in self.run(index) })
        }
    }

    private func run(_ index: Int) {
        let outcome = operations[index].work()
        let finished = state.withLock { state in
            state.outcomes[index] = outcome
            state.remaining -= 1
            return state.remaining == 0
        }
        group.leave()
        if finished { _DisplayCommitter.enqueue(self) }
    }

    /// Blocks main until every drawing finished (Texture's `waitUntilComplete`).
    @MainActor
    func waitUntilDrawn() {
        group.wait()
    }

    /// Gives each node whose sentinel still matches its new contents (or its
    /// error); runs once, the later call does nothing.
    ///
    /// - Precondition: every drawing finished.
    @MainActor
    func apply() {
        let outcomes = state.withLock { state -> [Outcome?]? in
            guard !state.isApplied else { return nil }
            precondition(state.remaining == 0, "a display transaction applied with \(state.remaining) drawings running")
            state.isApplied = true
            return state.outcomes
        }
        guard let outcomes else { return }
        let start = PipelineTracing.isOn ? PipelineTracing.now() : 0
        defer {
            PipelineTracing.recordSpan("commit", category: "display", role: "main", start: start,
                                       flow: operations.first?.flow ?? 0, phase: .end)
        }
        for (operation, outcome) in zip(operations, outcomes) {
            guard let node = operation.node, node.displaySentinel.load(ordering: .relaxed) == operation.sentinel,
                let outcome
            else {
                operation.node?.transactionDidApply(self)
                continue
            }
            node.finishDisplay(with: outcome)
            node.transactionDidApply(self)
        }
        _DisplayCommitter.transactionDidFinish()
    }
}
