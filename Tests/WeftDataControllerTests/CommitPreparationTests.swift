import Foundation
import Testing
import WeftChangeSet
import WeftCore
import WeftDataController
import WeftElementMap
import WeftHeadless
import WeftTestSupport

/// A delegate's `CommitPreparation`: asked in step 1 when no other commit is
/// pending, run off main in step 3, its result handed to the commit.
@MainActor
@Suite struct CommitPreparationTests {
    /// Forwards commits to the headless view; prepares the item count of each
    /// update's map, recording where the work ran and what each commit got.
    final class PreparingDelegate: DataControllerDelegate {
        /// Where each preparation ran: `true` on main.
        final class Threads: Sendable {
            let onMain = PosixMutex<[Bool]>([])
        }

        let view: HeadlessCollectionView
        var asked = 0
        var received: [Int?] = []
        let threads = Threads()

        init(view: HeadlessCollectionView) {
            self.view = view
        }

        func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void) {
            received.append(update.preparation as? Int)
            view.dataController(dataController, commit: update, updates: updates)
        }

        func dataController(_ dataController: DataController, preparationFor changeSet: CompletedChangeSet) -> CommitPreparation? {
            asked += 1
            let threads = threads
            return { map in
                threads.onMain.withLock { $0.append(Thread.isMainThread) }
                return map.count
            }
        }
    }

    @Test func aPreparationRunsInStepThreeAndReachesItsCommit() throws {
        let pipeline = try Pipeline([5])
        let delegate = PreparingDelegate(view: pipeline.view)
        pipeline.controller.delegate = delegate
        var sections = pipeline.feed.sections
        sections[0].items.insert(FeedItem(id: 100), at: 2)
        pipeline.apply(sections)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        let ranOnMain = delegate.threads.onMain.withLock { $0 }
        #expect(delegate.asked == 1)
        #expect(ranOnMain == [false])
        #expect(delegate.received == [6])
        #expect(pipeline.shownItems == pipeline.feedItems)
    }

    /// Behind a pending commit, the delegate's state at this one is not known
    /// in step 1: updates issued while the first waits in step 3 are not asked.
    @Test func updatesBehindAPendingCommitAreNotAsked() throws {
        let pipeline = try Pipeline([5])
        let delegate = PreparingDelegate(view: pipeline.view)
        pipeline.controller.delegate = delegate
        let gate = DispatchSemaphore(value: 0)
        pipeline.feed.log.gate.withLock { $0 = gate }
        for round in 0 ..< 3 {
            var sections = pipeline.feed.sections
            sections[0].items.append(FeedItem(id: 100 + round))
            pipeline.apply(sections)
        }
        #expect(delegate.asked == 1)
        gate.signal()
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(delegate.received == [6, nil, nil])
        #expect(pipeline.shownItems == pipeline.feedItems)
        #expect(pipeline.view.inconsistencies.isEmpty)
    }
}
