import Dispatch
import Foundation
import Synchronization
import Testing
import Weft
import WeftTestSupport
import WeftMemory
import WeftHeadless
import WeftCore
import WeftDataController

/// The three containers, made over a manual main context and a dealloc queue of
/// the test's own, so that the test decides when commits run and can drain.
enum ContainerKind: String, CaseIterable, Sendable {
    case collection, table, pager

    @MainActor
    func make(
        scheduler: ManualMainScheduler, queue: DeallocQueue, itemLoading: DataController.ItemLoading = .eager,
        diagnostics: DiagnosticsLog = DiagnosticsLog()
    ) throws -> CollectionNode {
        switch self {
        case .collection:
            CollectionNode(
                layout: try ListLayout(), view: HeadlessCollectionView(), itemLoading: itemLoading, mainScheduler: scheduler, deallocQueue: queue,
                diagnostics: diagnostics)
        case .table:
            try TableNode(itemLoading: itemLoading, view: HeadlessCollectionView(viewKind: .table), mainScheduler: scheduler, deallocQueue: queue, diagnostics: diagnostics)
        case .pager:
            PagerNode(itemLoading: itemLoading, view: HeadlessCollectionView(), mainScheduler: scheduler, deallocQueue: queue, diagnostics: diagnostics)
        }
    }

    /// A container of this kind on `dataSource`, 320 x 500 and visible, loaded and settled.
    @MainActor
    func loaded(
        _ dataSource: any CollectionNodeDataSource, scheduler: ManualMainScheduler,
        diagnostics: DiagnosticsLog = DiagnosticsLog()
    ) throws -> CollectionNode {
        let container = try make(scheduler: scheduler, queue: try DeallocQueue(), diagnostics: diagnostics)
        container.dataSource = dataSource
        container.viewportSize = CGSize(width: 320, height: 500)
        container.isVisible = true
        container.reloadData()
        container.waitUntilAllUpdatesAreProcessed()
        return container
    }
}

/// A cell with automatic subnode management: its layout spec stacks a title and,
/// when the cell is at least 300 points wide, a photo; `extra` adds a badge. Every node
/// of the cell holds a token of `tracker`, so a test sees where each one died.
final class ManagedCell: CellNode, @unchecked Sendable {
    let title = TrackedNode()
    let photo = TrackedNode()
    let badge = TrackedNode()
    private let token: LifetimeTracker.Instance?
    private let showsBadge = Atomic(false)

    init(tracker: LifetimeTracker?) {
        token = tracker?.makeInstance()
        title.token = tracker?.makeInstance()
        photo.token = tracker?.makeInstance()
        badge.token = tracker?.makeInstance()
        super.init()
        automaticallyManagesSubnodes = true
    }

    var extra: Bool {
        get { showsBadge.load(ordering: .relaxed) }
        set { showsBadge.store(newValue, ordering: .relaxed) }
    }

    /// A title, a photo when there is room, and a badge when asked: the spec
    /// names the subnodes, and automatic subnode management follows it.
    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        let width = range.max.width.isFinite ? range.max.width : 320
        var rows: [LayoutSpec] = [.node(title)]
        if width >= 300 { rows.append(.node(photo)) }
        if extra { rows.append(.node(badge)) }
        return .inset(EdgeInsets(all: 8), child: .stack(
            .vertical, spacing: 4, children: rows.map { $0.style { $0.height = .points(20) } }))
    }
}

/// A subnode that dies with a token of the test's tracker.
final class TrackedNode: DisplayNode, @unchecked Sendable {
    nonisolated(unsafe) var token: LifetimeTracker.Instance?
}

/// A counter that closures can share.
final class SharedCounter: Sendable {
    private let value = Atomic(0)
    /// Adds one and returns the count before.
    @discardableResult func increment() -> Int { value.wrappingAdd(1, ordering: .relaxed).oldValue }
    var count: Int { value.load(ordering: .relaxed) }
}

/// A data source of `count` managed cells, counting the node blocks that run.
@MainActor
final class ManagedFeed: CollectionNodeDataSource {
    var count: Int
    let tracker: LifetimeTracker?
    let blocksRun = SharedCounter()
    /// Runs inside each node block, on the allocation thread, before the cell is made.
    nonisolated(unsafe) var beforeEachBlock: (@Sendable () -> Void)?

