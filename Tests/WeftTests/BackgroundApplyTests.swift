import Foundation
import Testing
import Weft
import WeftCore
import WeftTestSupport
import WeftHeadless
import WeftMemory

/// `applyInBackground`: diffs off main, batches on main, in the order applied.
@MainActor
@Suite struct BackgroundApplyTests {
    @Test func snapshotsAppliedInBackgroundShowInOrderAndMovedItemsKeepTheirNodes() throws {
        let (node, source) = try makeTagSource()
        var random = SplitMix64(seed: 5)
        var nextID = 30
        var sections = [Array(0 ..< 10), Array(10 ..< 20), Array(20 ..< 30)]
        try source.apply(try CollectionSnapshot(sections.enumerated().map { ($0, $1) }))
        node.waitUntilAllUpdatesAreProcessed()
        let outcomes = PosixMutex<[Int]>([])
        for round in 0 ..< 40 {
            let before = nodesByTag(node)
            let shownBefore = sections.flatMap { $0 }
            // Several applies pipelined before anything is waited for: each
            // diffs against the one before it, none of which has shown yet.
            for step in 0 ..< 3 {
                sections = randomlyEdited(sections, &random, nextID: &nextID, edits: 1 ... 6)
                let number = round * 3 + step
                source.applyInBackground(try CollectionSnapshot(sections.enumerated().map { ($0, $1) })) { result in
                    #expect(throws: Never.self) { try result.get() }
                    outcomes.withLock { $0.append(number) }
                }
            }
            #expect(source.shownSnapshot.itemIdentifiers == shownBefore, "nothing shows before main runs the batches")
            #expect(source.snapshot.itemIdentifiers == sections.flatMap { $0 }, "the newest applied, at once")
            node.waitUntilAllUpdatesAreProcessed()
            #expect(shownTags(node) == sections, "round \(round)")
            #expect(source.shownSnapshot.itemIdentifiers == sections.flatMap { $0 })
            let after = nodesByTag(node)
            for (tag, old) in before {
                if let new = after[tag] { #expect(new === old, "round \(round): item \(tag) lost its node") }
            }
        }
        let outcomesSeen = outcomes.withLock { $0 }
        #expect(outcomesSeen == Array(0 ..< 120), "completions run once each, in order")
        #expect(node.headlessView.inconsistencies.isEmpty)
    }

    @Test func anApplyOnMainWaitsForTheBackgroundAppliesBeforeIt() throws {
        let (node, source) = try makeTagSource()
        try source.apply(try CollectionSnapshot([(0, [1, 2, 3])]))
        node.waitUntilAllUpdatesAreProcessed()
        let order = PosixMutex<[String]>([])
        source.applyInBackground(try CollectionSnapshot([(0, [3, 2, 1, 4])])) { _ in order.withLock { $0.append("background") } }
        try source.apply(try CollectionSnapshot([(0, [4, 1])])) { _ in order.withLock { $0.append("main") } }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(shownTags(node) == [[4, 1]])
        let orderSeen = order.withLock { $0 }
        #expect(orderSeen == ["background", "main"])
    }

    @Test func aRefusalFailsItAndTheAppliesQueuedBehindIt() throws {
        let (node, source) = try makeTagSource()
        try source.apply(try CollectionSnapshot([(0, [1, 2, 3])]))
        node.waitUntilAllUpdatesAreProcessed()
        let results = PosixMutex<[Result<Void, SnapshotError>]>([])
        source.applyInBackground(try CollectionSnapshot([(0, [1, 2, 3, 4])])) { result in results.withLock { $0.append(result) } }
        source.applyInBackground(try CollectionSnapshot([(0, [2, 3, 4])])) { result in results.withLock { $0.append(result) } }
        // The node's data changes behind the data source's back while the diffs run.
        let other = OneItemSource()
        node.dataSource = other
        node.reloadData()
        node.dataSource = source
        node.waitUntilAllUpdatesAreProcessed()
        let outcomes = results.withLock { $0 }
        #expect(outcomes.count == 2)
        for outcome in outcomes {
            guard case .failure(.refused(.staleChangeSet)) = outcome else {
                Issue.record("expected a stale-change-set refusal, got \(outcome)")
                continue
            }
        }
        #expect(source.shownSnapshot.itemIdentifiers == [1, 2, 3], "the shown snapshot stays")
        #expect(source.snapshot.itemIdentifiers == [1, 2, 3], "and the next snapshot builds on it")
        // Once refused, the data source starts again from what it shows.
        node.reloadData()
        node.waitUntilAllUpdatesAreProcessed()
        source.applyInBackground(try CollectionSnapshot([(0, [3, 1])]), completion: nil)
        node.waitUntilAllUpdatesAreProcessed()
        #expect(shownTags(node) == [[3, 1]])
    }

    /// UIKit's everyday pattern: take the data source's snapshot, append, apply in
    /// the background, again and again without waiting. Each snapshot builds on
    /// the one applied before it, so none of the 1,000 appends is lost (before,
    /// `snapshot` was the last one submitted, and three such applies showed 101
    /// items instead of 103). Through each container.
    @Test(arguments: ContainerKind.allCases)
    func aThousandAppendsOneBackgroundApplyAtATimeAreAllShown(kind: ContainerKind) throws {
        let scheduler = ManualMainScheduler()
        let node = try kind.make(scheduler: scheduler, queue: try DeallocQueue())
        node.viewportSize = CGSize(width: 320, height: 500)
        let source = CollectionDiffableDataSource<Int, Int>(collectionNode: node) { _, id in { TagNode(tag: id) } }
        var first = CollectionSnapshot<Int, Int>()
        try first.appendSections([0])
        try source.apply(first)
        node.waitUntilAllUpdatesAreProcessed()
        for id in 0 ..< 1_000 {
            var next = source.snapshot
            try next.appendItems([id])
            source.applyInBackground(next, completion: nil)
            if id % 97 == 0 { scheduler.runAll() }  // some applies land while others are still diffing
        }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(source.snapshot.numberOfItems == 1_000)
        #expect(source.shownSnapshot.itemIdentifiers == Array(0 ..< 1_000))
        #expect(shownTags(node) == [Array(0 ..< 1_000)])
        #expect(node.diagnostics.isEmpty)
    }

    // A guard against a hang, not a timing: under the sanitizers, with every suite
    // sharing main, a passing run has taken more than a minute.
    @Test(.timeLimit(.minutes(5)))
    func theAsyncFormReturnsOnceTheBatchHasCommitted() async throws {
        let (node, source) = try makeTagSource(scheduler: .dispatchMain)
        try await source.applyInBackgroundAndWait(try CollectionSnapshot([(0, [1, 2])]))
        try await source.applyInBackgroundAndWait(try CollectionSnapshot([(0, [2, 5, 1])]))
        #expect(shownTags(node) == [[2, 5, 1]])
        #expect(source.snapshot.itemIdentifiers == [2, 5, 1])
    }

    /// In an async function, a call without a completion and the blocking wait
    /// compile as they read: no async twin of either shadows it (both used to,
    /// failing with "expression is 'async' but is not marked with 'await'").
    @Test(.timeLimit(.minutes(5)))
    func callsWithoutAwaitMeanTheSynchronousFormsInAsyncCode() async throws {
        let (node, source) = try makeTagSource(scheduler: .dispatchMain)
        source.applyInBackground(try CollectionSnapshot([(0, [4, 2])]))
        node.waitUntilAllUpdatesAreProcessed()
        #expect(shownTags(node) == [[4, 2]])
        source.applyInBackground(try CollectionSnapshot([(0, [2, 4, 8])]))
        await node.waitForAllUpdates()
        #expect(shownTags(node) == [[2, 4, 8]])
        #expect(node.diagnostics.isEmpty)
    }
}

/// A data source of one item, to change a node's data behind another's back.
@MainActor
private final class OneItemSource: CollectionNodeDataSource {
    func numberOfSections(in collectionNode: CollectionNode) -> Int { 1 }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { 1 }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        { TagNode(tag: 7) }
    }
}

/// Main-actor state a completion touches: it compiles only because the
/// completions of `apply` and `performBatchUpdates` are `@MainActor`.
@MainActor
final class CompletionLog {
    var entries: [String] = []
}

@MainActor
@Suite struct MainActorCompletionTests {
    @Test func completionsRunOnMainAndTouchMainActorStateDirectly() throws {
        let (node, source) = try makeTagSource()
        let log = CompletionLog()
        try source.apply(try CollectionSnapshot([(0, [1, 2])])) { log.entries.append("apply \($0)") }
        node.waitUntilAllUpdatesAreProcessed()
        try source.apply(try CollectionSnapshot([(0, [2, 1, 3])])) { log.entries.append("apply \($0)") }
        node.waitUntilAllUpdatesAreProcessed()
        let feed = try StoryFeed(count: 3)
        feed.load()
        try feed.node.performBatchUpdates({
            feed.stories.append(Story(id: 3))
            try feed.node.insertItems(at: [IndexPath(item: 3, section: 0)])
        }, completion: { log.entries.append("batch \($0)") })
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(log.entries == ["apply true", "apply true", "batch true"])
    }
}
