import Foundation
import Testing
import Weft
import WeftChangeSet
import WeftCore
import WeftDataController
import WeftHeadless
import WeftMemory
import WeftTestSupport

/// A large eager collection over a diffable data source that refuses a batch
/// derives its catch-up off main: the refusal returns with the batch still
/// being derived, and whatever comes next (the derivation handing it back, an
/// edit, an apply, an update issued on the data controller, a reload) leaves the
/// view showing the snapshot, with every item keeping its node. Another data
/// source catches up on main, at once.
@MainActor
@Suite struct OffMainCatchUpTests {
    /// Above the size from which the catch-up leaves main.
    private static let count = 5_000

    /// A collection of `count` tags over a diffable data source, loaded.
    @MainActor private final class TagFeed {
        let node: CollectionNode
        let source: CollectionDiffableDataSource<Int, Int>

        init() throws {
            node = CollectionNode(
                layout: try ListLayout(), view: HeadlessCollectionView(), mainScheduler: ManualMainScheduler(),
                deallocQueue: try DeallocQueue())
            node.viewportSize = CGSize(width: 320, height: 500)
            let counter = Counter()
            source = CollectionDiffableDataSource<Int, Int>(collectionNode: node) { _, id in
                counter.value += 1
                return { TagNode(tag: id) }
            }
            self.counter = counter
            try source.apply(try CollectionSnapshot([(0, Array(0 ..< OffMainCatchUpTests.count))]))
            node.waitUntilAllUpdatesAreProcessed()
        }

        private let counter: Counter
        /// Node blocks made so far.
        var nodeBlocks: Int { counter.value }

        /// A raw edit the data source does not reflect: refused.
        func refuse() {
            #expect(throws: DataControllerError.self) { try self.node.insertItems(at: [IndexPath(item: 0, section: 0)]) }
        }

        var refusals: Int { node.diagnostics.errors(of: DataControllerError.self).count }
    }

    @MainActor private final class Counter {
        var value = 0
    }

    @Test func theRefusalReturnsBeforeTheCatchUpAndItLandsOnItsOwn() throws {
        let feed = try TagFeed()
        let first = feed.node.nodeForItem(at: IndexPath(item: 0, section: 0))
        let made = feed.nodeBlocks
        feed.refuse()
        #expect(feed.node.isDerivingCatchUp, "the catch-up is derived off main")
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(!feed.node.isDerivingCatchUp)
        #expect(feed.nodeBlocks == made, "the snapshot did not change: nothing is asked again")
        #expect(feed.node.nodeForItem(at: IndexPath(item: 0, section: 0)) === first)
        #expect(feed.node.numberOfItems(inSection: 0) == Self.count)
        #expect(feed.refusals == 1, "the refusal, and no other")
    }

    /// An apply right after the refusal submits the catch-up first, while the
    /// snapshot it was derived from is still the one shown; so does an edit,
    /// and an update issued on the data controller.
    @Test func updatesRightAfterTheRefusalFollowTheCatchUp() throws {
        let feed = try TagFeed()
        feed.refuse()
        var snapshot = feed.source.snapshot
        try snapshot.appendItems([Self.count], toSection: 0)
        try feed.source.apply(snapshot)
        #expect(!feed.node.isDerivingCatchUp, "the apply submitted the catch-up first")

        feed.refuse()
        #expect(feed.node.isDerivingCatchUp)
        try feed.node.reconfigureItems(at: [IndexPath(item: 3, section: 0)])
        #expect(!feed.node.isDerivingCatchUp, "the edit submitted the catch-up first")

        feed.refuse()
        #expect(feed.node.isDerivingCatchUp)
        var refusal: DataControllerError?
        feed.node.dataController.updateWithChangeSet(feed.node.dataController.makeChangeSet()) {
            if case .failure(let error) = $0 { refusal = error }
        }
        #expect(refusal == nil && !feed.node.isDerivingCatchUp, "the data controller issued the catch-up first")

        feed.refuse()
        snapshot = feed.source.snapshot
        try snapshot.deleteItems([0, 1])
        feed.source.applyInBackground(snapshot)
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(!feed.node.isDerivingCatchUp)
        #expect(feed.node.numberOfItems(inSection: 0) == Self.count - 1)
        #expect(feed.nodeBlocks == Self.count + 1, "the appended tag only (a reconfigure keeps its node)")
        #expect(feed.refusals == 4, "the four refusals, and no catch-up refused")
    }

