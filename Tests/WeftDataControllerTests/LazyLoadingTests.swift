import Foundation
import Testing
import WeftChangeSet
import WeftDataController
import WeftElementMap
import WeftNode

/// A lazy data controller asks for node blocks only where a range needs items,
/// and keeps every other rule of the pipeline.
@MainActor
@Suite struct LazyLoadingTests {
    private func item(_ element: CollectionElement?) -> FeedItem? {
        (element?.nodeIfAllocated as? FeedNode)?.item
    }

    @Test func aMillionItemsLoadWithoutOneNodeBlock() throws {
        let pipeline = try Pipeline([3, 1_000_000], itemLoading: .lazy)
        let controller = pipeline.controller
        #expect(controller.visibleMap.count == 1_000_003)
        #expect(pipeline.feed.nodeBlockRequests.isEmpty)
        #expect(controller.visibleMap.element(at: IndexPath(item: 0, section: 1)) == nil)
        #expect(pipeline.view.numberOfItems(inSection: 1) == 1_000_000)
        #expect(pipeline.view.inconsistencies.isEmpty)

        let wanted = (500_000 ..< 500_010).map { IndexPath(item: $0, section: 1) }
        controller.loadItems(at: wanted + wanted)
        controller.waitUntilAllUpdatesAreProcessed()
        #expect(pipeline.feed.nodeBlockRequests == wanted, "each item asked once, at its path")
        for path in wanted {
            let element = try #require(controller.visibleMap.element(at: path))
            #expect(item(element) == pipeline.feed.item(at: path))
            #expect(element.nodeIfAllocated?.calculatedSizeRange == element.constrainedSize, "measured off main")
            #expect(pipeline.view.cellForItem(at: path) === element, "the view shows the loaded cell")
        }
        controller.loadItems(at: wanted)
        #expect(!controller.isProcessingUpdates, "items that have elements are not asked for again")
        controller._checkInvariants()
    }

    @Test func aFewPathsNamedTwiceAreAskedForOnce() throws {
        // Few paths are checked against each other rather than hashed: repeats
        // among them still load once, in the order first named.
        let pipeline = try Pipeline([100], itemLoading: .lazy)
        let controller = pipeline.controller
        let a = IndexPath(item: 7, section: 0), b = IndexPath(item: 3, section: 0)
        controller.loadItems(at: [a, b, a, b, a])
        controller.waitUntilAllUpdatesAreProcessed()
        #expect(pipeline.feed.nodeBlockRequests == [a, b])
        #expect(controller.visibleMap.element(at: a) != nil && controller.visibleMap.element(at: b) != nil)
        controller._checkInvariants()
    }

    @Test func loadsFollowTheirItemsThroughUpdatesInFlight() throws {
        let pipeline = try Pipeline([100], itemLoading: .lazy)
        let controller = pipeline.controller
        var sections = pipeline.feed.sections
        sections[0].items.insert(contentsOf: (0 ..< 5).map { FeedItem(id: 1_000 + $0) }, at: 0)
        sections[0].items.remove(at: 5 + 50)
        pipeline.apply(sections)
        // The view still shows the old items: item 10 there is item 15 of the data source.
        controller.loadItems(at: [IndexPath(item: 10, section: 0), IndexPath(item: 50, section: 0)])
        #expect(pipeline.feed.nodeBlockRequests == [IndexPath(item: 15, section: 0)], "the deleted item is skipped")
        controller.waitUntilAllUpdatesAreProcessed()
        let loaded = controller.visibleMap.element(at: IndexPath(item: 15, section: 0))
        #expect(item(loaded) == FeedItem(id: 10))
        #expect(pipeline.view.inconsistencies.isEmpty)
        #expect(pipeline.view.cellForItem(at: IndexPath(item: 15, section: 0)) === loaded)
        controller._checkInvariants()
    }

    @Test func newItemsStayAbsentButAReloadOfALoadedItemGetsItsNodeAtOnce() throws {
        let pipeline = try Pipeline([20], itemLoading: .lazy)
        let controller = pipeline.controller
        controller.loadItems(at: [IndexPath(item: 3, section: 0)])
        controller.waitUntilAllUpdatesAreProcessed()
        pipeline.feed.nodeBlockRequests = []

        var sections = pipeline.feed.sections
        sections[0].items[3].version += 1                      // loaded: reloaded now
        sections[0].items[7].version += 1                      // absent: stays absent
        sections[0].items.append(FeedItem(id: 500))            // new: absent
        sections.append(FeedSection(model: 1, items: [FeedItem(id: 600)]))
        pipeline.apply(sections)
        controller.waitUntilAllUpdatesAreProcessed()
        #expect(pipeline.feed.nodeBlockRequests == [IndexPath(item: 3, section: 0)])
        #expect(item(controller.visibleMap.element(at: IndexPath(item: 3, section: 0)))?.version == 1)
        #expect(controller.visibleMap.element(at: IndexPath(item: 7, section: 0)) == nil)
        #expect(controller.visibleMap.element(at: IndexPath(item: 20, section: 0)) == nil)
        #expect(controller.visibleMap.element(at: IndexPath(item: 0, section: 1)) == nil)
        #expect(controller.visibleMap.count == 22)
        #expect(pipeline.view.inconsistencies.isEmpty)
        controller._checkInvariants()
    }

    @Test func anEagerDataControllerIgnoresLoads() throws {
        let pipeline = try Pipeline([5])
        pipeline.feed.nodeBlockRequests = []
        pipeline.controller.loadItems(at: [IndexPath(item: 0, section: 0)])
        #expect(!pipeline.controller.isProcessingUpdates && pipeline.feed.nodeBlockRequests.isEmpty)
    }
}
