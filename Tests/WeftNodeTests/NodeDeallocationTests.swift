import Dispatch
import Foundation
import Synchronization
import Testing
import WeftCore
import WeftNode
import WeftTestSupport

/// Where and how often views died.
private final class ViewDeaths: Sendable {
    let threads = Mutex<[ThreadIdentity]>([])
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
    private let node: Mutex<DisplayNode?>

    init(_ node: consuming DisplayNode) {
        self.node = Mutex(node)
    }

    /// Drops the node on a background thread and returns once it did.
    func dropOnBackgroundThread() -> ThreadIdentity {
        let thread = Mutex<ThreadIdentity?>(nil)
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
        #expect(deaths.threads.withLock { $0 } == [ThreadIdentity.current])
        #expect(queue.statistics.releasedCount == 1)
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
        #expect(deaths.threads.withLock { $0 } == Array(repeating: ThreadIdentity.current, count: 6))
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
}
