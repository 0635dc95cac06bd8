import DequeModule
import WeftCore

/// What one thread owes the graphs it touched: the work that must not happen while
/// it holds a graph's lock.
///
/// Handlers run outside every lock, so a handler may block, set any node or call
/// into another graph; objects that left a graph are released outside every lock,
/// so a `deinit` that reaches another graph takes that graph's lock without holding
/// one; sets asked for by a transform, which runs under its graph's lock, run once
/// the lock is let go. All three wait here until the thread lets go of its last
/// graph lock, and the outermost such moment empties them in a loop
/// (``leftGraph()``), never by nested calls: a handler that sets its own node a
/// million times over uses no more stack than one that sets it once.
///
/// One per thread (a `ThreadLocalRecord`); never shared, so it needs no lock.
final class WaveThread {
    /// How many graph locks this thread holds, counting nested holds of one.
    var depth = 0
    /// Set while ``leftGraph()`` empties the queues below, so that the sets and
    /// releases it causes leave their work to its loop.
    private var isDraining = false
    /// What left a graph while this thread held its lock; released one at a time.
    @exclusivity(unchecked) var graveyard = ContiguousArray<AnyObject>()
    /// Listen edges with values to deliver, each retained once and listed once.
    @exclusivity(unchecked) var deliveries = Deque<Unmanaged<AnyListenEdge>>()
    /// Sets asked for while this thread held a graph's lock, in order.
    @exclusivity(unchecked) var pending = Deque<() -> Void>()
    /// How deep the edge whose value ``pending`` is carrying is: 1 for an edge
    /// attached in a transform mid-wave, 2 for one attached by a transform that
    /// edge's push ran, and so on; 0 outside such a push.
    private(set) var linkGeneration = 0
    /// The deepest generation whose edges carry the current value when they are
    /// attached. A transform that links on every value it sees (round 4's G14:
    /// `a.link(to: b)` inside `b.link(to: c)`'s transform) made one more link
    /// per push, forever; deeper edges carry their source's next value instead.
    static let maximumLinkGeneration = 64
    /// Pushes of generation 2 or deeper the current drain has run. Depth alone
    /// does not bound them: two such transforms on one node double the pushes
    /// at each generation.
    private var deepPushes = 0
    /// The most pushes of generation 2 or deeper one drain runs; later ones
    /// carry their source's next value instead.
    static let maximumDeepPushes = 1_024

    private init() {}

    /// This thread's record, made on first use and released when the thread exits.
    static var current: WaveThread { records.current }

    private static let records = ThreadLocalRecord { WaveThread() }

    /// Whether an edge of `generation` carries the current value when attached:
    /// within ``maximumLinkGeneration`` and, from generation 2, within the
    /// drain's ``maximumDeepPushes``, which this counts.
    func admitsPush(ofGeneration generation: Int) -> Bool {
        guard generation <= Self.maximumLinkGeneration else { return false }
        guard generation >= 2 else { return true }
        deepPushes += 1
        return deepPushes <= Self.maximumDeepPushes
    }

    /// Runs `body` as the push of an edge of `generation`.
    func withLinkGeneration(_ generation: Int, _ body: () -> Void) {
        let outer = linkGeneration
        linkGeneration = generation
        defer { linkGeneration = outer }
        body()
    }

    /// Counts one more graph lock held.
    @inline(__always)
    func enteredGraph() {
        depth += 1
    }

    /// Counts one graph lock let go; after the last, releases what left the graphs,
    /// delivers values to listeners and runs queued sets, in that order, until all
    /// three are empty, unless an outer frame of this thread is already doing it.
    func leftGraph() {
        depth -= 1
        guard depth == 0, !isDraining else { return }
        isDraining = true
        deepPushes = 0
        while true {
            // A release may run a `deinit` that takes a graph's lock and lets it go
            // again; it finds `isDraining` set and leaves the rest to this loop.
            if graveyard.popLast() != nil { continue }
            if let listener = deliveries.popFirst() {
                deliver(listener)
            } else if let set = pending.popFirst() {
                set()
            } else {
                break
            }
        }
        isDraining = false
    }

    /// Calls the handler of `edge` with its oldest waiting value, outside every
    /// lock, then puts the edge back at the end of the queue if it has more: values
    /// reach each listener in order, and listeners take turns in wave order.
    private func deliver(_ edge: Unmanaged<AnyListenEdge>) {
        if edge._withUnsafeGuaranteedRef({ $0.deliverNext() }) {
            deliveries.append(edge)
        } else {
            edge.release()
        }
    }
}
