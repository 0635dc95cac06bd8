import WeftCore
import DequeModule
import HeapModule
import Synchronization

/// Propagates values through every WeftReactive graph in the process, one wave at a
/// time, behind one gate.
///
/// **The gate.** A thread that sets a node, links, listens, cancels or reads a value
/// first takes the gate, a lock shared by every graph (a `PosixMutex`), so waves are
/// serialized process-wide and a reader never sees half a wave. One gate rather than one per
/// graph because graphs join and split at run time (`flatMap`, `link(to:)`), and a
/// single lock has no lock order to get wrong. Waves are short (microseconds), so the
/// gate is rarely contended.
///
/// **Re-entrancy.** Transforms and handlers run on the thread that holds the gate. A
/// call into the graph from there is recognized through `holder` and runs without
/// taking the gate again; a set (or a link's first push) made from inside a wave is
/// queued in `pending` and runs, in order, as soon as the current wave has delivered
/// to every listener, from a loop in the outermost set. So a handler that sets a node
/// never deadlocks, never sees a nested wave, and may do so without bound.
///
/// **Lifetimes.** A node's `deinit` takes the gate (through `withGraph`) before it
/// leaves the graph, so while a thread holds the gate no node or edge it can reach is
/// freed: a node whose last reference was dropped elsewhere waits, and a wave that
/// still reaches it only does harmless work on valid memory. That is what lets the
/// downstream and listener lists, and the hot path, go without retains and weak
/// loads. What leaves the graph (detached edges, the upstream edges of a dead node)
/// goes to `graveyard`, which the outermost hold of the gate drains before letting
/// go, one object at a time: a chain of any length is released by a loop, not by
/// nested `deinit`s that could overflow the stack.
// @unchecked Sendable: `gate`, `holder` and `serials` are thread-safe. Every other stored
// `var`, and every graph field of every node and edge, is read and written only by the
// thread whose identifier is in `holder`, which is the thread that holds `gate`.
final class PropagationEngine: @unchecked Sendable {
    static let shared = PropagationEngine()

    /// A pthread mutex rather than `Synchronization.Mutex`, so that ThreadSanitizer
    /// sees the hand-over (see `PosixMutex`).
    private let gate = PosixMutex(())
    /// The identifier of the thread holding `gate`, or zero.
    private let holder = Atomic<UInt>(0)
    /// Hands out node serial numbers, which name nodes in graph descriptions.
    let serials = Atomic<UInt64>(1)

    /// Counts waves; a node whose `visitedWave` equals it was updated in this wave.
    var wave: UInt64 = 0
    /// Counts schedulings, to order nodes of equal rank first-come, first-served.
    var schedulingOrder: UInt64 = 0
    // The collections below are `@exclusivity(unchecked)`: every access is under the
    // gate, and none spans a call that could re-enter the graph, so the dynamic checks
    // would only cost time on every hop.
    /// The nodes scheduled in this wave and not yet evaluated, lowest rank first.
    @exclusivity(unchecked) var frontier = Heap<FrontierEntry>()
    /// The nodes this wave updated that have listeners, in update order.
    @exclusivity(unchecked) var updated = ContiguousArray<AnyValueNode>()
    var isPropagating = false
    /// Set while the outermost set runs its wave and then the waves it asked for.
    var isDrainingPending = false
    /// Waves asked for while one was running (sets and first pushes made by
    /// transforms and handlers), run in order when it ends.
    @exclusivity(unchecked) var pending = Deque<() -> Void>()
    /// What left the graph during this hold of the gate; released at its end.
    @exclusivity(unchecked) var graveyard = ContiguousArray<AnyObject>()
    /// Counts topology searches; see `AnyValueNode.searchMark`.
    var searchMark: UInt64 = 0
    /// The stack of topology searches, kept to reuse its capacity.
    @exclusivity(unchecked) var searchStack = ContiguousArray<AnyValueNode>()

    private init() {}

    /// Runs `body` holding the gate: at once if this thread already holds it (a call
    /// from a transform or handler), otherwise after waiting for it.
    ///
    /// The outermost call last releases the graveyard, one object at a time: a
    /// release that frees more (a node's `deinit` adds its upstream edges) only adds
    /// to the graveyard.
    func withGraph<Result>(_ body: () -> Result) -> Result {
        let thread = ThreadIdentity.current.rawValue
        if holder.load(ordering: .relaxed) == thread {
            return body()
        }
        return gate.withLock { _ in
            holder.store(thread, ordering: .relaxed)
            defer { holder.store(0, ordering: .relaxed) }
            let result = body()
            while graveyard.popLast() != nil {}
            return result
        }
    }
}
