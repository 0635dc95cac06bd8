import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftCore
import WeftHeadless
import WeftMemory
import WeftRangeController

/// Lazy containers, end to end: a million items without a million nodes, the
/// same content as an eager container, and nothing on screen jumps while
/// estimates are corrected.
@MainActor
@Suite struct LazyLoadingTests {
    private func lazyFeed(count: Int, estimate: CGFloat = 44) throws -> StoryFeed {
        try StoryFeed(count: count) { scheduler, deallocQueue in
            CollectionNode(
                layout: try ListLayout(estimatedItemLength: estimate), view: HeadlessCollectionView(), itemLoading: .lazy, mainScheduler: scheduler,
                deallocQueue: deallocQueue)
        }
    }

    private func settle(_ feed: StoryFeed) {
        settleLoads(feed.node, feed.scheduler)
    }

    private func shownStories(_ feed: StoryFeed) -> [Story] {
        feed.node.visibleNodes.map { ($0 as! StoryNode).story }
    }

    @Test func aMillionStoriesShowTheirFirstScreenWithAFewNodes() throws {
        let feed = try lazyFeed(count: 1_000_000)
        feed.load()
        settle(feed)
        #expect(shownStories(feed).map(\.id) == Array(0 ..< 5), "500 points of 100-point stories")
        #expect(feed.nodeBlockRequests < 40, "only the measure range is made: \(feed.nodeBlockRequests)")
        #expect(feed.view.inconsistencies.isEmpty && feed.node.rangeErrors.isEmpty)
        for node in feed.node.visibleNodes { #expect(node.interfaceState == .all) }
    }

    @Test func lazyAndEagerShowTheSameWhileScrolling() throws {
        let lazy = try lazyFeed(count: 300, estimate: 100)
        let eager = try StoryFeed(count: 300)
        for feed in [lazy, eager] {
            feed.load()
            settle(feed)
        }
        for step in 0 ..< 40 {
            for feed in [lazy, eager] {
                feed.node.contentOffset.y += step < 30 ? 230 : -170
                feed.node.layoutIfNeeded()
                settle(feed)
            }
            #expect(shownStories(lazy) == shownStories(eager), "step \(step)")
            #expect(lazy.node.indexPathsForVisibleItems == eager.node.indexPathsForVisibleItems)
            #expect(lazy.node.visibleNodes.map(\.interfaceState) == eager.node.visibleNodes.map(\.interfaceState))
        }
        #expect(lazy.nodeBlockRequests < eager.nodeBlockRequests)
        #expect(lazy.view.inconsistencies.isEmpty && lazy.view.divergences.isEmpty)
    }

    @Test func aJumpMakesOnlyWhatItLandsOn() throws {
        let feed = try lazyFeed(count: 1_000_000)
        feed.load()
        settle(feed)
        // The first screen's stories were measured at 100 points: every estimate is 100 now.
        let before = feed.nodeBlockRequests
        feed.node.contentOffset.y = 100 * 600_000
        feed.node.layoutIfNeeded()
        settle(feed)
        let shown = shownStories(feed).map(\.id)
        #expect(shown.map(\.self) == Array(600_000 ..< 600_005))
        #expect(feed.nodeBlockRequests - before < 80, "\(feed.nodeBlockRequests - before) node blocks for one jump")
    }

    @Test func correctedEstimatesAboveTheViewportMoveNothingOnScreen() throws {
        let feed = try lazyFeed(count: 10_000, estimate: 30)
        feed.makeNode = { VariedStoryNode(story: $0) }
        feed.load()
        settle(feed)
        feed.node.contentOffset.y = 30 * 5_000
        feed.node.layoutIfNeeded()
        settle(feed)
        let first = try #require(feed.node.indexPathsForVisibleItems.first)
        let frame = try #require(feed.node.layout.frameForItem(at: first))
        let onScreen = frame.minY - feed.node.contentOffset.y
        // Scrolling up a little brings stories of 50 to 150 points, estimated at
        // their running mean, into the measure range above the viewport; as they
        // are measured, the first visible story stays where it was on screen.
        feed.node.contentOffset.y -= 10
        feed.node.layoutIfNeeded()
        settle(feed)
        let again = try #require(feed.node.layout.frameForItem(at: first))
        #expect(feed.rangeStatistics.itemsLoaded > 0)
        #expect(abs((again.minY - feed.node.contentOffset.y) - (onScreen + 10)) < 0.001)
        #expect(feed.node.indexPathsForVisibleItems.contains(first))
    }

    /// The same random scenario on a lazy and an eager feed of 100-point stories
    /// (the estimate, so content offsets agree): scrolls, jumps, inserts, deletes,
    /// moves and reloads. After each step both show the same stories, every lazy
    /// node is in the state the eager node at its place is in, the loads of a
    /// scroll lie in the measure range, and no more nodes live than the limit.
    @Test(arguments: [7, 8] as [UInt64])
    func lazyMatchesEagerOnARandomScenario(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let lazy = try lazyFeed(count: 2_000, estimate: 100)
        let eager = try StoryFeed(count: 2_000)
        let live = LiveStories()
        lazy.makeNode = { CountedStoryNode(story: $0, live: live) }
        try lazy.node.rangeController.setLoadedItemLimit(60)
        var nextID = 10_000
        for feed in [lazy, eager] {
            feed.load()
            settle(feed)
        }
        for step in 0 ..< 120 {
            let choice = Int.random(in: 0 ..< 10, using: &random)
            let count = eager.stories.count
            var loadsBefore = lazy.nodeBlockRequests
            switch choice {
            case 0 ..< 4:
                let delta = CGFloat(Int.random(in: -900 ... 1_500, using: &random))
                for feed in [lazy, eager] { feed.node.contentOffset.y = max(0, feed.node.contentOffset.y + delta) }
            case 4:
                let offset = CGFloat(Int.random(in: 0 ..< count * 100, using: &random))
                for feed in [lazy, eager] { feed.node.contentOffset.y = offset }
            case 5:
                let at = Int.random(in: 0 ... count, using: &random)
                let story = Story(id: nextID)
                nextID += 1
                for feed in [lazy, eager] {
                    feed.stories.insert(story, at: at)
                    try feed.node.insertItems(at: [IndexPath(item: at, section: 0)])
                }
            case 6:
                let at = Int.random(in: 0 ..< count, using: &random)
                for feed in [lazy, eager] {
                    feed.stories.remove(at: at)
                    try feed.node.deleteItems(at: [IndexPath(item: at, section: 0)])
                }
            case 7:
                let from = Int.random(in: 0 ..< count, using: &random), to = Int.random(in: 0 ..< count, using: &random)
                for feed in [lazy, eager] {
                    feed.stories.insert(feed.stories.remove(at: from), at: to)
                    try feed.node.moveItem(at: IndexPath(item: from, section: 0), to: IndexPath(item: to, section: 0))
                }
            default:
                let at = Int.random(in: 0 ..< count, using: &random)
                for feed in [lazy, eager] {
                    feed.stories[at].version += 1
                    try feed.node.reloadItems(at: [IndexPath(item: at, section: 0)])
                }
            }
            if choice > 4 { loadsBefore = -1 }
            for feed in [lazy, eager] {
                feed.node.layoutIfNeeded()
                settle(feed)
            }
            #expect(shownStories(lazy) == shownStories(eager), "step \(step)")
            #expect(lazy.node.contentOffset == eager.node.contentOffset, "step \(step)")
            let map = lazy.node.dataController.visibleMap
            for (path, element) in map.indexedElements {
                let node = try #require(element.nodeIfAllocated)
                #expect(node.interfaceState == eager.node.nodeForItem(at: path)?.interfaceState, "\(path), step \(step)")
                #expect((node as! StoryNode).story == eager.stories[path.item], "\(path), step \(step)")
            }
            if loadsBefore >= 0 {
                // A scroll or a jump: everything it loaded lies in the measure range.
                let run = lazy.node.rangeController.measureRun()
                #expect(lazy.nodeBlockRequests - loadsBefore <= run.count, "step \(step)")
                #expect(lazy.node.rangeController.statistics.itemLoadRequests >= 0)
            }
            try lazy.node.dataController.deallocQueue.drain()
            #expect(live.count <= 60 + lazy.node.rangeController.measureRun().count, "\(live.count) live, step \(step)")
        }
        #expect(lazy.rangeStatistics.itemsUnloaded > 0, "the limit was reached")
        #expect(lazy.view.inconsistencies.isEmpty && lazy.node.rangeErrors.isEmpty)
    }

    @Test func anUnloadedItemComesBackFromAFreshNodeBlockAndASelectedOneStays() throws {
        let feed = try lazyFeed(count: 5_000, estimate: 100)
        try feed.node.rangeController.setLoadedItemLimit(0)
        feed.load()
        settle(feed)
        let first = try #require(feed.node.nodeForItem(at: IndexPath(item: 0, section: 0)))
        let second = try #require(feed.node.nodeForItem(at: IndexPath(item: 1, section: 0)))
        try feed.node.selectItem(at: IndexPath(item: 1, section: 0))
        feed.node.contentOffset.y = 300_000
        feed.node.layoutIfNeeded()
        settle(feed)
        #expect(feed.node.nodeForItem(at: IndexPath(item: 0, section: 0)) == nil, "unloaded far away")
        #expect(feed.node.nodeForItem(at: IndexPath(item: 1, section: 0)) === second, "the selected one stays")
        let requests = feed.nodeBlockRequests
        feed.node.contentOffset.y = 0
        feed.node.layoutIfNeeded()
        settle(feed)
        let again = try #require(feed.node.nodeForItem(at: IndexPath(item: 0, section: 0)))
        #expect(again !== first && (again as! StoryNode).story == Story(id: 0))
        #expect(feed.nodeBlockRequests > requests)
        #expect(feed.node.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
    }

    @Test func snapshotsApplyToALazyCollection() throws {
        let scheduler = ManualMainScheduler()
        let node = CollectionNode(
            layout: try ListLayout(estimatedItemLength: 40), view: HeadlessCollectionView(), itemLoading: .lazy, mainScheduler: scheduler,
            deallocQueue: try DeallocQueue())
        node.viewportSize = CGSize(width: 320, height: 500)
        node.isVisible = true
        let source = CollectionDiffableDataSource<Int, Int>(collectionNode: node) { _, id in { TagNode(tag: id) } }
        var snapshot = CollectionSnapshot<Int, Int>()
        try snapshot.appendSections([0])
        try snapshot.appendItems(Array(0 ..< 100_000))
        try source.apply(snapshot)
        func settle() { settleLoads(node, scheduler) }
        func shown() -> [Int] { node.visibleNodes.map { ($0 as! TagNode).tag } }
        settle()
        #expect(shown() == Array(0 ..< 13), "500 points of 40-point tags")
        let first = node.nodeForItem(at: IndexPath(item: 0, section: 0))

        try snapshot.deleteItems([1, 2])
        try snapshot.insertItems([-1], beforeItem: 0)
        try snapshot.moveItem(50_000, beforeItem: 3)
        try snapshot.reconfigureItems([0])
        try source.apply(snapshot)
        settle()
        #expect(shown() == [-1, 0, 50_000] + Array(3 ..< 13))
        #expect(node.nodeForItem(at: IndexPath(item: 1, section: 0)) === first, "a reconfigured item keeps its node")
        #expect(node.headlessView.inconsistencies.isEmpty)
        #expect(node.dataController.visibleMap.count == 99_999)
    }

    @Test func batchFetchingGrowsALazyFeed() throws {
        let feed = try lazyFeed(count: 30, estimate: 100)
        feed.onFetch = { [unowned feed] context in
            let start = feed.stories.count
            feed.stories += (start ..< start + 30).map { Story(id: $0) }
            try? feed.node.insertItems(at: (start ..< start + 30).map { IndexPath(item: $0, section: 0) })
            context.completeBatchFetching(true)
        }
        feed.load()
        settle(feed)
        for _ in 0 ..< 60 {
            feed.node.contentOffset.y += 100
            feed.node.layoutIfNeeded()
            settle(feed)
        }
        #expect(feed.fetchContexts.count >= 2, "\(feed.fetchContexts.count) fetches")
        #expect(feed.stories.count == 30 * (feed.fetchContexts.count + 1))
        #expect(shownStories(feed).map(\.id) == Array(60 ..< 65))
        #expect(feed.nodeBlockRequests < feed.stories.count, "fetched items wait for the measure range")
        #expect(feed.view.inconsistencies.isEmpty)
    }

    /// Each container, lazily: 100,000 cells with automatic subnode management,
    /// a few dozen made, each with its subnodes and states; a scroll loads more;
    /// dropping the container releases every node made, none on the releasing thread.
    @Test(arguments: ContainerKind.allCases)
    func everyContainerLoadsLazilyEndToEnd(kind: ContainerKind) throws {
        let tracker = LifetimeTracker(capacity: 4 * 4_000)
        let scheduler = ManualMainScheduler()
        let queue = try DeallocQueue()
        let feed = ManagedFeed(count: 100_000, tracker: tracker)
        var container: CollectionNode? = try kind.make(scheduler: scheduler, queue: queue, itemLoading: .lazy)
        // Few enough to unload during the scroll: unloaded nodes die off main too.
        try container!.rangeController.setLoadedItemLimit(5)
        try scrollLazily(container!, kind: kind, feed: feed, scheduler: scheduler)
        #expect(container!.rangeController.statistics.itemsUnloaded > 0)
        let main = ThreadIdentity.current
        container = nil
        #expect(tracker.deinitThreads[main] == nil, "nodes died on the releasing thread")
        try queue.drain()
        #expect(tracker.everyInstanceDiedOnce, "\(tracker.liveCount) nodes alive after the drain")
    }

    private func scrollLazily(
        _ node: CollectionNode, kind: ContainerKind, feed: ManagedFeed, scheduler: ManualMainScheduler
    ) throws {
        func settle() { settleLoads(node, scheduler) }
        node.dataSource = feed
        node.viewportSize = CGSize(width: 320, height: 500)
        node.isVisible = true
        node.reloadData()
        settle()
        do {
            // Let go before the scroll: once unloaded, a cell this array held
            // would die here, on the test's thread, and not on the dealloc queue.
            let first = node.visibleNodes.compactMap { $0 as? ManagedCell }
            #expect(!first.isEmpty && first.count == node.indexPathsForVisibleItems.count)
            for cell in first {
                #expect(cell.subnodes.map(ObjectIdentifier.init) == [cell.title, cell.photo].map(ObjectIdentifier.init))
                #expect(cell.isVisible && cell.title.isVisible)
            }
        }
        #expect(feed.blocksRun.count < 60, "\(feed.blocksRun.count) node blocks for 100,000 items")
        let made = feed.blocksRun.count
        for _ in 0 ..< 10 {
            if kind == .pager { node.contentOffset.x += 320 } else { node.contentOffset.y += 500 }
            node.layoutIfNeeded()
            settle()
        }
        #expect(feed.blocksRun.count > made, "the scroll loaded what it reached")
        #expect(node.visibleNodes.count == node.indexPathsForVisibleItems.count)
        #expect(node.headlessView.inconsistencies.isEmpty && node.rangeErrors.isEmpty)
    }
}

/// Runs main's turns until the ranges have asked for everything they need and
/// every load and update has committed: what frames do, without a clock.
@MainActor
func settleLoads(_ node: CollectionNode, _ scheduler: ManualMainScheduler) {
    repeat {
        scheduler.runAll()
        node.waitUntilAllUpdatesAreProcessed()
    } while scheduler.pendingJobCount > 0 || node.dataController.isProcessingUpdates
}

/// Counts the stories' nodes alive.
final class LiveStories: Sendable {
    private let alive = PosixMutex(0)
    var count: Int { alive.withLock { $0 } }
    func change(by delta: Int) { alive.withLock { $0 += delta } }
}

/// A 100-point story node that counts itself alive.
final class CountedStoryNode: StoryNode, @unchecked Sendable {
    private let live: LiveStories

    init(story: Story, live: LiveStories) {
        self.live = live
        live.change(by: 1)
        super.init(story: story)
    }

    deinit { live.change(by: -1) }
}

/// A story 50, 75, 100, 125 or 150 points tall, so no estimate is ever exact.
final class VariedStoryNode: StoryNode, @unchecked Sendable {
    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: 50 + CGFloat(story.id % 5) * 25)
    }
}

extension StoryFeed {
    var rangeStatistics: RangeController.Statistics { node.rangeController.statistics }
}
