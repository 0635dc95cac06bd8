import Dispatch
import Foundation
import Synchronization
import Testing
import WeftChangeSet
import WeftCore
import WeftMemory
import WeftDataController
import WeftElementMap
import WeftNode
import WeftTestSupport

@MainActor
@Suite struct DataControllerTests {
    @Test func initialLoadShowsTheDataSource() throws {
        let pipeline = try Pipeline([3, 0, 5])
        #expect(pipeline.shownItems == pipeline.feedItems)
        #expect(pipeline.controller.visibleMap.count == 8)
        #expect(pipeline.controller.pendingItemCounts == [3, 0, 5])
        #expect(pipeline.view.inconsistencies.isEmpty)
        #expect(pipeline.view.loadCount == 1)
        for (_, element) in pipeline.controller.visibleMap.indexedElements {
            let node = try #require(element.nodeIfAllocated)
            #expect(node.calculatedSizeRange == element.constrainedSize, "step 3 measured every new node")
        }
        pipeline.controller._checkInvariants()
    }

    @Test func insertsDeletesMovesAndReloadsReachTheView() throws {
        let pipeline = try Pipeline([4, 3])
        let nodes = nodesByID(pipeline)
        var sections = pipeline.feed.sections
        let moved = sections[0].items.remove(at: 0)          // id 0 moves to section 1
        sections[1].items.insert(moved, at: 2)
        sections[0].items.remove(at: 1)                      // id 2 deleted
        sections[1].items[0].version += 1                    // id 4 changes: a reload
        sections[0].items.insert(FeedItem(id: 100), at: 0)   // a new item
        pipeline.apply(sections)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()

        #expect(pipeline.shownItems == pipeline.feedItems)
        #expect(pipeline.view.inconsistencies.isEmpty)
        let after = nodesByID(pipeline)
        #expect(after[0] === nodes[0], "a moved item keeps its node")
        #expect(after[1] === nodes[1] && after[3] === nodes[3], "untouched items keep their nodes")
        #expect(after[4] !== nodes[4], "an item whose model changed gets a new node")
        #expect(after[2] == nil)
        #expect(after[100] != nil)
    }

    @Test func aReloadWithAnUnchangedModelKeepsTheNode() throws {
        let pipeline = try Pipeline([3])
        let before = nodesByID(pipeline)
        pipeline.feed.nodeBlockRequests = []
        var changeSet = pipeline.controller.makeChangeSet()
        changeSet.reloadItems(at: [IndexPath(item: 1, section: 0)])
        pipeline.controller.updateWithChangeSet(changeSet)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(nodesByID(pipeline)[1] === before[1])
        #expect(pipeline.feed.nodeBlockRequests.isEmpty, "no node block for a kept item")

        pipeline.feed.usesNodeModels = false
        var again = pipeline.controller.makeChangeSet()
        again.reloadItems(at: [IndexPath(item: 1, section: 0)])
        pipeline.controller.updateWithChangeSet(again)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(nodesByID(pipeline)[1] !== before[1], "without node models a reload makes a new node")
        #expect(pipeline.view.inconsistencies.isEmpty)
        #expect(pipeline.shownItems == pipeline.feedItems)
    }

    @Test func nestedUpdatesCommitAsOneBatch() throws {
        let pipeline = try Pipeline([2])
        var changeSet = pipeline.controller.makeChangeSet()
        let finished = PosixMutex<[String]>([])
        changeSet.beginUpdates()
        changeSet.insertItems(at: [IndexPath(item: 0, section: 0)])
        changeSet.beginUpdates()
        changeSet.insertItems(at: [IndexPath(item: 3, section: 0)])
        changeSet.endUpdates { _ in finished.withLock { $0.append("inner") } }
        changeSet.endUpdates { _ in finished.withLock { $0.append("outer") } }
        pipeline.feed.sections[0].items.insert(FeedItem(id: 50), at: 0)
        pipeline.feed.sections[0].items.append(FeedItem(id: 51))
        let applied = pipeline.view.appliedBatchUpdateCount
        pipeline.controller.updateWithChangeSet(changeSet)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(pipeline.view.appliedBatchUpdateCount == applied + 1)
        let finishedSeen = finished.withLock { $0 }
        #expect(finishedSeen == ["inner", "outer"])
        #expect(pipeline.shownItems == pipeline.feedItems)
    }