    init(count: Int, tracker: LifetimeTracker?) {
        self.count = count
        self.tracker = tracker
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let tracker = tracker, counter = blocksRun, before = beforeEachBlock
        return {
            before?()
            counter.increment()
            return ManagedCell(tracker: tracker)
        }
    }
}

@MainActor
@Suite struct ContainerLifecycleTests {
    @Test(arguments: ContainerKind.allCases)
    func droppingALoadedContainerReleasesEveryNodeOffTheReleasingThread(kind: ContainerKind) throws {
        let tracker = LifetimeTracker(capacity: 2_000 * 4)
        let scheduler = ManualMainScheduler()
        let queue = try DeallocQueue()
        let views = try MainContextReleaseQueue(scheduler: scheduler)
        let feed = ManagedFeed(count: 2_000, tracker: tracker)
        var container: CollectionNode? = try kind.make(scheduler: scheduler, queue: queue)
        container?.dataSource = feed
        container?.viewportSize = CGSize(width: 320, height: 500)
        container?.isVisible = true
        container?.reloadData()
        container?.waitUntilAllUpdatesAreProcessed()
        // Load the views of the visible cells, as a UIKit adapter would.
        var loadedViews = 0
        for node in container?.visibleNodes ?? [] {
            node.viewReleaseQueue = views
            _ = node.view
            loadedViews += 1
        }
        #expect(loadedViews > 0)
        #expect(tracker.instanceCount == 8_000 && tracker.liveCount == 8_000)

        let main = ThreadIdentity.current
        container = nil
        // Nothing died here: the data controller, the view and the ranges handed
        // everything to the queue.
        #expect(tracker.deinitThreads[main] == nil, "\(tracker.deinitThreads[main] ?? 0) nodes died on the releasing thread")
        try queue.drain()
        #expect(tracker.everyInstanceDiedOnce, "\(tracker.liveCount) nodes alive after the drain")
        #expect(tracker.deinitThreads[main] == nil)
        // The views went to main, a few per turn, and none died before its node:
        // every node is dead here and no view has been released yet (L56).
        #expect(views.statistics.enqueuedCount == loadedViews)
        #expect(views.statistics.releasedCount == 0)
        var turns = 0
        while scheduler.runNext() { turns += 1 }
        #expect(views.statistics.releasedCount == loadedViews)
        #expect(turns >= (loadedViews + views.batchSize - 1) / views.batchSize)
    }

