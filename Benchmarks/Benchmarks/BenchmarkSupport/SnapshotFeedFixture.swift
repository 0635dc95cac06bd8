import Foundation
import Weft
import WeftCore
import WeftHeadless

/// A feed of posts behind a `CollectionDiffableDataSource`, loaded and on
/// screen, that takes random snapshot updates: the snapshot-apply jobs.
///
/// Like an app with a large feed, it builds each next snapshot outside the
/// measurement (an app does that off main) and applies it in the background;
/// what is measured is the time main spends, and apart from it the time the
/// diff takes on the editing queue.
@MainActor
public final class SnapshotFeedFixture {
    public struct Post: Hashable, Sendable {
        public var id: Int
        public var version = 0

        public init(id: Int, version: Int = 0) {
            self.id = id
            self.version = version
        }
    }

    /// What one update cost.
    public struct UpdateTimes {
        /// Main-thread time: the apply call, submitting the batch, the commit.
        public var main: Duration = .zero
        /// From the apply call until the batch reached main: the off-main diff.
        public var diff: Duration = .zero
        /// From the apply call until the update committed: its latency.
        public var commit: Duration = .zero
    }

    public private(set) var posts: [Post]
    private var nextID: Int
    private var random: SplitMix64
    private let scheduler = QueueScheduler()
    private let node: CollectionNode
    private let source: CollectionDiffableDataSource<Int, Post>

    /// Loads `count` posts of 100-point rows, every node allocated.
    public init(count: Int, seed: UInt64 = 7) throws {
        posts = (0 ..< count).map { Post(id: $0) }
        nextID = count
        random = SplitMix64(seed: seed)
        node = CollectionNode(
            layout: try ListLayout(), view: HeadlessCollectionView(), mainScheduler: scheduler, deallocQueue: .shared)
        // Its rows are values: their node blocks can be made on any thread.
        source = CollectionDiffableDataSource(collectionNode: node, sendableNodeBlockProvider: { _, _ in { RowNode() } })
        node.viewportSize = CGSize(width: 375, height: 667)
        node.isVisible = true
        try source.apply(try CollectionSnapshot([(0, posts)]))
        node.waitUntilAllUpdatesAreProcessed()
        scheduler.runScheduledJobs()
    }

    /// The posts after 1 to 8 random edits (inserts, deletes, moves, content
    /// changes), as the next snapshot will hold them.
    public func nextPosts() -> [Post] {
        var next = posts
        for _ in 0 ..< Int.random(in: 1 ... 8, using: &random) {
            switch Int.random(in: 0 ..< 4, using: &random) {
            case 0:
                next.insert(Post(id: nextID), at: Int.random(in: 0 ... next.count, using: &random))
                nextID += 1
            case 1:
                next.remove(at: Int.random(in: 0 ..< next.count, using: &random))
            case 2:
                let post = next.remove(at: Int.random(in: 0 ..< next.count, using: &random))
                next.insert(post, at: Int.random(in: 0 ... next.count, using: &random))
            default:
                next[Int.random(in: 0 ..< next.count, using: &random)].version += 1
            }
        }
        return next
    }

    /// The posts after a 10% update: a third of it deletes, a third moves
    /// and a third new posts, each at a random place.
    public func scatteredPosts() -> [Post] {
        let edits = posts.count / 30
        let ids = DiffScenario.scattered(posts.map(\.id), edits: edits, nextID: nextID, using: &random)
        nextID += edits
        return ids.map { Post(id: $0) }
    }

    /// Applies a random update in the background and runs main's part of it;
    /// the snapshot is built before the clocks start.
    public func applyRandomUpdate() throws -> UpdateTimes {
        try applyUpdate(to: nextPosts())
    }

    /// Applies `next` in the background and runs main's part of it; the
    /// snapshot is built before the clocks start.
    public func applyUpdate(to next: [Post]) throws -> UpdateTimes {
        let snapshot = try CollectionSnapshot([(0, next)])
        let clock = ContinuousClock()
        var times = UpdateTimes()
        var committed = false
        var start = clock.now
        source.applyInBackground(snapshot) { _ in committed = true }
        times.main += clock.now - start
        let issued = start
        var diffDone = false
        while !committed {
            scheduler.waitForJob()
            if !diffDone {
                times.diff = clock.now - issued
                diffDone = true
            }
            start = clock.now
            scheduler.runJob()
            times.main += clock.now - start
        }
        times.commit = clock.now - issued
        start = clock.now
        scheduler.runScheduledJobs()
        node.layoutIfNeeded()
        times.main += clock.now - start
        precondition(source.snapshot.numberOfItems == next.count, "the update did not land")
        posts = next
        return times
    }
}
