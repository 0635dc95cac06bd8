import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftHeadless
import WeftMemory
import WeftDataController

/// The façade as an app team drives it: batch fetching, visibility, index spaces,
/// refused batches, through each container.
@MainActor
@Suite struct FacadeTests {
    func feed(_ kind: ContainerKind, count: Int) throws -> StoryFeed {
        try StoryFeed(count: count) { scheduler, queue in try kind.make(scheduler: scheduler, queue: queue) }
    }

    @Test(arguments: ContainerKind.allCases)
    func aFetchMayInsertTheNewItemsInsideTheCallback(kind: ContainerKind) throws {
        let feed = try feed(kind, count: 2)  // shorter than the viewport: the load asks at once
        var insertError: (any Error)?
        feed.onFetch = { [unowned feed] context in
            let start = feed.stories.count
            feed.stories += (start ..< start + 10).map { Story(id: $0) }
            do {
                try feed.node.insertItems(at: (start ..< start + 10).map { IndexPath(item: $0, section: 0) })
            } catch {
                insertError = error
            }
            context.completeBatchFetching(true)
        }
        feed.load()
        feed.scheduler.runAll()
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.fetchContexts.count >= 1)
        #expect(insertError == nil, "the insert from the fetch was refused: \(insertError.map { "\($0)" } ?? "")")
        #expect(feed.shown == feed.stories && feed.stories.count >= 12)
        #expect(feed.view.inconsistencies.isEmpty)
    }

    @Test(arguments: ContainerKind.allCases)
    func anEmptyFetchIsNotRepeatedOverAThousandIdleTurns(kind: ContainerKind) throws {
        let feed = try feed(kind, count: 2)
        feed.onFetch = { $0.completeBatchFetching(false) }
        feed.load()
        for _ in 0 ..< 1_000 {
            feed.scheduler.runAll()
            feed.node.layoutIfNeeded()
        }
        #expect(feed.fetchContexts.count == 1 && feed.fetchQuestions == 1)
        feed.node.checkForBatchFetching()
        feed.scheduler.runAll()
        #expect(feed.fetchContexts.count == 2, "asked again on request")
        feed.node.allowsOverscroll = true  // a pull past the end, as a bounce does
        feed.node.contentOffset.y = 30
        feed.node.layoutIfNeeded()
        feed.scheduler.runAll()
        #expect(feed.fetchContexts.count == 3, "asked again when the viewport moved")
    }

    @Test(arguments: ContainerKind.allCases)
    func queriesAnswerInTheDataSourcesSpaceWhileAnInsertIsOnItsWay(kind: ContainerKind) throws {
        let feed = try feed(kind, count: 20)
        feed.load()
        let shownFirst = try #require(feed.node.visibleNodes.first)
        try feed.node.performBatchUpdates {
            feed.stories.insert(Story(id: 100), at: 0)
            try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        // Committed only when main runs the pipeline's turn: the view still shows the old items.
        let first = try #require(feed.node.indexPathsForVisibleItems.first)
        #expect(first == IndexPath(item: 1, section: 0))
        #expect(feed.node.nodeForItem(at: first) === shownFirst)
        #expect(feed.node.viewIndexPath(for: IndexPath(item: 0, section: 0)) == nil)
        #expect(feed.node.viewIndexPath(for: first) == IndexPath(item: 0, section: 0))
        #expect(feed.node.indexPath(forViewIndexPath: IndexPath(item: 0, section: 0)) == first)
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.node.viewIndexPath(for: IndexPath(item: 0, section: 0)) == IndexPath(item: 0, section: 0))
    }

    @Test(arguments: ContainerKind.allCases)
    func aRefusedBatchReloadsFromTheDataSourceAndLaterBatchesWork(kind: ContainerKind) throws {
        let feed = try feed(kind, count: 10)
        feed.load()
        // Two stories arrive, but the batch says one: refused, as UIKit would.
        var told: Bool?
        #expect(throws: DataControllerError.self) {
            try feed.node.performBatchUpdates({
                feed.stories += [Story(id: 100), Story(id: 101)]
                try feed.node.insertItems(at: [IndexPath(item: 10, section: 0)])
            }, completion: { finished in MainActor.assumeIsolated { told = finished } })
        }
        #expect(told == false)
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.shown == feed.stories, "the collection reloaded from its data source")
        for id in 200 ..< 210 {
            try feed.node.performBatchUpdates {
                feed.stories.insert(Story(id: id), at: 0)
                try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])
            }
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.shown == feed.stories && feed.stories.count == 22)
        #expect(feed.view.inconsistencies.isEmpty)
    }

    @Test func aRefusalSaysWhatWentWrongOnceAndWhatToDo() throws {
        let feed = try feed(.table, count: 3)
        feed.load()
        do {
            try feed.node.performBatchUpdates {
                feed.stories.append(Story(id: 9))
            }
            Issue.record("a batch that misses an insert was accepted")
        } catch {
            let message = "\(error)"
            #expect(message.hasPrefix("Invalid update: invalid number of rows in section 0.  "))
            #expect(message.components(separatedBy: "Invalid update:").count == 2, "one prefix: \(message)")
            #expect(message.contains("\nNothing was applied."))
        }
    }

    @Test(arguments: ContainerKind.allCases)
    func aNestedBatchThatThrowsDropsOnlyItsOwnEdits(kind: ContainerKind) throws {
        struct Failure: Error {}
        let feed = try feed(kind, count: 5)
        feed.load()
        var innerTold: Bool?
        var outerTold: Bool?
        try feed.node.performBatchUpdates({
            feed.stories.insert(Story(id: 50), at: 0)
            try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])
            #expect(throws: Failure.self) {
                try feed.node.performBatchUpdates({
                    try feed.node.deleteItems(at: [IndexPath(item: 1, section: 0)])
                    throw Failure()  // before the data source changed: its delete must go
                }, completion: { finished in MainActor.assumeIsolated { innerTold = finished } })
            }
        }, completion: { finished in MainActor.assumeIsolated { outerTold = finished } })
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(innerTold == false && outerTold == true)
        #expect(feed.shown == feed.stories && feed.stories.count == 6)
    }

    @Test func theAnimationFlagReachesTheView() throws {
        let recorder = AnimationRecorder()
        let feed = try StoryFeed(count: 5) { scheduler, queue in
            CollectionNode(layout: try ListLayout(), view: recorder, mainScheduler: scheduler, deallocQueue: queue)
        }
        feed.load()
        try feed.node.performBatchUpdates(animated: false) {
            feed.stories.append(Story(id: 10))
            try feed.node.insertItems(at: [IndexPath(item: 5, section: 0)])
        }
        feed.stories.append(Story(id: 11))
        try feed.node.insertItems(at: [IndexPath(item: 6, section: 0)])  // a lone edit animates
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(recorder.animated.suffix(2) == [false, true])
    }

    @Test func theContentOffsetStaysWithinTheContentUnlessOverscrollIsAllowed() throws {
        let list = try feed(.collection, count: 30)  // 3,000 points in a 500-point viewport
        list.load()
        list.node.contentOffset.y = 30_000
        #expect(list.node.contentOffset.y == 2_500)
        list.node.contentOffset = CGPoint(x: 40, y: -100)
        #expect(list.node.contentOffset == .zero)
        list.node.allowsOverscroll = true
        list.node.contentOffset.y = -60
        #expect(list.node.contentOffset.y == -60)
        let pager = try feed(.pager, count: 3)  // three 320-point pages side by side
        pager.load()
        pager.node.contentOffset.x = 10_000
        #expect(pager.node.contentOffset.x == 640)
    }

    @Test(arguments: ContainerKind.allCases)
    func aCollectionWithAViewportIsVisibleByDefault(kind: ContainerKind) throws {
        let scheduler = ManualMainScheduler()
        let node = try kind.make(scheduler: scheduler, queue: try DeallocQueue())
        let source = StoryList(count: 20)
        node.dataSource = source
        #expect(!node.isVisible, "no viewport yet")
        node.viewportSize = CGSize(width: 320, height: 500)
        #expect(node.isVisible)
        node.reloadData()
        node.waitUntilAllUpdatesAreProcessed()
        let first = try #require(node.visibleNodes.first)
        #expect(first.isVisible)

        node.isVisible = false  // off screen: the value set holds from now on
        node.viewportSize = CGSize(width: 300, height: 500)
        node.waitUntilAllUpdatesAreProcessed()
        #expect(!node.isVisible && !first.isVisible)
    }
}

/// A plain list of stories as a data source.
@MainActor
final class StoryList: CollectionNodeDataSource {
    var stories: [Story]

    init(count: Int) { stories = (0 ..< count).map { Story(id: $0) } }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { stories.count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let story = stories[indexPath.item]
        return { StoryNode(story: story) }
    }
}

/// A headless view that records whether each committed batch was animated.
@MainActor
final class AnimationRecorder: ContainerBackingView {
    let view = HeadlessCollectionView()
    var animated: [Bool] = []

    func attach(to dataController: DataController, preparedIndexPaths: @escaping @MainActor () -> [IndexPath]) {
        view.attach(to: dataController, preparedIndexPaths: preparedIndexPaths)
    }

    func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void) {
        animated.append(update.changeSet.isAnimated)
        view.dataController(dataController, commit: update, updates: updates)
    }
}
