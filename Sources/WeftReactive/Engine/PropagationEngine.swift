import DequeModule
import HeapModule
import Synchronization

/// Propagates values through every WeftReactive graph in the process, one wave at a
/// time, behind one gate.
///
/// **The gate.** A thread that sets a node, links, listens, cancels or reads a value
/// first takes the gate, a `Mutex` shared by every graph, so waves are serialized
/// process-wide and a reader never sees half a wave. One gate rather than one per
/// graph because graphs join and split at run time (`flatMap`, `link(to:)`), and a
/// single lock has no lock order to get wrong. Waves are short (microseconds), so the
/// gate is rarely contended.
///
/// **Re-entrancy.** Transforms and handlers run on the thread that holds the gate. A
/// call into the graph from there is recognized through `holder` and runs without
/// taking the gate again; a set (or a link's first push) made from inside a wave is
/// queued in `pending` and runs, in order, as soon as the current wave has delivered
/// to every listener. So a handler that sets a node never deadlocks and never sees a
/// nested wave.
///
/// **Releases.** Edges detached while the gate is held go to `graveyard` and are
/// released after the gate is let go, so that whatever their release frees (closures,
/// user objects with a `deinit`) runs outside the gate. Node and edge `deinit`s never
/// touch shared state: a dead consumer leaves a tombstone (a `DownstreamLink` whose
/// node reads `nil`) that the next wave through its provider removes.
// @unchecked Sendable: `gate`, `holder` and `serials` are thread-safe. Every other stored
// `var`, and every graph field of every node and edge, is read and written only by the
// thread whose identifier is in `holder`, which is the thread that holds `gate`.
final class PropagationEngine: @unchecked Sendable {
    static let shared = PropagationEngine()

    private let gate = Mutex(())
    /// The identifier of the thread holding `gate`, or zero.
    private let holder = Atomic<UInt>(0)
    /// Hands out node serial numbers, which name nodes in graph descriptions.
    let serials = Atomic<UInt64>(1)

    /// Counts waves; a node whose `visitedWave` equals it was updated in this wave.
    var wave: UInt64 = 0
    /// Counts schedulings, to order nodes of equal rank first-come, first-served.
    var schedulingOrder: UInt64 = 0
    /// The nodes scheduled in this wave and not yet evaluated, lowest rank first.
    var frontier = Heap<FrontierEntry>()
    /// The nodes this wave updated that have listeners, in update order.
    var updated = ContiguousArray<AnyValueNode>()
    var isPropagating = false
    /// Waves asked for while one was running (sets and first pushes made by
    /// transforms and handlers), run in order when it ends.
    var pending = Deque<() -> Void>()
    /// Every attached listen edge, held strongly on behalf of its owner.
    var registry = ContiguousArray<AnyListenEdge>()
    /// Where the next incremental sweep of `registry` looks.
    var sweepCursor = 0
    /// How many registry entries each entry into the graph examines for a dead owner.
    let sweepBudget = 2
    /// Edges and listen edges detached while the gate is held; released after.
    var graveyard = ContiguousArray<AnyObject>()
    /// Counts topology searches; see `AnyValueNode.searchMark`.
    var searchMark: UInt64 = 0
    /// The stack of topology searches, kept to reuse its capacity.
    var searchStack = ContiguousArray<AnyValueNode>()

    private init() {}

    /// Runs `body` holding the gate: at once if this thread already holds it (a call
    /// from a transform or handler), otherwise after waiting for it.
    ///
    /// The outermost call first examines ``sweepBudget`` listen edges for a dead owner,
    /// and releases what was detached only after letting the gate go.
    func withGraph<Result: Sendable>(_ body: () -> Result) -> Result {
        let thread = CurrentThread.identifier
        if holder.load(ordering: .relaxed) == thread {
            return body()
        }
        var released = ContiguousArray<AnyObject>()
        let result = gate.withLock { _ in
            holder.store(thread, ordering: .relaxed)
            defer {
                swap(&released, &graveyard)
                holder.store(0, ordering: .relaxed)
            }
            sweep(budget: sweepBudget)
            return body()
        }
        while released.popLast() != nil {}
        return result
    }

    /// Whether the calling thread holds the gate.
    var isHeldByCurrentThread: Bool {
        holder.load(ordering: .relaxed) == CurrentThread.identifier
    }
}
