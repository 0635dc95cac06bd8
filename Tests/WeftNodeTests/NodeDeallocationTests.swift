import Dispatch
import Foundation
import Testing
import WeftCore
import WeftNode
import WeftTestSupport

/// Where and how often views died.
private final class ViewDeaths: Sendable {
    let threads = PosixMutex<[ThreadIdentity]>([])
    var count: Int { threads.withLock { $0.count } }
}

/// A view that records the thread its deinitializer ran on.
@MainActor
private final class TrackedView: NodeView {
    var frame = CGRect.zero
    let deaths: ViewDeaths

    init(_ deaths: ViewDeaths) {
        self.deaths = deaths
    }

    deinit {
        deaths.threads.withLock { $0.append(.current) }
    }
}

private final class TrackedViewNode: DisplayNode, @unchecked Sendable {
    let deaths: ViewDeaths

    init(_ deaths: ViewDeaths, queue: MainContextReleaseQueue) {
        self.deaths = deaths
        super.init()
        viewReleaseQueue = queue
    }

    override func makeView() -> any NodeView {
        TrackedView(deaths)
    }
}

/// Holds the only reference to a node until a background thread drops it.
private final class Handoff: Sendable {
    private let node: PosixMutex<DisplayNode?>

    init(_ node: consuming DisplayNode) {
        self.node = PosixMutex(node)
    }

    /// Drops the node on a background thread and returns once it did.
    func dropOnBackgroundThread() -> ThreadIdentity {
        let thread = PosixMutex<ThreadIdentity?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            self.node.withLock { $0 = nil }
            thread.withLock { $0 = .current }
            done.signal()
        }
        done.wait()
        return thread.withLock { $0! }
    }
}

@MainActor
@Suite struct NodeDeallocationTests {
    @Test func aNodeDyingOffMainHandsItsViewToMain() throws {
        let scheduler = ManualMainScheduler()
        let queue = try MainContextReleaseQueue(scheduler: scheduler)
        let deaths = ViewDeaths()
        weak var weakNode: DisplayNode?
        let handoff: Handoff
        do {
            let node = TrackedViewNode(deaths, queue: queue)
            try node.recursivelySetInterfaceState([.preload, .display])
            _ = node.view
            try node.recursivelySetInterfaceState([])
            weakNode = node
            handoff = Handoff(node)
        }
        let background = handoff.dropOnBackgroundThread()
        #expect(background != ThreadIdentity.current)
        // The node died there; its view waits for a main-context turn.
        #expect(weakNode == nil)
        #expect(deaths.count == 0)
        #expect(queue.statistics.pendingCount == 1)
        #expect(scheduler.runNext())
        let threadsSeen = deaths.threads.withLock { $0 }
        #expect(threadsSeen == [ThreadIdentity.current])
        #expect(queue.statistics.releasedCount == 1)
    }

    /// TEXTURE-PARITY L63: a view the app retains outlives its node and the
    /// release queue: the queue drops only its own reference on main.
    @Test func aViewTheAppRetainsOutlivesItsNodeAndTheQueuesTurn() throws {
        let scheduler = ManualMainScheduler()
        let queue = try MainContextReleaseQueue(scheduler: scheduler)
        let deaths = ViewDeaths()
        let handoff: Handoff
        var retained: (any NodeView)?
        do {
            let node = TrackedViewNode(deaths, queue: queue)
            try node.recursivelySetInterfaceState([.preload, .display])
            retained = node.view
            try node.recursivelySetInterfaceState([])
            handoff = Handoff(node)
        }
        _ = handoff.dropOnBackgroundThread()
        #expect(scheduler.runNext())
        #expect(queue.statistics.releasedCount == 1, "the queue let go of its reference")
        #expect(deaths.count == 0 && retained != nil, "the app's reference keeps the view")
        retained = nil
        #expect(deaths.count == 1)
    }

    @Test func aWholeSubtreeDyingOffMainSendsEveryLoadedViewToMain() throws {
        let scheduler = ManualMainScheduler()
        let queue = try MainContextReleaseQueue(batchSize: 4, scheduler: scheduler)
        let deaths = ViewDeaths()
        let handoff: Handoff
        do {
            let root = TrackedViewNode(deaths, queue: queue)
            for i in 0 ..< 10 {
                let child = TrackedViewNode(deaths, queue: queue)
                try root.addSubnode(child)
                if i.isMultiple(of: 2) { _ = child.view }  // five children load
            }
            _ = root.view
            handoff = Handoff(root)
        }
        _ = handoff.dropOnBackgroundThread()
        #expect(deaths.count == 0)
        #expect(queue.statistics.pendingCount == 6)
        scheduler.runAll()
        let threadsSeen = deaths.threads.withLock { $0 }
        #expect(threadsSeen == Array(repeating: ThreadIdentity.current, count: 6))
    }

    @Test func aNodeWithoutAViewHandsNothingOver() throws {
        let scheduler = ManualMainScheduler()
        let queue = try MainContextReleaseQueue(scheduler: scheduler)
        let handoff = Handoff(TrackedViewNode(ViewDeaths(), queue: queue))
        _ = handoff.dropOnBackgroundThread()
        #expect(queue.statistics.enqueuedCount == 0)
        #expect(scheduler.pendingJobCount == 0)
    }

    @Test func theSharedQueueIsTheDefault() {
        #expect(DisplayNode().viewReleaseQueue === MainContextReleaseQueue.shared)
    }

    @Test func fiftyThousandNestedSubnodesAreReleasedByALoop() throws {
        // Nested deinits overflowed the stack at about 10k levels in debug (30k in
        // release); DeepHierarchyScaleTests releases a million in a release build.
        weak var weakLeaf: DisplayNode?
        var root: DisplayNode? = try makeNestedChain(depth: 50_000) { weakLeaf = $0 }
        #expect(weakLeaf != nil)
        root = nil
        #expect(weakLeaf == nil && root == nil)
    }

    @Test func aDeepChainOfMeasuredNodesIsReleasedByALoop() throws {
        // Layouts hold their children too: each level measured holds the next twice.
        weak var weakLeaf: DisplayNode?
        var root: DisplayNode? = DisplayNode()
        do {
            var current = root!
            for _ in 0 ..< 50_000 {
                let child = DisplayNode()
                try current.addSubnode(child)
                _ = current.layoutThatFits(.unconstrained)
                current = child
            }
            weakLeaf = current
        }
        root = nil
        #expect(weakLeaf == nil)
    }
}

/// A root with `depth` nested subnodes below it; `leaf` receives the deepest.
func makeNestedChain(depth: Int, leaf: (DisplayNode) -> Void) throws -> DisplayNode {
    let root = DisplayNode()
    var current = root
    for _ in 0 ..< depth {
        let child = DisplayNode()
        try current.addSubnode(child)
        current = child
    }
    leaf(current)
    return root
}

/// A million nested subnodes, in release builds only (scripts/test runs them there):
/// they take seconds optimized and minutes under the sanitizers.
@Suite(.enabled(if: isReleaseBuild, "a release build's scale"))
struct DeepHierarchyScaleTests {
    @Test func aMillionNestedSubnodesAreReleasedByALoop() throws {
        weak var weakLeaf: DisplayNode?
        var root: DisplayNode? = try makeNestedChain(depth: 1_000_000) { weakLeaf = $0 }
        #expect(weakLeaf != nil)
        root = nil
        #expect(weakLeaf == nil && root == nil)
    }
}
