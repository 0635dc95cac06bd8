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