    /// TEXTURE-PARITY L19 ("different"): Texture's data controller is the only
    /// strong owner of every cell node, and its range controller keeps no map. In
    /// Weft the range controller and the backing view (its cells, once it has
    /// shown them) also hold the visible version: one persistent map shared three
    /// ways. A view the app keeps keeps its cells' nodes after their collection is
    /// gone, and hands them to the dealloc queue when it dies.
    @Test func theBackingViewAlsoOwnsTheNodesItShows() throws {
        let scheduler = ManualMainScheduler()
        let queue = try DeallocQueue()
        let chat = Chat(Array(0 ..< 5))
        var view: HeadlessCollectionView? = HeadlessCollectionView(deallocQueue: queue)
        weak var shown: CellNode?
        do {
            let container = CollectionNode(layout: try ListLayout(), view: view!, mainScheduler: scheduler, deallocQueue: queue)
            container.dataSource = chat
            container.viewportSize = CGSize(width: 320, height: 500)
            container.reloadData()
            container.waitUntilAllUpdatesAreProcessed()
            let node = container.nodeForItem(at: IndexPath(item: 0, section: 0))
            shown = node
            let cell = view?.cellForItem(at: IndexPath(item: 0, section: 0)) as? CollectionElement
            #expect(node != nil && cell?.nodeIfAllocated === node, "the view's cells hold the visible elements")
            #expect(container.rangeController.visibleMap.element(at: IndexPath(item: 0, section: 0)) === cell,
                    "and so does the range controller's visible map")
        }
        scheduler.runAll()
        try queue.drain()
        #expect(shown != nil, "the view the app keeps still holds the node its collection let go")
        view = nil
        try queue.drain()
        #expect(shown == nil, "until the view goes")
    }

    /// A loaded, visible container of ten `ManagedCell`s (four tracked nodes each).
    func tenManagedCells(
        _ kind: ContainerKind, tracker: LifetimeTracker
    ) throws -> (CollectionNode, ManagedFeed, ManualMainScheduler, DeallocQueue) {
        let scheduler = ManualMainScheduler()
        let queue = try DeallocQueue()
        let feed = ManagedFeed(count: 10, tracker: tracker)
        let container = try kind.make(scheduler: scheduler, queue: queue)
        container.dataSource = feed
        container.viewportSize = CGSize(width: 320, height: 500)
        container.isVisible = true
        container.reloadData()
        container.waitUntilAllUpdatesAreProcessed()
        #expect(tracker.liveCount == 40)
        return (container, feed, scheduler, queue)
    }

    /// TEXTURE-PARITY L25, through every container: the nodes of deleted items
    /// die on the dealloc queue's thread after the delete commits, never on main.
    @Test(arguments: ContainerKind.allCases)
    func deletedItemsNodesDieOffMain(kind: ContainerKind) throws {
        let tracker = LifetimeTracker(capacity: 10 * 4)
        let (container, feed, scheduler, queue) = try tenManagedCells(kind, tracker: tracker)
        try container.performBatchUpdates {
            feed.count = 7
            try container.deleteItems(at: (0 ..< 3).map { IndexPath(item: $0, section: 0) })
        }
        container.waitUntilAllUpdatesAreProcessed()
        scheduler.runAll()
        let main = ThreadIdentity.current
        #expect(tracker.deinitThreads[main] == nil, "\(kind): a deleted node died on main")
        try queue.drain()
        #expect(tracker.liveCount == 28, "\(kind): the three deleted cells and their subnodes died")
        #expect(tracker.deinitThreads[main] == nil)
    }

    /// SEED-PARITY R6, the whole reload: `reloadData` of a loaded container
    /// releases every old node, on the dealloc queue's thread, once it commits.
    @Test(arguments: ContainerKind.allCases)
    func aReloadOfEverythingReleasesTheOldNodesOffMain(kind: ContainerKind) throws {
        let tracker = LifetimeTracker(capacity: 20 * 4)
        let (container, feed, scheduler, queue) = try tenManagedCells(kind, tracker: tracker)
        defer { withExtendedLifetime(feed) {} }  // the container holds its data source weakly
        container.reloadData()
        container.waitUntilAllUpdatesAreProcessed()
        scheduler.runAll()
        let main = ThreadIdentity.current
        try queue.drain()
        #expect(tracker.instanceCount == 80 && tracker.liveCount == 40, "\(kind): the ten old cells and their subnodes died")
        #expect(tracker.deinitThreads[main] == nil, "\(kind): none on main")
    }

    @Test func aBareDataControllerReleasesItsNodesOffTheReleasingThread() throws {
        let tracker = LifetimeTracker(capacity: 500 * 4)
        let scheduler = ManualMainScheduler()
        let queue = try DeallocQueue()
        let feed = ManagedFeed(count: 500, tracker: tracker)
        let adapter = BareSource(feed: feed)
        var controller: DataController? = DataController(mainScheduler: scheduler, deallocQueue: queue)
        controller?.dataSource = adapter
        controller?.reloadData()
        controller?.waitUntilAllUpdatesAreProcessed()
        #expect(tracker.liveCount == 2_000)
        let main = ThreadIdentity.current
        controller = nil
        #expect(tracker.deinitThreads[main] == nil)
        try queue.drain()
        #expect(tracker.everyInstanceDiedOnce && tracker.deinitThreads[main] == nil)
    }

    @Test func droppingAContainerWithAnUpdateInFlightRunsNoMoreNodeBlocks() throws {
        let tracker = LifetimeTracker(capacity: 100 * 4)
        let scheduler = ManualMainScheduler()
        let queue = try DeallocQueue()
        let feed = ManagedFeed(count: 0, tracker: tracker)
        var container: CollectionNode? = try ContainerKind.collection.make(scheduler: scheduler, queue: queue)
        container?.dataSource = feed
        container?.viewportSize = CGSize(width: 320, height: 500)
        container?.reloadData()
        container?.waitUntilAllUpdatesAreProcessed()
        container?.dataController.nodeAllocation = .serial

        // The first node block of the next update blocks until the container is gone.
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let calls = SharedCounter()
        feed.beforeEachBlock = {
            if calls.increment() == 0 {
                started.signal()
                gate.wait()
            }
        }
        feed.count = 100
        var completed: Result<Void, DataControllerError>?
        container?.dataController.updateWithChangeSet({
            var changes = container!.dataController.makeChangeSet()
            changes.insertItems(at: (0 ..< 100).map { IndexPath(item: $0, section: 0) })
            return changes
        }()) { completed = $0 }
        started.wait()
        let main = ThreadIdentity.current
        weak let dataController = container?.dataController
        weak let weakContainer = container
        container = nil
        #expect(weakContainer == nil)
        #expect(dataController == nil)
        gate.signal()
        // The editing queue finishes the one block that was running and makes no
        // more; its element, and so the one cell, die there when the work ends.
        tracker.waitUntilEveryInstanceDied()
        #expect(feed.blocksRun.count == 1)
        #expect(tracker.instanceCount == 4 && tracker.everyInstanceDiedOnce)
        #expect(tracker.deinitThreads[main] == nil)
        try queue.drain()
        scheduler.runAll()
        // A commit for a container that is gone never runs; its completion hears
        // why (it heard nothing before, and an `await` on it waited for good).
        guard case .failure(.released) = completed else {
            Issue.record("expected .failure(.released), got \(String(describing: completed))")
            return
        }
    }
}

