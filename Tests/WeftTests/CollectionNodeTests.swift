import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftHeadless
import WeftDataController

@MainActor
@Suite struct CollectionNodeTests {
    @Test func editsReachTheViewAndQueriesAnswerInTheDataSourceSpace() throws {
        let feed = try StoryFeed(count: 5)
        feed.load()
        let moved = try #require(feed.node.nodeForItem(at: IndexPath(item: 4, section: 0)))
        let batchesBefore = feed.view.appliedBatchUpdateCount
        try feed.node.performBatchUpdates {
            feed.stories.insert(Story(id: 100), at: 0)
            let story = feed.stories.remove(at: 5)
            feed.stories.insert(story, at: 1)
            feed.stories.remove(at: 3)
            try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])
            try feed.node.moveItem(at: IndexPath(item: 4, section: 0), to: IndexPath(item: 1, section: 0))
            try feed.node.deleteItems(at: [IndexPath(item: 1, section: 0)])
        }
        // The data source's index space already has the batch; the view not yet.
        #expect(feed.node.numberOfItems(inSection: 0) == 5)
        #expect(feed.node.indexPath(for: moved) == IndexPath(item: 1, section: 0))
        #expect(feed.view.numberOfItems(inSection: 0) == 5)
        #expect((feed.view.cellForItem(at: IndexPath(item: 4, section: 0)) as? CollectionElement)?.nodeIfAllocated === moved)
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.shown == feed.stories)
        // TEXTURE-PARITY C9: the three edits reached the view as one batch update.
        #expect(feed.view.appliedBatchUpdateCount == batchesBefore + 1)
        #expect(feed.view.lastRelayedEdits.count == 3)
        #expect(feed.node.nodeForItem(at: IndexPath(item: 1, section: 0)) === moved, "a moved item keeps its node")
        #expect(feed.view.inconsistencies.isEmpty)
        #expect(feed.node.rangeErrors.isEmpty)
    }

    @Test func anInvalidBatchThrowsAndChangesNothing() throws {
        let feed = try StoryFeed(count: 3)
        feed.load()
        #expect(throws: DataControllerError.self) {
            try feed.node.deleteItems(at: [IndexPath(item: 7, section: 0)])
        }
        do {
            try feed.node.performBatchUpdates {
                try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])   // the stories did not change
            }
            Issue.record("an insert without new data was accepted")
        } catch let error as DataControllerError {
            #expect(error.description.contains("section 0"))
        }
        #expect(feed.node.numberOfItems(inSection: 0) == 3)
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.shown == feed.stories)
    }

    @Test func scrollingMovesNodesThroughInterfaceStates() throws {
        let feed = try StoryFeed(count: 200)
        feed.load()
        let first = try #require(feed.node.nodeForItem(at: IndexPath(item: 0, section: 0)))
        #expect(first.interfaceState.contains(.visible))
        #expect(feed.node.visibleNodes.count == 5, "500 points of 100-point rows")
        let far = try #require(feed.node.nodeForItem(at: IndexPath(item: 150, section: 0)))
        #expect(far.interfaceState.isEmpty, "far below: no range")
        for _ in 0 ..< 150 {
            feed.node.contentOffset.y += 100
            feed.node.layoutIfNeeded()
        }
        #expect(far.interfaceState.contains(.visible))
        #expect(!first.interfaceState.contains(.visible))
        #expect(!first.interfaceState.contains(.display), "far behind: out of the display range")
    }

    @Test func backingViewsAreRecycledAsCellsScrollBy() throws {
        let feed = try StoryFeed(count: 400)
        feed.load()
        for _ in 0 ..< 300 {
            feed.node.contentOffset.y += 100
            feed.node.layoutIfNeeded()
        }
        let statistics = feed.node.headlessView.reusePool.statistics
        #expect(statistics.viewsCreated <= 8, "made \(statistics.viewsCreated) views for 300 rows scrolled by")
        let hosts = (0 ..< feed.node.headlessView.containerView.subviewCount).compactMap {
            feed.node.headlessView.containerView.subview(at: $0) as? CellHostView
        }
        let shownNodes = Set(hosts.filter { !$0.isHiddenOrHasHiddenAncestor }.compactMap { $0.hostedNode.map(ObjectIdentifier.init) })
        #expect(shownNodes == Set(feed.node.visibleNodes.map(ObjectIdentifier.init)))
        #expect(feed.node.headlessView.mountErrors.isEmpty)
    }

    @Test func batchFetchingAsksOnceUntilCompleted() throws {
        let feed = try StoryFeed(count: 30)
        feed.load()
        #expect(feed.fetchContexts.isEmpty, "3,000 points of content: more than two screens ahead")
        for _ in 0 ..< 16 {   // 900 points left below the viewport: under two screens
            feed.node.contentOffset.y += 100
            feed.node.layoutIfNeeded()
            feed.scheduler.runAll()   // the delegate is asked on a turn of its own
        }
        #expect(feed.fetchContexts.count == 1)
        feed.node.contentOffset.y += 100
        feed.node.layoutIfNeeded()
        feed.scheduler.runAll()
        #expect(feed.fetchContexts.count == 1, "never two fetches at once")
        let context = try #require(feed.fetchContexts.first)
        try feed.node.performBatchUpdates {
            feed.stories += (30 ..< 60).map { Story(id: $0) }
            try feed.node.insertItems(at: (30 ..< 60).map { IndexPath(item: $0, section: 0) })
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        context.completeBatchFetching(true)
        #expect(!context.isFetching)
        #expect(feed.shown.count == 60)
    }

    @Test func memoryWarningsAndBackgroundNarrowTheRanges() throws {
        let feed = try StoryFeed(count: 50)
        feed.load()
        feed.node.handleMemoryWarning()
        #expect(feed.node.rangeController.currentRangeMode == .visibleOnly)
        let below = try #require(feed.node.nodeForItem(at: IndexPath(item: 8, section: 0)))
        #expect(below.interfaceState.isEmpty, "outside the viewport: no preload under visibleOnly")
        feed.node.applicationDidEnterBackground()
        #expect(feed.node.visibleNodes.allSatisfy { !$0.interfaceState.contains(.visible) })
        feed.node.applicationWillEnterForeground()
        feed.node.layoutIfNeeded()
        let first = try #require(feed.node.nodeForItem(at: IndexPath(item: 0, section: 0)))
        #expect(first.interfaceState.contains(.visible))
    }

    @Test func tableNodesSpeakOfRowsAndPagersMeasurePages() throws {
        let table = try StoryFeed(count: 2) { scheduler, queue in try TableNode(view: HeadlessCollectionView(viewKind: .table), mainScheduler: scheduler, deallocQueue: queue) }
        table.load()
        do {
            try table.node.deleteItems(at: [IndexPath(item: 9, section: 0)])
            Issue.record("a delete beyond the end was accepted")
        } catch {
            #expect(error.description.contains("row"))
        }
        let pager = try StoryFeed(count: 3) { scheduler, queue in PagerNode(view: HeadlessCollectionView(), mainScheduler: scheduler, deallocQueue: queue) }
        pager.load()
        let page = try #require(pager.node.dataController.visibleMap.element(at: IndexPath(item: 1, section: 0)))
        #expect(page.constrainedSize == (try SizeRange(exactly: CGSize(width: 320, height: 500))))
        let pagerNode = try #require(pager.node as? PagerNode)
        pagerNode.scrollToPage(at: 2)
        #expect(pagerNode.currentPageIndex == 2)
    }
}
