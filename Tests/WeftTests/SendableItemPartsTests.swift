import Foundation
import Testing
import Weft
import WeftCore
import WeftDataController
import WeftHeadless
import WeftMemory
import WeftTestSupport

/// A data source that answers on any thread
/// (``CollectionNodeDataSource/sendableItemPartsAsker(for:)``) has the new
/// items of a large update or load made off main, end to end through each
/// container: main asks it nothing about them, the map queue asks the
/// function, and the view shows the data source. Small updates and lazy
/// collections keep asking on main.
@MainActor
@Suite struct SendableItemPartsTests {
    func feed(_ kind: ContainerKind, count: Int, itemLoading: DataController.ItemLoading = .eager) throws -> StoryFeed {
        let feed = try StoryFeed(count: count) { scheduler, queue in
            try kind.make(scheduler: scheduler, queue: queue, itemLoading: itemLoading)
        }
        feed.node.dataController.offMainMapEditThreshold = PendingMapOffMainTests.threshold
        feed.answersOffMain = true
        return feed
    }

    @Test(arguments: ContainerKind.allCases)
    func aLargeLoadIsAnsweredOffMain(kind: ContainerKind) throws {
        let feed = try feed(kind, count: 300)
        feed.load()
        #expect(feed.nodeBlockRequests == 0)
        #expect(feed.offMainAnswers.all == 300)
        #expect(feed.offMainAnswers.onMain == 0)
        #expect(feed.shown == feed.stories)
        #expect(feed.view.inconsistencies.isEmpty && feed.view.divergences.isEmpty)
    }

    @Test(arguments: ContainerKind.allCases)
    func aLargeUpdateIsAnsweredOffMainAndASmallOneOnMain(kind: ContainerKind) throws {
        let feed = try feed(kind, count: 400)
        feed.load()
        var random = SplitMix64(seed: 11)
        var nextID = feed.stories.count
        try PendingMapOffMainTests().updateTenPercent(feed, &random, nextID: &nextID)
        feed.node.waitUntilAllUpdatesAreProcessed()
        // 40 new stories, each answered once, off main.
        #expect(feed.nodeBlockRequests == 0)
        #expect(feed.offMainAnswers.all == 440)
        #expect(feed.offMainAnswers.onMain == 0)
        #expect(feed.shown == feed.stories)

        try feed.node.performBatchUpdates {
            feed.stories.insert(Story(id: nextID), at: 2)
            try feed.node.insertItems(at: [IndexPath(item: 2, section: 0)])
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.nodeBlockRequests == 1)
        #expect(feed.offMainAnswers.all == 440)
        #expect(feed.shown == feed.stories)
        #expect(feed.view.inconsistencies.isEmpty && feed.view.divergences.isEmpty)
    }

    /// The map queue held: step 1 has returned without asking for any item,
    /// and the derivation waits; once the queue runs, a query finds the items
    /// the queue made.
    @Test(arguments: ContainerKind.allCases)
    func stepOneReturnsBeforeTheItemsAreMade(kind: ContainerKind) throws {
        let feed = try feed(kind, count: 300)
        feed.holdingMapQueue {
            feed.node.reloadData()
            #expect(feed.node.dataController.isDerivingPendingMap)
            #expect(feed.offMainAnswers.all == 0 && feed.nodeBlockRequests == 0)
        }
        let node = try #require(feed.node.nodeForItem(at: IndexPath(item: 299, section: 0)) as? StoryNode)
        #expect(node.story == feed.stories[299])
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.shown == feed.stories)
    }

    @Test func aLazyCollectionAsksOnMain() throws {
        let feed = try feed(.collection, count: 300, itemLoading: .lazy)
        // A lazy load's map, a run of absent items, is derived off main, and
        // the map queue asks nothing: there is no element to make.
        feed.holdingMapQueue {
            feed.node.reloadData()
            #expect(feed.node.dataController.isDerivingPendingMap)
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        settleLoads(feed.node, feed.scheduler)
        #expect(feed.offMainAnswers.all == 0)
        #expect(feed.nodeBlockRequests > 0)
        #expect(feed.node.visibleNodes.map { ($0 as! StoryNode).story } == Array(feed.stories[0 ..< 5]))
    }

    /// A diffable data source made with a sendable provider: its background
    /// applies of many changes make their new items off main, and the view
    /// shows each snapshot.
    @Test func aDiffableDataSourceWithASendableProviderAnswersOffMain() throws {
        let scheduler = ManualMainScheduler()
        let node = CollectionNode(
            layout: try ListLayout(), view: HeadlessCollectionView(), mainScheduler: scheduler,
            deallocQueue: try DeallocQueue())
        node.dataController.offMainMapEditThreshold = PendingMapOffMainTests.threshold
        node.viewportSize = CGSize(width: 320, height: 500)
        node.isVisible = true
        let answers = OffMainAnswers()
        let source = CollectionDiffableDataSource<Int, Story>(collectionNode: node, sendableNodeBlockProvider: { _, story in
            answers.record()
            return { StoryNode(story: story) }
        })
        var stories = (0 ..< 300).map { Story(id: $0) }
        try source.apply(CollectionSnapshot([(0, stories)]))
        node.waitUntilAllUpdatesAreProcessed()
        #expect(answers.all == 300 && answers.onMain == 0)

        stories.removeSubrange(0 ..< 60)
        stories.insert(contentsOf: (1_000 ..< 1_060).map { Story(id: $0) }, at: 100)
        source.applyInBackground(try CollectionSnapshot([(0, stories)]))
        node.waitUntilAllUpdatesAreProcessed()
        #expect(source.shownSnapshot.itemIdentifiers == stories)
        #expect(answers.all == 360 && answers.onMain == 0)
        let shown = node.headlessView.allCells.flatMap { $0 }.map {
            (($0 as! CollectionElement).nodeIfAllocated as! StoryNode).story
        }
        #expect(shown == stories)
    }
}