    @Test func rapidUpdatesPipelineWithoutBlockingMainAndCommitInOrder() throws {
        let pipeline = try Pipeline([5])
        let gate = DispatchSemaphore(value: 0)
        pipeline.feed.log.gate.withLock { $0 = gate }
        var order: [Int] = []
        for round in 0 ..< 3 {
            var sections = pipeline.feed.sections
            sections[0].items.insert(FeedItem(id: 1000 + round), at: round)
            sections[0].items.removeLast()
            // Step 3 of the first update waits at the gate; issuing the next ones
            // returns at once, which is the proof that main never waits for it.
            pipeline.apply(sections) { result in
                #expect((try? result.get()) != nil)
                order.append(round)
            }
            #expect(pipeline.controller.pendingItemCounts == [5])
        }
        #expect(pipeline.controller.isProcessingUpdates)
        #expect(pipeline.controller.visibleMap.count == 5)
        #expect(order.isEmpty)
        gate.signal()
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(order == [0, 1, 2])
        #expect(!pipeline.controller.isProcessingUpdates)
        #expect(pipeline.shownItems == pipeline.feedItems)
        #expect(pipeline.view.inconsistencies.isEmpty)
    }

    @Test func nodeBlocksRunOffMainAndInParallel() throws {
        let pipeline = try Pipeline([0], load: true)
        let main = ThreadIdentity.current
        // Two node blocks meet: the first waits for the second to arrive. Run one
        // after the other, the first would wait out its timeout alone.
        let arrivals = Atomic<Int>(0)
        let secondArrived = DispatchSemaphore(value: 0)
        let met = Atomic<Bool>(false)
        pipeline.feed.log.onBlock.withLock {
            $0 = {
                if arrivals.add(1, ordering: .sequentiallyConsistent).newValue == 2 {
                    secondArrived.signal()
                } else if secondArrived.wait(timeout: .now() + 30) == .success {
                    met.store(true, ordering: .relaxed)
                }
            }
        }
        var sections = pipeline.feed.sections
        sections[0].items = [FeedItem(id: 1), FeedItem(id: 2)]
        pipeline.apply(sections)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(!pipeline.feed.log.blockThreads.contains(main))
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            let bothRanAtOnce = met.load(ordering: .relaxed)
            #expect(bothRanAtOnce, "both blocks ran at the same time")
        }
        #expect(pipeline.shownItems == pipeline.feedItems)
    }

    @Test func serialAllocationRunsOneBlockAtATime() throws {
        let pipeline = try Pipeline([0], allocation: .serial)
        let running = Atomic<Int>(0)
        let overlapped = Atomic<Bool>(false)
        pipeline.feed.log.onBlock.withLock {
            $0 = {
                if running.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                    overlapped.store(true, ordering: .relaxed)
                }
                running.subtract(1, ordering: .sequentiallyConsistent)
            }
        }
        var sections = pipeline.feed.sections
        sections[0].items = (0 ..< 64).map { FeedItem(id: $0) }
        pipeline.apply(sections)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        let blocksOverlapped = overlapped.load(ordering: .relaxed)
        #expect(!blocksOverlapped)
        #expect(Set(pipeline.feed.log.blockThreads).count == 1)
        #expect(pipeline.shownItems == pipeline.feedItems)
    }

    @Test func theDataSourceIsAskedOnlyAboutNewItems() throws {
        let pipeline = try Pipeline([100, 100])
        pipeline.feed.nodeBlockRequests = []
        var sections = pipeline.feed.sections
        sections[1].items.insert(FeedItem(id: 5000), at: 40)
        sections[0].items.swapAt(3, 70)
        pipeline.apply(sections)
        #expect(pipeline.feed.nodeBlockRequests == [IndexPath(item: 40, section: 1)])
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(pipeline.shownItems == pipeline.feedItems)
    }

    @Test func theVisibleMapStaysOldUntilTheSwap() throws {
        let pipeline = try Pipeline([2])
        let layout = MeasuringLayout()
        pipeline.controller.layoutDelegate = layout
        let old = pipeline.controller.visibleMap
        var sections = pipeline.feed.sections
        sections[0].items.append(FeedItem(id: 9))
        pipeline.apply(sections)
        #expect(pipeline.controller.pendingMap.count == 3)
        #expect(pipeline.controller.visibleMap.count == 2)
        // Step 3 (here the layout delegate's) is done; step 5 waits for main.
        layout.measured.wait()
        let contextsSeen = layout.contexts.withLock { $0 }
        #expect(contextsSeen == [1], "the context named the one new element")
        #expect(pipeline.controller.pendingMap.element(at: IndexPath(item: 2, section: 0))?.nodeIfAllocated != nil)
        #expect(pipeline.controller.visibleMap.count == 2)
        #expect(pipeline.view.numberOfItems(inSection: 0) == 2)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(pipeline.controller.visibleMap.count == 3)
        #expect(old.count == 2, "a version never changes")
        #expect(pipeline.shownItems == pipeline.feedItems)
    }

    @Test func theSwapHappensInsideTheViewsBatchUpdate() throws {
        let pipeline = try Pipeline([1])
        let recorder = CommitRecorder()
        pipeline.controller.delegate = recorder
        var sections = pipeline.feed.sections
        sections[0].items.append(FeedItem(id: 7))
        pipeline.apply(sections)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(recorder.countsBeforeUpdates == [1])
        #expect(recorder.countsAfterUpdates == [2])
        #expect(recorder.previousCounts == [1])
    }

    @Test func invalidUpdatesAreRefusedAndChangeNothing() throws {
        let pipeline = try Pipeline([3, 2])
        let visible = pipeline.controller.visibleMap
        let pending = pipeline.controller.pendingMap
        var outcomes: [DataControllerError] = []
        let finished = PosixMutex<[Bool]>([])

        var beyond = pipeline.controller.makeChangeSet()
        beyond.beginUpdates()
        beyond.deleteItems(at: [IndexPath(item: 3, section: 0)])
        beyond.endUpdates { value in finished.withLock { $0.append(value) } }
        var wrongCount = pipeline.controller.makeChangeSet()
        wrongCount.insertItems(at: [IndexPath(item: 0, section: 1)])   // the feed did not change
        let stale = ChangeSet(oldItemCounts: [3])
        for changeSet in [beyond, wrongCount, stale] {
            pipeline.controller.updateWithChangeSet(changeSet) { result in
                if case .failure(let error) = result { outcomes.append(error) }
            }
        }
        #expect(outcomes.count == 3, "refusals are reported before the call returns")
        guard outcomes.count == 3 else { return }
        guard case .invalidChangeSet(let beyondError) = outcomes[0] else {
            Issue.record("expected an invalid change set, got \(outcomes[0])")
            return
        }
        #expect(beyondError.description.contains("attempt to delete item 3 from section 0 which only contains 3 items"))
        guard case .invalidChangeSet(let countError) = outcomes[1] else {
            Issue.record("expected an invalid change set, got \(outcomes[1])")
            return
        }
        #expect(countError.description.contains("section 1"))
        #expect(outcomes[2] == .staleChangeSet(expected: [3, 2], actual: [3]))
        let finishedSeen = finished.withLock { $0 }
        #expect(finishedSeen == [false], "the refused batch's own completion ran with false")
        #expect(pipeline.controller.pendingItemCounts == [3, 2])
        #expect(!pipeline.controller.isProcessingUpdates)
        for (path, element) in visible.indexedElements {
            #expect(pipeline.controller.visibleMap.element(at: path) === element)
            #expect(pipeline.controller.pendingMap.element(at: path) === pending.element(at: path))
        }
        #expect(pipeline.view.inconsistencies.isEmpty)
        // The data controller goes on working.
        var sections = pipeline.feed.sections
        sections[1].items.append(FeedItem(id: 77))
        pipeline.apply(sections)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(pipeline.shownItems == pipeline.feedItems)
    }

    @Test func reentrantUpdatesAreRefused() throws {
        let pipeline = try Pipeline([1])
        var inner: [Result<Void, DataControllerError>] = []
        pipeline.feed.onAsk = {
            pipeline.feed.onAsk = nil
            pipeline.controller.updateWithChangeSet(pipeline.controller.makeChangeSet()) { inner.append($0) }
        }
        pipeline.controller.updateWithChangeSet(pipeline.controller.makeChangeSet())
        #expect(inner.count == 1)
        if case .failure(let error) = inner.first { #expect(error == .reentrantUpdate) } else {
            Issue.record("the update from inside the data source was not refused")
        }
        // From a completion it is not re-entrant: it runs after the commit.
        var chained = false
        pipeline.controller.updateWithChangeSet(pipeline.controller.makeChangeSet()) { _ in
            pipeline.controller.updateWithChangeSet(pipeline.controller.makeChangeSet()) { result in
                chained = (try? result.get()) != nil
            }
        }
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(chained)
    }

    @Test func removedNodesDieOnTheDeallocQueue() throws {
        let pipeline = try Pipeline([6])
        let main = ThreadIdentity.current
        var sections = pipeline.feed.sections
        sections[0].items.removeSubrange(1 ... 3)
        sections[0].items[0].version += 1   // reloaded: its old node goes too
        pipeline.apply(sections)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        try pipeline.deallocQueue.drain()
        let deaths = pipeline.feed.log.deinitRecords
        #expect(Set(deaths.map(\.id)) == [0, 1, 2, 3])
        #expect(deaths.allSatisfy { $0.thread != main }, "no node died on main: \(deaths)")
        #expect(pipeline.shownItems == pipeline.feedItems)
    }

    @Test func updatesBeforeTheInitialLoadBecomeTheInitialLoad() throws {
        let pipeline = try Pipeline([2], load: false)
        var changeSet = pipeline.controller.makeChangeSet()
        changeSet.insertItems(at: [IndexPath(item: 0, section: 0)])
        let finished = PosixMutex<Bool?>(nil)
        changeSet.beginUpdates()
        changeSet.endUpdates { value in finished.withLock { $0 = value } }
        pipeline.feed.sections[0].items.insert(FeedItem(id: 40), at: 0)
        pipeline.controller.updateWithChangeSet(changeSet)
        #expect(pipeline.controller.hasLoadedData)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        let finishedSeen = finished.withLock { $0 }
        #expect(finishedSeen == true)
        #expect(pipeline.shownItems == pipeline.feedItems)
        #expect(pipeline.view.inconsistencies.isEmpty)
    }

    @Test func aNewViewportSizeRemeasuresAllocatedNodes() throws {
        let pipeline = try Pipeline([3, 2])
        var relayouts = 0
        pipeline.controller.viewportSize = CGSize(width: 200, height: 640)
        pipeline.controller.relayoutAllNodes { relayouts += 1 }
        #expect(pipeline.controller.isProcessingUpdates)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(relayouts == 1)
        for (_, element) in pipeline.controller.visibleMap.indexedElements {
            let node = try #require(element.nodeIfAllocated)
            #expect(element.constrainedSize.max.width == 200)
            #expect(node.calculatedLayout?.size.width == 200)
        }
    }

    /// Each version a batch update commits gets position tables off main (from
    /// 4,096 items), so the lookups of the version on screen are O(1); older
    /// versions keep theirs while held, and small maps and lazy ones get none.
    @Test func committedVersionsGetPositionTablesOffMain() throws {
        let feed = Feed([3_000, 2_000])
        let controller = DataController(mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        controller.dataSource = feed
        controller.reloadData()
        controller.waitUntilAllUpdatesAreProcessed()
        controller._waitForPositionTables()
        let loaded = controller.visibleMap
        #expect(loaded.hasPositionTables)
        loaded._checkInvariants()
        var changeSet = controller.makeChangeSet()
        feed.sections[1].items.insert(FeedItem(id: 9_999), at: 5)
        changeSet.insertItems(at: [IndexPath(item: 5, section: 1)])
        controller.updateWithChangeSet(changeSet)
        controller.waitUntilAllUpdatesAreProcessed()
        controller._waitForPositionTables()
        let updated = controller.visibleMap
        #expect(updated.hasPositionTables && loaded.hasPositionTables)
        updated._checkInvariants()
        let inserted = try #require(updated.element(at: IndexPath(item: 5, section: 1)))
        #expect(updated.indexPath(of: inserted) == IndexPath(item: 5, section: 1) && loaded.indexPath(of: inserted) == nil)
        #expect(updated.indexPath(of: try #require(loaded.element(at: IndexPath(item: 5, section: 1)))) == IndexPath(item: 6, section: 1))

        let small = DataController(mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        let smallFeed = Feed([10])
        small.dataSource = smallFeed
        small.reloadData()
        small.waitUntilAllUpdatesAreProcessed()
        small._waitForPositionTables()
        #expect(!small.visibleMap.hasPositionTables)

        // A lazy collection's maps are mostly absent items: no tables, whatever their count.
        let lazy = DataController(itemLoading: .lazy, mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        lazy.dataSource = feed
        lazy.reloadData()
        lazy.waitUntilAllUpdatesAreProcessed()
        lazy._waitForPositionTables()
        #expect(lazy.visibleMap.count == feed.sections.map(\.items.count).reduce(0, +) && !lazy.visibleMap.hasPositionTables)
    }

    /// A data source written when a section had one element of each kind
    /// implements the section forms of the supplementary node block and size
    /// range; they are still what makes its headers (not a silent empty node).
    @Test func aDataSourceWithTheSectionFormsKeepsItsHeaders() throws {
        final class SectionFormSource: DataControllerDataSource {
            final class Marked: CellNode, @unchecked Sendable {
                let section: Int
                init(section: Int) {
                    self.section = section
                    super.init()
                }
            }
            func numberOfSections(in dataController: DataController) -> Int { 2 }
            func dataController(_ dataController: DataController, numberOfItemsInSection section: Int) -> Int { 1 }
            func dataController(_ dataController: DataController, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
                { CellNode() }
            }
            func dataController(_ dataController: DataController, supplementaryKindsInSection section: Int) -> [String] {
                [ElementKind.sectionHeader]
            }
            func dataController(
                _ dataController: DataController, nodeBlockForSupplementaryElementOfKind kind: String, inSection section: Int
            ) -> CellNodeBlock {
                { Marked(section: section) }
            }
            func dataController(
                _ dataController: DataController, constrainedSizeForSupplementaryElementOfKind kind: String, inSection section: Int
            ) -> SizeRange {
                (try? SizeRange(exactly: CGSize(width: 10, height: 20 + CGFloat(section)))) ?? .unconstrained
            }
        }
        let source = SectionFormSource()
        let controller = DataController(mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        controller.dataSource = source
        controller.reloadData()
        controller.waitUntilAllUpdatesAreProcessed()
        for section in 0 ..< 2 {
            let header = try #require(controller.visibleMap.supplementaryElement(
                ofKind: ElementKind.sectionHeader, at: IndexPath(item: 0, section: section)))
            #expect((header.nodeIfAllocated as? SectionFormSource.Marked)?.section == section)
            #expect(header.constrainedSize == (try SizeRange(exactly: CGSize(width: 10, height: 20 + CGFloat(section)))))
        }
    }

    @Test func supplementaryElementsFollowTheirSections() throws {
        let feed = Feed([2, 3])
        feed.headerKinds = ["header"]
        let controller = DataController(mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        controller.dataSource = feed
        controller.reloadData()
        controller.waitUntilAllUpdatesAreProcessed()
        let header1 = try #require(controller.visibleMap.supplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 1)))
        #expect(header1.supplementaryKind == "header")
        #expect(header1.nodeIfAllocated != nil)
        var changeSet = controller.makeChangeSet()
        changeSet.moveSection(1, toSection: 0)
        feed.sections.swapAt(0, 1)
        controller.updateWithChangeSet(changeSet)
        controller.waitUntilAllUpdatesAreProcessed()
        #expect(controller.visibleMap.supplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 0)) === header1)
    }

    @Test func finishBlocksWaitForTheLastCommit() throws {
        let pipeline = try Pipeline([1])
        var ran: [String] = []
        pipeline.controller.onDidFinishProcessingUpdates { ran.append("idle") }
        #expect(ran == ["idle"])
        pipeline.apply(pipeline.feed.sections.map { FeedSection(model: $0.model, items: $0.items + [FeedItem(id: 8)]) }) { _ in
            ran.append("committed")
        }
        pipeline.controller.onDidFinishProcessingUpdates { ran.append("finished") }
        #expect(ran == ["idle"])
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(ran == ["idle", "committed", "finished"])
    }

    @Test func theAsyncWaitCommitsEverything() async throws {
        let pipeline = try Pipeline([4])
        var sections = pipeline.feed.sections
        sections[0].items.reverse()
        pipeline.apply(sections)
        await pipeline.controller.waitForAllUpdates()
        #expect(!pipeline.controller.isProcessingUpdates)
        #expect(pipeline.shownItems == pipeline.feedItems)
    }

    private func nodesByID(_ pipeline: Pipeline) -> [Int: FeedNode] {
        var nodes: [Int: FeedNode] = [:]
        for (_, element) in pipeline.controller.visibleMap.indexedElements {
            if let node = element.nodeIfAllocated as? FeedNode { nodes[node.item.id] = node }
        }
        return nodes
    }
}

/// A delegate that reads the visible map around the swap.
@MainActor
final class CommitRecorder: DataControllerDelegate {
    var countsBeforeUpdates: [Int] = []
    var countsAfterUpdates: [Int] = []
    var previousCounts: [Int] = []

    func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void) {
        countsBeforeUpdates = (0 ..< dataController.visibleMap.numberOfSections).map { dataController.visibleMap.numberOfItems(inSection: $0) }
        updates()
        countsAfterUpdates = (0 ..< dataController.visibleMap.numberOfSections).map { dataController.visibleMap.numberOfItems(inSection: $0) }
        previousCounts = (0 ..< update.previousMap.numberOfSections).map { update.previousMap.numberOfItems(inSection: $0) }
    }
}

/// A layout delegate that allocates and measures the new elements itself, and
/// says when it is done.
final class MeasuringLayout: DataControllerLayoutDelegate {
    let measured = DispatchSemaphore(value: 0)
    let contexts = PosixMutex<[Int]>([])

    func layoutContext(for map: ElementMap<CollectionElement>, newElements: [CollectionElement]) -> any Sendable {
        newElements
    }

    func calculateLayout(with context: any Sendable) {
        let elements = context as? [CollectionElement] ?? []
        contexts.withLock { $0.append(elements.count) }
        for element in elements {
            _ = element.node.layoutThatFits(element.constrainedSize)
        }
        measured.signal()
    }
}
