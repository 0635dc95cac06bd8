import Foundation
import Testing
import WeftChangeSet
import WeftDataController
import WeftTestSupport

/// Which updates step 1 hands to the map queue: strictly validated ones of
/// many edits in collections of few sections. A collection of many sections
/// keeps step 1's path, where a map that ran out of section ids can still
/// refuse the update.
@MainActor
@Suite struct OffMainMapTests {
    @Test func manyEditsInFewSectionsGoOffMain() throws {
        let pipeline = try Pipeline([200, 200])
        pipeline.controller.offMainMapEditThreshold = 10
        var sections = pipeline.feed.sections
        sections[1].items.removeFirst(50)
        pipeline.apply(sections)
        #expect(pipeline.controller.isDerivingPendingMap)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(pipeline.shownItems == pipeline.feedItems)
    }

    /// A data source that answers on main only is asked about every new item
    /// of an update sent off main in step 1, once each: the items of an
    /// inserted section, inserted items and the items reloads replace. The
    /// map queue (held here until step 1 returned) makes their elements from
    /// those answers, in the batch's order, and the view shows the feed.
    @Test func aMainOnlyDataSourceIsAskedInStepOneForEveryNewItem() throws {
        let pipeline = try Pipeline([30, 30, 30])
        pipeline.controller.offMainMapEditThreshold = 5
        pipeline.feed.nodeBlockRequests = []
        var sections = pipeline.feed.sections
        var next = 1_000
        func newItems(_ count: Int) -> [FeedItem] {
            defer { next += count }
            return (next ..< next + count).map { FeedItem(id: $0) }
        }
        sections.insert(FeedSection(model: 10, items: newItems(12)), at: 1)
        sections[0].items.insert(contentsOf: newItems(5), at: 3)
        sections[3].items += newItems(1)
        // A new version: the node, which refuses new models, is replaced.
        for item in [0, 7, 29] { sections[2].items[item].version += 1 }
        pipeline.controller.mapQueue.suspend()
        pipeline.apply(sections)
        #expect(pipeline.controller.isDerivingPendingMap)
        #expect(pipeline.feed.nodeBlockRequests.count == 12 + 5 + 1 + 3, "\(pipeline.feed.nodeBlockRequests)")
        pipeline.controller.mapQueue.resume()
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        let asked = pipeline.feed.nodeBlockRequests
        #expect(asked.count == 12 + 5 + 1 + 3 && Set(asked).count == asked.count, "each new item asked once: \(asked)")
        #expect(pipeline.shownItems == pipeline.feedItems)
    }

    @Test func manySectionsKeepStepOnesPath() throws {
        let pipeline = try Pipeline(Array(repeating: 1, count: 5_000))
        pipeline.controller.offMainMapEditThreshold = 0
        var sections = pipeline.feed.sections
        for section in stride(from: 0, to: sections.count, by: 2) { sections[section].items.removeAll() }
        pipeline.apply(sections)
        #expect(!pipeline.controller.isDerivingPendingMap)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(pipeline.shownItems == pipeline.feedItems)
    }
}
