import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftMemory
import WeftHeadless
import WeftChangeSet
import WeftDataController

/// After a refused batch the collection shows the data source as it is: by a
/// diff of node models when every item has one (unchanged items keep their
/// nodes, only the others are asked for), by a reload otherwise.
@MainActor
@Suite struct ResynchronizationTests {
    private func nodes(_ feed: StoryFeed) -> [Int: StoryNode] {
        var byID: [Int: StoryNode] = [:]
        for cell in feed.view.allCells.flatMap({ $0 }) {
            let node = (cell as! CollectionElement).nodeIfAllocated as! StoryNode
            byID[node.story.id] = node
        }
        return byID
    }

    @Test func aRefusedBatchHealsByNodeModelsKeepingUnchangedNodes() throws {
        let feed = try StoryFeed(count: 1_000)
        feed.load()
        let before = nodes(feed)
        let asked = feed.nodeBlockRequests
        // The data source changes in many ways; the batch claims one insert.
        var stories = feed.stories
        stories.remove(at: 500)
        stories.remove(at: 10)
        stories.insert(Story(id: 5_000), at: 0)
        stories.insert(Story(id: 5_001), at: 700)
        stories[300].version += 1
        stories.swapAt(100, 900)
        #expect(throws: DataControllerError.self) {
            try feed.node.performBatchUpdates {
                feed.stories = stories
                try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])
            }
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.shown == stories)
        let after = nodes(feed)
        #expect(feed.nodeBlockRequests - asked == 3, "the two new stories and the changed one, not 1,000")
        let changed: Set<Int> = [5_000, 5_001, stories[300].id]
        for story in stories where !changed.contains(story.id) {
            #expect(after[story.id] === before[story.id], "story \(story.id) kept its node")
        }
        #expect(after[stories[300].id] !== before[stories[300].id])
        #expect(feed.view.inconsistencies.isEmpty && feed.node.rangeErrors.isEmpty)
        // The collection goes on from there.
        try feed.node.performBatchUpdates {
            feed.stories.append(Story(id: 6_000))
            try feed.node.insertItems(at: [IndexPath(item: feed.stories.count - 1, section: 0)])
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.shown == feed.stories)
    }

    /// Without node models there is nothing to pair by: everything reloads.
    @Test func withoutNodeModelsARefusedBatchReloadsEverything() throws {
        let feed = try SectionedFeed([("A", (0 ..< 3).map { Story(id: $0) })])
        let header = try #require(feed.header(0))
        let made = feed.supplementaryBlocksMade
        #expect(throws: DataControllerError.self) {
            try feed.node.performBatchUpdates {
                feed.sections[0].stories.append(Story(id: 9))
                try feed.node.deleteItems(at: [IndexPath(item: 0, section: 0)])
            }
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.shown == [(0 ..< 3).map { Story(id: $0) } + [Story(id: 9)]])
        #expect(feed.header(0) !== header && feed.supplementaryBlocksMade == made + 2)
    }

    /// A lazy collection reloads too: its absent items have no node models to
    /// compare, and a lazy reload asks for no node blocks.
    @Test func aLazyCollectionReloads() throws {
        let feed = try StoryFeed(count: 500) { scheduler, queue in
            CollectionNode(layout: try ListLayout(), view: HeadlessCollectionView(), itemLoading: .lazy, mainScheduler: scheduler, deallocQueue: queue)
        }
        feed.load()
        feed.node.layoutIfNeeded()
        let asked = feed.nodeBlockRequests
        #expect(throws: DataControllerError.self) {
            try feed.node.performBatchUpdates {
                feed.stories.removeLast()
                try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])
            }
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        feed.node.layoutIfNeeded()
        #expect(feed.view.numberOfItems(inSection: 0) == 499)
        #expect(feed.nodeBlockRequests - asked < 50, "only what the ranges need")
    }
    /// A lazy collection whose data source still has its counts and each loaded
    /// item's model keeps everything after a refusal: no reload, so no visible
    /// cell goes blank (weft-sim --lazy showed 8.6% of cell-frames blank). A
    /// change among absent items needs nothing either; a loaded item that
    /// changed makes it reload.
    @Test func aLazyCollectionThatMatchesItsDataSourceKeepsItsNodes() throws {
        let feed = try StoryFeed(count: 500) { scheduler, queue in
            CollectionNode(layout: try ListLayout(), view: HeadlessCollectionView(), itemLoading: .lazy, mainScheduler: scheduler, deallocQueue: queue)
        }
        feed.load()
        settleLoads(feed.node, feed.scheduler)
        let loaded = feed.node.dataController.pendingMap.indexesOfPresentItems(inSection: 0)
        #expect(!loaded.isEmpty && loaded.count < 100 && !loaded.contains(400))
        let before = nodes(feed)
        let asked = feed.nodeBlockRequests
        for change in ["nothing", "absent item"] {
            #expect(throws: DataControllerError.self) {
                try feed.node.performBatchUpdates {
                    if change == "absent item" { feed.stories[400] = Story(id: 8_000) }
                    try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])
                }
            }
            settleLoads(feed.node, feed.scheduler)
            #expect(feed.nodeBlockRequests == asked, "\(change): nothing reloaded")
            #expect(nodes(feed).allSatisfy { before[$0.key] === $0.value }, "\(change)")
        }
        #expect(throws: DataControllerError.self) {
            try feed.node.performBatchUpdates {
                feed.stories[loaded[0]].version += 1
                try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])
            }
        }
        settleLoads(feed.node, feed.scheduler)
        #expect(feed.nodeBlockRequests > asked, "a loaded item changed: reloaded")
        try feed.node.scrollToItem(at: IndexPath(item: 400, section: 0), at: .top, animated: false)
        settleLoads(feed.node, feed.scheduler)
        #expect(feed.view.inconsistencies.isEmpty && feed.view.divergences.isEmpty)
        #expect(nodes(feed)[8_000] != nil, "the absent item that changed loads as the data source has it")
    }

    /// Through each container, eager and lazy: a refused lone edit over a data
    /// source that did not change keeps every node and asks for none; a loaded
    /// item that changed comes back as the data source has it (eagerly by the
    /// node-model diff, which asks only for it; lazily by a reload).
    @Test(arguments: ContainerKind.allCases, [DataController.ItemLoading.eager, .lazy])
    func everyContainerCatchesUpKeepingWhatDidNotChange(kind: ContainerKind, loading: DataController.ItemLoading) throws {
        let feed = try StoryFeed(count: 300) { scheduler, queue in
            try kind.make(scheduler: scheduler, queue: queue, itemLoading: loading)
        }
        feed.load()
        settleLoads(feed.node, feed.scheduler)
        let before = nodes(feed)
        let asked = feed.nodeBlockRequests
        #expect(!before.isEmpty)
        #expect(throws: DataControllerError.self) { try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)]) }
        settleLoads(feed.node, feed.scheduler)
        #expect(feed.nodeBlockRequests == asked, "\(kind) \(loading): nothing asked again")
        let kept = nodes(feed)
        #expect(kept.count == before.count && kept.allSatisfy { before[$0.key] === $0.value }, "\(kind) \(loading)")

        #expect(throws: DataControllerError.self) {
            try feed.node.performBatchUpdates {
                feed.stories[0].version += 1
                try feed.node.deleteItems(at: [IndexPath(item: 500, section: 0)])
            }
        }
        settleLoads(feed.node, feed.scheduler)
        let first = try #require(feed.node.nodeForItem(at: IndexPath(item: 0, section: 0)) as? StoryNode)
        #expect(first.story == feed.stories[0], "\(kind) \(loading): the changed item shows its new version")
        if loading == .eager {
            #expect(feed.nodeBlockRequests == asked + 1, "\(kind): only the changed item was asked again")
            #expect(nodes(feed).filter { before[$0.key] !== $0.value }.map(\.key) == [0], "\(kind)")
        } else {
            #expect(feed.nodeBlockRequests > asked, "\(kind): the lazy collection reloaded")
        }
        #expect(feed.view.inconsistencies.isEmpty && feed.view.divergences.isEmpty, "\(kind) \(loading)")
    }

    /// Right after a refusal the app changes its data source again and says so
    /// with a lone edit, or a diffable source diffs against the data source and
    /// submits on the data controller: both start from the catch-up batch. A
    /// catch-up diffed off main landed after them and was refused against
    /// counts it never knew (the Pipeline fuzzer's input).
    @Test func editsRightAfterARefusalStartFromTheCatchUpBatch() throws {
        let feed = try StoryFeed(count: 3_000)
        feed.load()
        #expect(throws: DataControllerError.self) {
            try feed.node.performBatchUpdates {
                feed.stories.remove(at: 7)
                feed.stories.insert(Story(id: 9_000), at: 2_000)
                try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])
            }
        }
        feed.stories.insert(Story(id: 9_001), at: 0)
        try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])
        var changeSet = ChangeSet(oldItemCounts: [feed.stories.count])
        feed.stories.append(Story(id: 9_002))
        changeSet.insertItems(at: [IndexPath(item: feed.stories.count - 1, section: 0)])
        var refusal: DataControllerError?
        feed.node.dataController.updateWithChangeSet(changeSet) { if case .failure(let error) = $0 { refusal = error } }
        #expect(refusal == nil)
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.shown == feed.stories)
        #expect(feed.view.inconsistencies.isEmpty && feed.view.divergences.isEmpty)
    }

    /// The catch-up takes the data source's models while the elements' equal
    /// them; sections that grew or shrank at their end, or did not change at all,
    /// pair every item that stayed and ask only for the new ones.
    @Test func aCatchUpPairsItemsKeptAtTheStartOfALongerOrShorterSection() throws {
        for change in ["append", "removeLast", "nothing", "first"] {
            let feed = try StoryFeed(count: 1_000)
            feed.load()
            let before = nodes(feed)
            let asked = feed.nodeBlockRequests
            var stories = feed.stories
            switch change {
            case "append": stories += (0 ..< 5).map { Story(id: 7_000 + $0) }
            case "removeLast": stories.removeLast(3)
            case "first": stories[0].version += 1
            default: break
            }
            #expect(throws: DataControllerError.self) {
                try feed.node.performBatchUpdates {
                    feed.stories = stories
                    try feed.node.deleteItems(at: [IndexPath(item: 2_000, section: 0)])
                }
            }
            feed.node.waitUntilAllUpdatesAreProcessed()
            #expect(feed.shown == stories, "\(change)")
            let new = change == "append" ? 5 : change == "first" ? 1 : 0
            #expect(feed.nodeBlockRequests - asked == new, "\(change)")
            let after = nodes(feed)
            for story in stories where story.id < 7_000 && story.version == 0 {
                #expect(after[story.id] === before[story.id], "\(change): story \(story.id) kept its node")
            }
            #expect(feed.view.inconsistencies.isEmpty && feed.view.divergences.isEmpty, "\(change)")
        }
    }

    /// A diffable data source hands each section's models at once; a refused lone
    /// edit catches up to its shown snapshot, and a later apply goes on from it.
    @Test func aDiffableSourceCatchesUpFromItsShownSnapshot() throws {
        let node = CollectionNode(layout: try ListLayout(), view: HeadlessCollectionView(), mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        node.viewportSize = CGSize(width: 320, height: 500)
        var made = 0
        let source = CollectionDiffableDataSource<Int, Int>(collectionNode: node) { _, id in
            made += 1
            return { TagNode(tag: id) }
        }
        try source.apply(try CollectionSnapshot([(0, Array(0 ..< 300)), (1, Array(300 ..< 400))]))
        node.waitUntilAllUpdatesAreProcessed()
        let first = node.nodeForItem(at: IndexPath(item: 0, section: 1))
        #expect(throws: DataControllerError.self) { try node.insertItems(at: [IndexPath(item: 0, section: 1)]) }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(made == 400, "nothing changed, so nothing was asked again")
        #expect(node.nodeForItem(at: IndexPath(item: 0, section: 1)) === first)
        var snapshot = source.snapshot
        try snapshot.appendItems([400], toSection: 1)
        try source.apply(snapshot)
        node.waitUntilAllUpdatesAreProcessed()
        #expect(node.numberOfItems(inSection: 1) == 101 && made == 401)
    }
}
