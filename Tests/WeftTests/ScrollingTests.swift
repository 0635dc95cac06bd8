import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftHeadless

/// `scrollToItem(at:at:animated:)` with UIKit's positions, driving the ranges as a scroll does.
@MainActor
@Suite struct ScrollingTests {
    private func path(_ item: Int, _ section: Int = 0) -> IndexPath { IndexPath(item: item, section: section) }

    @Test func positionsPutTheItemWhereUIKitWould() throws {
        let feed = try StoryFeed(count: 50)  // 100 points a story, 500-point viewport
        feed.load()
        try feed.node.scrollToItem(at: path(20), at: .top)
        #expect(feed.node.contentOffset.y == 2000)
        try feed.node.scrollToItem(at: path(20), at: .centeredVertically)
        #expect(feed.node.contentOffset.y == 1800)
        try feed.node.scrollToItem(at: path(20), at: .bottom)
        #expect(feed.node.contentOffset.y == 1600)
        try feed.node.scrollToItem(at: path(18), at: [])
        #expect(feed.node.contentOffset.y == 1600, "already fully visible: no scroll")
        try feed.node.scrollToItem(at: path(25), at: [])
        #expect(feed.node.contentOffset.y == 2100, "below: the least scroll that shows it")
        try feed.node.scrollToItem(at: path(3), at: [.centeredHorizontally])
        #expect(feed.node.contentOffset.y == 300, "above: the least scroll; a horizontal position is ignored")
        try feed.node.scrollToItem(at: path(49), at: .top)
        #expect(feed.node.contentOffset.y == 4500, "clamped to the content")
    }

    @Test func aScrollMovesTheRangesAndTheViewShowsTheItem() throws {
        let feed = try StoryFeed(count: 200)
        feed.load()
        let far = try #require(feed.node.nodeForItem(at: path(150)))
        #expect(!far.interfaceState.contains(.visible))
        try feed.node.scrollToItem(at: path(150), at: .centeredVertically)
        feed.node.layoutIfNeeded()
        #expect(far.interfaceState.contains(.visible))
        #expect(feed.node.indexPathsForVisibleItems.contains(path(150)))
        #expect(feed.node.rangeController.currentRangeMode == .full, "a scroll, as a first drag is")
    }

    @Test func aScrollToAnItemOnItsWayWaitsForItsCommit() throws {
        let feed = try StoryFeed(count: 20)
        feed.load()
        try feed.node.performBatchUpdates {
            feed.stories.append(Story(id: 99))
            try feed.node.insertItems(at: [path(20)])
        }
        try feed.node.scrollToItem(at: path(20), at: .bottom)
        #expect(feed.node.contentOffset.y == 0, "the view does not show it yet")
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.node.contentOffset.y == 1600)
    }

    @Test func aTableScrollsAndSelectsRowsByName() throws {
        let feed = try StoryFeed(count: 30) { scheduler, queue in try TableNode(view: HeadlessCollectionView(viewKind: .table), mainScheduler: scheduler, deallocQueue: queue) }
        feed.load()
        let table = try #require(feed.node as? TableNode)
        try table.selectRow(at: IndexPath(row: 12, section: 0), scrollPosition: .top)
        #expect(table.contentOffset.y == 1200)
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 12, section: 0)])
        try table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top)
        #expect(table.contentOffset.y == 0)
    }
}
