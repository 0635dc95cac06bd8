import Dispatch
import WeftCore

/// Brings finished display transactions to main: every transaction that finished
/// before the committer's main-queue block runs is applied in that block, so one
/// main turn applies all the drawings that are ready (Texture commits its
/// transactions in a run-loop observer, once per turn).
///
/// It also counts the transactions started and not yet applied, for
/// ``DisplayNode/waitUntilScheduledDisplaysFinish()``, and holds the drawings
/// started inside a display batch until the batch ends.
enum _DisplayCommitter {
    private struct Ready {
        var transactions: [_DisplayTransaction] = []
        var isScheduled = false
    }

    private static let ready = PosixMutex(Ready())

    private struct Marked {
        var nodes: [_WeakNode] = []
        var isScheduled = false
    }

    /// The nodes ``DisplayNode/setNeedsDisplay()`` marked since the last capture.
    private static let marked = PosixMutex(Marked())

    @MainActor private static var unfinished = 0
    @MainActor private static var waiters: [CheckedContinuation<Void, Never>] = []
    @MainActor private static var batchDepth = 0
    @MainActor private static var batched: [_DisplayTransaction] = []
    @MainActor private static var leaving: [_WeakNode] = []

    /// Hands a finished transaction to the next main turn. Any thread.
    static func enqueue(_ transaction: _DisplayTransaction) {
        let schedule = ready.withLock { ready in
            ready.transactions.append(transaction)
            defer { ready.isScheduled = true }
            return !ready.isScheduled
        }
        guard schedule else { return }
        DispatchQueue.main.async {
            MainActor.assumeIsolated {
                ready.withLock { $0.isScheduled = false }
                applyReady()
            }
        }
    }

    /// Marks `node` for a capture on the next main turn; one main-queue block
    /// serves every node marked in a turn, and the node's own flag keeps it
    /// from being listed twice. Any thread.
    static func markForDisplay(_ node: DisplayNode) {
        let schedule = marked.withLock { marked in
            marked.nodes.append(_WeakNode(node))
            defer { marked.isScheduled = true }
            return !marked.isScheduled
        }
        guard schedule else { return }
        DispatchQueue.main.async {
            MainActor.assumeIsolated { displayMarked() }
        }
    }

    /// Captures and starts the drawings of the nodes marked so far, in one
    /// display batch, so the queue orders them all by priority.
    @MainActor
    static func displayMarked() {
        let nodes = marked.withLock { marked in
            marked.isScheduled = false
            return marked.nodes.take()
        }
        guard !nodes.isEmpty else { return }
        performBatch {
            for entry in nodes { entry.node?.redisplayMarked() }
        }
    }

    /// Clears `node`'s contents on the next main turn if it is still outside the
    /// display state then; one main-queue block serves every node of a turn.
    @MainActor
    static func clearLater(_ node: DisplayNode) {
        leaving.append(_WeakNode(node))
        guard leaving.count == 1 else { return }
        DispatchQueue.main.async {
            MainActor.assumeIsolated { clearLeaving() }
        }
    }

    /// Submits the transactions an open batch holds now (a synchronous display
    /// inside the batch must not wait for drawings nobody started).
    @MainActor
    static func flushBatch() {
        guard !batched.isEmpty else { return }
        _DisplayQueue.shared.submit(batched.take().flatMap { $0.start() })
    }

    /// Applies every transaction that finished by now, and clears the nodes that
    /// left display before now and stayed out; what the main-queue blocks would do
    /// later, done at a frame's start.
    @MainActor
    static func commitNow() {
        displayMarked()
        applyReady()
        clearLeaving()
    }

    /// Applies the finished transactions, oldest first.
    @MainActor
    private static func applyReady() {
        for transaction in ready.withLock({ $0.transactions.take() }) { transaction.apply() }
    }

    /// Clears the nodes queued by ``clearLater(_:)`` that are still out of display.
    @MainActor
    private static func clearLeaving() {
        for entry in leaving.take() {
            guard let node = entry.node, !node.isInDisplayState else { continue }
            node.clearContents()
        }
    }

    /// Starts `transaction` now, or when the open batch ends.
    @MainActor
    static func start(_ transaction: _DisplayTransaction) {
        if batchDepth > 0 {
            batched.append(transaction)
        } else {
            _DisplayQueue.shared.submit(transaction.start())
        }
    }

    /// Runs `body`, starting the transactions it makes only when it returns, all
    /// at once: the queue then orders all of them by priority (visible first)
    /// before any worker takes one.
    @MainActor
    static func performBatch<R>(_ body: () throws -> R) rethrows -> R {
        batchDepth += 1
        defer {
            batchDepth -= 1
            if batchDepth == 0 { flushBatch() }
        }
        return try body()
    }

    @MainActor
    static func transactionDidStart() {
        unfinished += 1
    }

    @MainActor
    static func transactionDidFinish() {
        unfinished -= 1
        assert(unfinished >= 0, "more display transactions finished than started")
        guard unfinished == 0 else { return }
        for waiter in waiters.take() { waiter.resume() }
    }

    /// Returns once no transaction is pending (now, or when the last one is
    /// applied), the captures of the nodes marked so far started first.
    @MainActor
    static func waitUntilIdle() async {
        displayMarked()
        guard unfinished > 0 else { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

extension Array {
    /// Empties the array and returns what it held.
    fileprivate mutating func take() -> Array {
        defer { self = [] }
        return self
    }
}