    /// Moves accepted behind the snapshot's back (the counts match, the order
    /// does not): the catch-up derived off main moves the items back, and
    /// they keep their nodes.
    @Test func aCatchUpMovesItemsBackKeepingTheirNodes() throws {
        let feed = try TagFeed()
        try feed.node.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 5, section: 0))
        try feed.node.moveItem(at: IndexPath(item: 4_000, section: 0), to: IndexPath(item: 10, section: 0))
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(shownTags(feed.node)[0].prefix(11) == [1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 4_000])
        let before = nodesByTag(feed.node)
        feed.refuse()
        #expect(feed.node.isDerivingCatchUp)
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(shownTags(feed.node) == [Array(0 ..< Self.count)])
        let after = nodesByTag(feed.node)
        for (tag, node) in before { #expect(after[tag] === node, "tag \(tag) kept its node") }
        #expect(feed.nodeBlocks == Self.count, "nothing asked again")
        #expect(feed.refusals == 1)
    }

    /// A new data source makes the catch-up, derived from the old one's
    /// snapshot, moot: it is dropped, and after the reload an app then asks
    /// for, the new one's snapshots apply.
    @Test func aNewDataSourceDropsTheCatchUp() throws {
        let feed = try TagFeed()
        feed.refuse()
        #expect(feed.node.isDerivingCatchUp)
        let other = CollectionDiffableDataSource<Int, Int>(collectionNode: feed.node) { _, id in { TagNode(tag: id) } }
        #expect(!feed.node.isDerivingCatchUp)
        feed.node.reloadData()
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.node.numberOfSections == 0, "the new source's empty snapshot")
        try other.apply(try CollectionSnapshot([(0, [7, 8, 9])]))
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(shownTags(feed.node) == [[7, 8, 9]])
        #expect(feed.refusals == 1)
    }

    /// A reload shows the data source by itself: the catch-up is dropped, not
    /// applied after it.
    @Test func aReloadDropsTheCatchUp() throws {
        let feed = try TagFeed()
        feed.refuse()
        #expect(feed.node.isDerivingCatchUp)
        feed.node.reloadData()
        #expect(!feed.node.isDerivingCatchUp)
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.node.numberOfItems(inSection: 0) == Self.count)
        #expect(feed.refusals == 1)
    }

    /// A data source that answers from its own state may change it before the
    /// app's next edit: it catches up at once, on main, as a small collection does.
    @Test func anotherDataSourceCatchesUpOnMain() throws {
        for count in [100, Self.count] {
            let feed = try StoryFeed(count: count)
            feed.load()
            var stories = feed.stories
            stories.insert(Story(id: 90_000), at: 0)
            stories.insert(Story(id: 90_001), at: count / 2)
            #expect(throws: DataControllerError.self) {
                try feed.node.performBatchUpdates {
                    feed.stories = stories
                    try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])
                }
            }
            #expect(!feed.node.isDerivingCatchUp, "\(count)")
            feed.stories.append(Story(id: 90_002))
            try feed.node.insertItems(at: [IndexPath(item: feed.stories.count - 1, section: 0)])
            feed.node.waitUntilAllUpdatesAreProcessed()
            #expect(feed.shown == feed.stories, "\(count)")
            #expect(feed.view.inconsistencies.isEmpty && feed.view.divergences.isEmpty, "\(count)")
        }
    }

    /// A model of the interleavings: refused edits, applies on main and in the
    /// background, reconfigures, updates issued on the data controller, reloads
    /// and waits, in random order over three sections of 2,000 items. After
    /// every wait the view shows the newest snapshot applied, nothing but the
    /// injected edits was refused, and items that stayed kept their nodes
    /// across rounds without a reload.
    @Test(arguments: [11, 57, 4_096])
    func interleavedRefusalsAndUpdatesShowTheSnapshot(seed: UInt64) throws {
        let (node, source) = try makeTagSource()
        var random = SplitMix64(seed: seed)
        var sections = (0 ..< 3).map { Array($0 * 2_000 ..< ($0 + 1) * 2_000) }
        var nextID = 6_000
        try source.apply(try CollectionSnapshot(sections.enumerated().map { ($0, $1) }))
        node.waitUntilAllUpdatesAreProcessed()
        var injected = 0
        for round in 0 ..< 24 {
            let before = nodesByTag(node)
            var reloaded = false
            for _ in 0 ..< Int.random(in: 1 ... 5, using: &random) {
                switch Int.random(in: 0 ..< 6, using: &random) {
                case 0, 1:
                    // Claims an insert the snapshot does not have.
                    injected += 1
                    #expect(throws: DataControllerError.self) {
                        try node.insertItems(at: [IndexPath(item: 0, section: Int.random(in: 0 ..< 3, using: &random))])
                    }
                case 2:
                    sections = randomlyEdited(sections, &random, nextID: &nextID, edits: 1 ... 8)
                    try source.apply(try CollectionSnapshot(sections.enumerated().map { ($0, $1) }))
                case 3:
                    sections = randomlyEdited(sections, &random, nextID: &nextID, edits: 1 ... 8)
                    source.applyInBackground(try CollectionSnapshot(sections.enumerated().map { ($0, $1) })) { result in
                        #expect(throws: Never.self) { try result.get() }
                    }
                case 4 where !sections[0].isEmpty:
                    // After any background apply, so that the path names what shows.
                    node.waitUntilAllUpdatesAreProcessed()
                    try node.reconfigureItems(at: [IndexPath(item: 0, section: 0)])
                case 5:
                    node.reloadData()
                    reloaded = true
                default:
                    node.dataController.updateWithChangeSet(node.dataController.makeChangeSet())
                }
            }
            node.waitUntilAllUpdatesAreProcessed()
            #expect(!node.isDerivingCatchUp, "round \(round)")
            #expect(shownTags(node) == sections, "round \(round)")
            #expect(node.headlessView.inconsistencies.isEmpty, "round \(round)")
            #expect(node.diagnostics.errors(of: DataControllerError.self).count == injected, "round \(round): only the injected edits were refused")
            guard !reloaded else { continue }
            let after = nodesByTag(node)
            for (tag, old) in before {
                if let new = after[tag] { #expect(new === old, "round \(round): item \(tag) lost its node") }
            }
        }
    }
}
