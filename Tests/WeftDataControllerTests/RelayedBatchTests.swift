import Foundation
import Testing
import WeftChangeSet
import WeftDataController
import WeftHeadless
import WeftTestSupport

/// A large update's commit is validated in step 3: the update carries the batch
/// a view records for it, validated off main as a view of the data
/// controller's kind validates it, so that the view's own check on main only
/// compares counts; a small update carries none.
@MainActor
@Suite struct RelayedBatchTests {
    /// Forwards commits to the headless view, keeping each update's relayed batch.
    final class RecordingDelegate: DataControllerDelegate {
        let view: HeadlessCollectionView
        var relayed: [ChangeSet?] = []
        /// Each update's edits in relay order, as the view would record them itself.
        var expected: [[ChangeSet.AnimatedEdit]] = []

        init(view: HeadlessCollectionView) {
            self.view = view
        }

        func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void) {
            relayed.append(update.relayedBatch)
            expected.append(update.changeSet.editsInRelayOrder)
            view.dataController(dataController, commit: update, updates: updates)
        }
    }

    /// Every fourth item of a section of `count` deleted, and as many inserted at its end.
    func churn(_ pipeline: Pipeline, every stride: Int) {
        var sections = pipeline.feed.sections
        let removed = Set(Swift.stride(from: 0, to: sections[0].items.count, by: stride).map { sections[0].items[$0] })
        sections[0].items.removeAll { removed.contains($0) }
        let next = (pipeline.feed.sections[0].items.map(\.id).max() ?? 0) + 1
        sections[0].items += (0 ..< removed.count).map { FeedItem(id: next + $0) }
        pipeline.apply(sections)
    }

    @Test func aLargeUpdateCarriesItsViewBatchValidatedInStepThree() throws {
        let pipeline = try Pipeline([400])
        pipeline.controller.offMainMapEditThreshold = 50
        let delegate = RecordingDelegate(view: pipeline.view)
        pipeline.controller.delegate = delegate
        churn(pipeline, every: 4)
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        let batch = try #require(delegate.relayed.first ?? nil)
        #expect(batch.oldItemCounts == [400])
        #expect(batch.edits.count == 200)
        #expect(batch.isPrevalidated(newItemCounts: [400], mode: .faithful(.collection)))
        #expect(batch.edits == delegate.expected.first)
        #expect(pipeline.view.relayedBatchesTaken == 1)
        #expect(pipeline.view.inconsistencies.isEmpty && pipeline.view.divergences.isEmpty)
        #expect(pipeline.shownItems == pipeline.feedItems)
    }

    @Test func aSmallUpdateCarriesNone() throws {
        let pipeline = try Pipeline([400])
        pipeline.controller.offMainMapEditThreshold = 50
        let delegate = RecordingDelegate(view: pipeline.view)
        pipeline.controller.delegate = delegate
        churn(pipeline, every: 40)  // 10 deletes and 10 inserts
        pipeline.controller.waitUntilAllUpdatesAreProcessed()
        #expect(delegate.relayed.count == 1 && delegate.relayed[0] == nil)
        #expect(pipeline.view.relayedBatchesTaken == 0)
        #expect(pipeline.shownItems == pipeline.feedItems)
    }
}
