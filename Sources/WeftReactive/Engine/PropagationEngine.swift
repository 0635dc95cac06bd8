import WeftCore
import HeapModule
import Synchronization

/// Propagates values through one graph (a set of nodes connected by links), one
/// wave at a time, behind the graph's own lock.
///
/// **One lock per graph.** A thread that sets a node, links, listens, cancels or
/// reads a value first takes the lock of the node's graph, so waves in one graph
/// are serialized and a reader never sees half a wave, while graphs that share no
/// node never wait for each other. Every node starts in an engine of its own (an
/// operator's node joins its source's); linking nodes of two graphs merges them:
/// with both locks held, the smaller engine forwards to the larger one for good
/// (``forward``), and a node finds its graph's engine by following forwards from
/// the engine it was born in (``AnyValueNode/home``). Graphs are never split: a
/// removed link leaves one graph whose parts wait for each other's waves.
///
/// **What runs under the lock.** Waves and transforms. Handlers, the sets a
/// transform asks for, and the release of what left the graph wait in the
/// thread's ``WaveThread`` until it lets go of its last lock. So a handler may
/// block, set its own or another graph, or wait for a thread that sets this graph,
/// without deadlock. A transform must not wait for another thread; reading a node
/// of another graph from a transform takes that graph's lock while holding this
/// one, unless that wait would close a cycle of waiting threads (`GraphWaits`),
/// and a link from a transform that cannot take the other graph at once is made
/// when the wave ends (see <doc:Ownership>).
///
/// **Re-entrancy.** A call into the graph from a transform is recognized through
/// ``holder`` and runs without taking the lock again.
///
/// **Lifetimes.** A node's `deinit` takes its graph's lock before it leaves the
/// graph, so while a thread holds the lock no node or edge it can reach is freed
/// by another thread. That is what lets the downstream and listener lists, and the
/// hot path, go without retains and weak loads.
// @usableFromInline: `map`, inlined into its caller, calls `makeNode(near:_:)`.
// @unchecked Sendable: `gate`, `holder` and `forward` are thread-safe, and
// `forwardTarget` is written once, under `gate`, before `forward` publishes it.
// Every other stored `var`, and every graph field of every node and edge whose
// graph this engine runs, is read and written only by the thread whose identifier
// is in `holder`, which is the thread that holds `gate`.
@usableFromInline final class PropagationEngine: @unchecked Sendable {
    /// Hands out node serial numbers, which name nodes in graph descriptions.
    static let serials = Atomic<UInt64>(1)
    /// Hands out blocks of wave numbers, unique in the process, so that a node's
    /// marks stay meaningful when its graph merges into another. Marks are only
    /// compared for equality, so numbers need not grow across blocks.
    private static let waveBlocks = Atomic<UInt64>(0)
    /// How many wave numbers an engine takes at a time: two threads setting two
    /// graphs then touch the shared counter once per thousand waves, not per wave.
    private static let waveBlockSize: UInt64 = 1 << 10
    /// Hands out topology search marks, unique in the process for the same reason.
    private static let searches = Atomic<UInt64>(1)

    /// A pthread mutex rather than `Synchronization.Mutex`, so that ThreadSanitizer
    /// sees the hand-over (see `PosixMutex`).
    let gate = PosixMutex(())
    /// The identifier of the thread holding `gate`, or zero.
    let holder = Atomic<UInt>(0)
    /// The engine this one merged into, or `nil` while it runs a graph itself.
    private let forward = Atomic<Unmanaged<PropagationEngine>?>(nil)
    /// Keeps the engine `forward` names alive, as the nodes born here need it.
    private var forwardTarget: PropagationEngine?
    /// How many nodes joined this graph; a merge keeps the larger engine, so
    /// forward chains stay short.
    var nodeCount = 0

    /// The current wave; a node whose `visitedWave` equals it was updated in it.
    var wave: UInt64 = 0
    /// The last number of the engine's block of wave numbers; `wave` starts there,
    /// so the first wave takes a block.
    private var waveBlockEnd: UInt64 = 0
    /// Counts schedulings, to order nodes of equal rank first-come, first-served.
    var schedulingOrder: UInt64 = 0
    // The collections below are `@exclusivity(unchecked)`: every access is under the
    // lock, and none spans a call that could re-enter the graph, so the dynamic
    // checks would only cost time on every hop.
    /// The nodes scheduled in this wave and not yet evaluated, lowest rank first.
    @exclusivity(unchecked) var frontier = Heap<FrontierEntry>()
    /// The frontier's only entry, kept out of the heap: a chain's next node is
    /// always alone, and skips the heap. When set, `frontier` is empty.
    var frontierFront: FrontierEntry?
    var isPropagating = false
    /// The frontier entries (by `order`) of nodes that died while scheduled.
    @exclusivity(unchecked) var cancelledEntries = ContiguousArray<UInt64>()
    /// The innermost running evaluation (an operator made inside a transform
    /// evaluates its new node inside another evaluation), or `nil`.
    var runningEvaluation: UnsafeMutablePointer<EvaluationFrame>?
    /// The current topology search; see `AnyValueNode.searchMark`.
    var searchMark: UInt64 = 0
    /// The stack of topology searches, kept to reuse its capacity.
    @exclusivity(unchecked) var searchStack = ContiguousArray<AnyValueNode>()

    init() {}

    /// Begins a wave: a number no node of any graph has seen.
    func nextWave() -> UInt64 {
        if wave == waveBlockEnd {
            waveBlockEnd = Self.waveBlocks.wrappingAdd(Self.waveBlockSize, ordering: .relaxed).newValue
            return waveBlockEnd - Self.waveBlockSize + 1
        }
        return wave + 1
    }

    /// Begins a topology search: a mark no node of any graph carries.
    func nextSearch() -> UInt64 {
        Self.searches.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// The engine that runs this engine's graph now: itself, or the end of its
    /// forwards. Stable while the caller holds the returned engine's lock.
    var root: PropagationEngine {
        var engine = self
        while let next = engine.forward.load(ordering: .acquiring) {
            engine = next.takeUnretainedValue()
        }
        return engine
    }

    var isRoot: Bool { forward.load(ordering: .acquiring) == nil }

    /// Takes the lock of the engine that runs this graph, following merges that
    /// happen while waiting, and returns that engine.
    func lockRoot() -> PropagationEngine {
        var engine = root
        while true {
            engine.gate.lock()
            if engine.isRoot { return engine }
            engine.gate.unlock()
            engine = engine.root
        }
    }

    /// Makes this engine, locked by the caller, forward to `survivor`, also locked by
    /// the caller: `survivor` runs both graphs from now on.
    func merge(into survivor: PropagationEngine) {
        precondition(
            !isPropagating,
            "WeftReactive: a transform linked two graphs while both were mid-wave on one thread; "
                + "combine the graphs before the wave instead")
        assert(frontier.isEmpty && frontierFront == nil)
        survivor.nodeCount += nodeCount
        forwardTarget = survivor
        forward.store(.passUnretained(survivor), ordering: .releasing)
    }
}