/// Automatic subnode management inside cells, through each container.
@MainActor
@Suite struct CellSubnodeTests {
    func loaded(_ kind: ContainerKind, count: Int = 20) throws -> (CollectionNode, ManagedFeed, ManualMainScheduler) {
        let scheduler = ManualMainScheduler()
        let feed = ManagedFeed(count: count, tracker: nil)
        return (try kind.loaded(feed, scheduler: scheduler), feed, scheduler)
    }

    @Test(arguments: ContainerKind.allCases)
    func cellsGetTheSubnodesTheirLayoutNamesAndTheirStates(kind: ContainerKind) throws {
        let (container, _, _) = try loaded(kind)
        let visible = container.visibleNodes.compactMap { $0 as? ManagedCell }
        #expect(!visible.isEmpty)
        for cell in visible {
            #expect(cell.subnodes.map(ObjectIdentifier.init) == [cell.title, cell.photo].map(ObjectIdentifier.init))
            #expect(cell.isVisible && cell.title.isVisible && cell.photo.isVisible)
            #expect(cell.title.isRangeManaged)
        }
    }

    @Test(arguments: ContainerKind.allCases)
    func aNarrowerViewportRelaysOutTheCellsAndTheirSubnodesFollow(kind: ContainerKind) throws {
        let (container, _, scheduler) = try loaded(kind)
        let cell = try #require(container.visibleNodes.first as? ManagedCell)
        container.viewportSize = CGSize(width: 200, height: 500)  // too narrow for the photo
        container.waitUntilAllUpdatesAreProcessed()
        scheduler.runAll()
        #expect(cell.subnodes.map(ObjectIdentifier.init) == [ObjectIdentifier(cell.title)])
        // A subnode leaving a range-managed cell keeps its state, as in Texture.
        #expect(cell.photo.supernode == nil && cell.photo.isVisible)
        #expect(container.dataController.layoutErrors.isEmpty)
    }

    @Test(arguments: ContainerKind.allCases)
    func setNeedsLayoutThenALayoutPassUpdatesAVisibleCell(kind: ContainerKind) throws {
        let (container, _, _) = try loaded(kind)
        let cell = try #require(container.visibleNodes.first as? ManagedCell)
        cell.extra = true
        cell.setNeedsLayout()
        container.layoutIfNeeded()
        #expect(cell.subnodes.map(ObjectIdentifier.init) == [cell.title, cell.photo, cell.badge].map(ObjectIdentifier.init))
        #expect(cell.badge.isVisible)  // the new subnode ORs in the cell's state
        #expect(container.layoutErrors.isEmpty)
    }
}

/// A data controller's data source over a managed feed, without a container.
@MainActor
final class BareSource: DataControllerDataSource {
    let feed: ManagedFeed

    init(feed: ManagedFeed) { self.feed = feed }

    func numberOfSections(in dataController: DataController) -> Int { 1 }

    func dataController(_ dataController: DataController, numberOfItemsInSection section: Int) -> Int { feed.count }

    func dataController(_ dataController: DataController, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let tracker = feed.tracker
        return { ManagedCell(tracker: tracker) }
    }

    func dataController(_ dataController: DataController, constrainedSizeForItemAt indexPath: IndexPath) -> SizeRange {
        (try? SizeRange(min: CGSize(width: 320, height: 0), max: CGSize(width: 320, height: CGFloat.infinity))) ?? .unconstrained
    }
}
