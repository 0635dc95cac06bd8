import Foundation
import Testing
import Weft
import WeftCore
import WeftDataController
import WeftDiff
import WeftTestSupport

/// A large update derives its pending map off main, on the data controller's map
/// queue, while main goes on: end to end through each container, the view shows
/// the data source after every commit whichever way the map was made, a refusal
/// behind a derivation changes nothing, and whatever reads the map before it is
/// ready (the next update, a query) waits for it.
@MainActor
@Suite struct PendingMapOffMainTests {
    /// Updates and loads of 50 edits or items and more go off main: a few hundred
    /// stories then exercise the path without the default's thousands.
    static let threshold = 50

    func feed(_ kind: ContainerKind, count: Int, loaded: Bool = true) throws -> StoryFeed {
        let feed = try StoryFeed(count: count) { scheduler, queue in try kind.make(scheduler: scheduler, queue: queue) }
        feed.node.dataController.offMainMapEditThreshold = Self.threshold
        if loaded { feed.load() }
        return feed
    }

    /// Changes a tenth of the stories each way (deleted, inserted, moved), at
    /// places `random` picks, and submits the batch the diff of their ids gives.
    func updateTenPercent(_ feed: StoryFeed, _ random: inout SplitMix64, nextID: inout Int) throws {
        var stories = feed.stories
        let tenth = Swift.max(1, stories.count / 10)
        for _ in 0 ..< tenth where !stories.isEmpty {
            stories.remove(at: Int(random.next() % UInt64(stories.count)))
        }
        for _ in 0 ..< tenth {
            let moved = stories.remove(at: Int(random.next() % UInt64(stories.count)))
            stories.insert(moved, at: Int(random.next() % UInt64(stories.count + 1)))
        }
        for _ in 0 ..< tenth {
            stories.insert(Story(id: nextID), at: Int(random.next() % UInt64(stories.count + 1)))
            nextID += 1
        }
        let diff = Diff(from: feed.stories.map(\.id), to: stories.map(\.id))
        try feed.node.performBatchUpdates {
            feed.stories = stories
            try feed.node.deleteItems(at: diff.deletes.map { IndexPath(item: $0, section: 0) })
            try feed.node.insertItems(at: diff.inserts.map { IndexPath(item: $0, section: 0) })
            for move in diff.moves {
                try feed.node.moveItem(at: IndexPath(item: move.from, section: 0), to: IndexPath(item: move.to, section: 0))
            }
        }
    }

    /// A batch that deletes an item past the end, which step 1 refuses.
    func submitRefusedBatch(_ feed: StoryFeed) {
        let past = IndexPath(item: feed.stories.count + 3, section: 0)
        #expect(throws: DataControllerError.self) {
            try feed.node.performBatchUpdates { try feed.node.deleteItems(at: [past]) }
        }
    }

    @Test(arguments: ContainerKind.allCases)
    func aLargeUpdateIsDerivedOffMainAndShowsTheDataSource(kind: ContainerKind) throws {
        let feed = try feed(kind, count: 500)
        var random = SplitMix64(seed: 57)
        var nextID = feed.stories.count
        // Held, so that main sees the derivation in flight however fast the other core is.
        try feed.holdingMapQueue {
            try updateTenPercent(feed, &random, nextID: &nextID)
            #expect(feed.node.dataController.isDerivingPendingMap)
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(!feed.node.dataController.isDerivingPendingMap)
        #expect(feed.shown == feed.stories)
        #expect(feed.node.numberOfItems(inSection: 0) == feed.stories.count)
        #expect(feed.view.inconsistencies.isEmpty && feed.view.divergences.isEmpty)
    }

    /// A data source that answers on main only is asked about a large
    /// update's new items in step 1, each once, and the map queue makes
    /// their elements from its answers: with the queue held, step 1 has
    /// returned with every answer given and the derivation in flight; once it
    /// runs, the view shows the new stories, and nothing was asked again.
    @Test(arguments: ContainerKind.allCases)
    func aMainOnlyDataSourceAnswersInStepOneAndTheMapQueueMakesTheElements(kind: ContainerKind) throws {
        let feed = try feed(kind, count: 500, loaded: false)
        // Nodes that refuse a new model, so that a reload replaces its item.
        feed.makesFixedNodes = true
        feed.load()
        let asked = feed.nodeBlockRequests
        var random = SplitMix64(seed: 91)
        var nextID = feed.stories.count
        try feed.holdingMapQueue {
            try updateTenPercent(feed, &random, nextID: &nextID)
            #expect(feed.node.dataController.isDerivingPendingMap)
            #expect(feed.nodeBlockRequests - asked == 50, "each of the 50 new stories asked once, in step 1")
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.nodeBlockRequests - asked == 50)
        #expect(feed.shown == feed.stories)
        #expect(feed.view.inconsistencies.isEmpty && feed.view.divergences.isEmpty)
        // Reloads that replace their items take the same path: absent inserts.
        let reloaded = ([3, 120, 499] + Array(200 ..< 260)).map { IndexPath(item: $0, section: 0) }
        for path in reloaded { feed.stories[path.item].version += 1 }
        try feed.node.performBatchUpdates { try feed.node.reloadItems(at: reloaded) }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.nodeBlockRequests - asked == 50 + reloaded.count)
        #expect(feed.shown == feed.stories)
        #expect(feed.view.inconsistencies.isEmpty && feed.view.divergences.isEmpty)
    }

    /// Large updates issued back to back, the second usually before the
    /// first's map is derived (step 1 then waits for it), interleaved with
    /// small updates, refusals, queries before the map is ready, scrolls and
    /// single turns of main: after each wait the view shows the data source,
    /// and a refusal changed nothing.
    @Test(arguments: ContainerKind.allCases)
    func updatesIssuedBeforeThePendingMapIsReadyWaitForIt(kind: ContainerKind) throws {
        let feed = try feed(kind, count: 400)
        var random = SplitMix64(seed: UInt64(kind.rawValue.count))
        var nextID = feed.stories.count
        for round in 0 ..< 6 {
            try updateTenPercent(feed, &random, nextID: &nextID)
            // Read before the map is ready: the query waits for it and answers for the new stories.
            let first = try #require(feed.node.nodeForItem(at: IndexPath(item: 0, section: 0)) as? StoryNode)
            #expect(first.story == feed.stories[0])
            submitRefusedBatch(feed)
            // A small update keeps step 1's own path.
            try feed.node.performBatchUpdates {
                feed.stories.insert(Story(id: nextID), at: 1)
                try feed.node.insertItems(at: [IndexPath(item: 1, section: 0)])
            }
            nextID += 1
            try updateTenPercent(feed, &random, nextID: &nextID)
            feed.node.contentOffset = CGPoint(x: 0, y: CGFloat(round) * 300)
            if round % 2 == 0 { _ = feed.scheduler.runNext() }
            feed.node.waitUntilAllUpdatesAreProcessed()
            #expect(feed.shown == feed.stories, "round \(round)")
            #expect(feed.view.inconsistencies.isEmpty && feed.view.divergences.isEmpty)
        }
    }

    /// An eager reload of many items derives its map off main too, and the
    /// first screen shows the data source.
    @Test(arguments: ContainerKind.allCases)
    func anEagerLoadDerivesItsMapOffMain(kind: ContainerKind) throws {
        let feed = try feed(kind, count: 300, loaded: false)
        feed.holdingMapQueue {
            feed.node.reloadData()
            #expect(feed.node.dataController.isDerivingPendingMap)
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.shown == feed.stories)
        #expect(feed.view.inconsistencies.isEmpty)
    }
}
