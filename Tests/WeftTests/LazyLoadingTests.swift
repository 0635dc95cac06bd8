import Foundation
import Testing
import Weft
import WeftTestSupport

/// Lazy containers, end to end: a million items without a million nodes, the
/// same content as an eager container, and nothing on screen jumps while
/// estimates are corrected.
@MainActor
@Suite struct LazyLoadingTests {
    private func lazyFeed(count: Int, estimate: CGFloat = 44) throws -> StoryFeed {
        try StoryFeed(count: count) { scheduler, deallocQueue in
            CollectionNode(
                layout: try ListLayout(estimatedItemLength: estimate), itemLoading: .lazy, mainScheduler: scheduler,
                deallocQueue: deallocQueue)
        }
    }

    /// Runs main's turns until the ranges have asked for everything they need
    /// and every load and update has committed: what frames do, without a clock.
    private func settle(_ feed: StoryFeed) {
        repeat {
            feed.scheduler.runAll()
            feed.node.waitUntilAllUpdatesAreProcessed()
        } while feed.scheduler.pendingJobCount > 0 || feed.node.dataController.isProcessingUpdates
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
