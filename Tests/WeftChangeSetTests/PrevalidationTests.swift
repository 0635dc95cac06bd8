import Foundation
import Synchronization
import Testing
import WeftChangeSet

/// `prevalidate(newItemCounts:mode:)`: a batch validated off main completes on
/// main as if validated there, and only while nothing it depends on changed.
@Suite struct PrevalidationTests {
    private func batch() -> ChangeSet {
        var changes = ChangeSet(oldItemCounts: [3, 2])
        changes.insertItems(at: [IndexPath(item: 0, section: 0)])
        changes.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 1))
        changes.deleteItems(at: [IndexPath(item: 1, section: 1)])
        return changes
    }

    @Test func aPrevalidatedBatchCompletesAsOneValidatedThen() throws {
        var fresh = batch()
        var early = batch()
        let valid = early.prevalidate(newItemCounts: [3, 2], mode: .strict)
        #expect(valid)
        let finished = Calls()
        // Grouping, animation and completions come after, on main, as a data source adds them.
        for i in [0, 1] {
            var changes = i == 0 ? fresh : early
            changes.beginUpdates()
            changes.endUpdates(animated: false) { _ in finished.count.add(1, ordering: .relaxed) }
            if i == 0 { fresh = changes } else { early = changes }
        }
        let expected = try fresh.completed(newItemCounts: [3, 2])
        let done = try early.completed(newItemCounts: [3, 2])
        #expect(done.normalized == expected.normalized)
        #expect(done.isAnimated == false && expected.isAnimated == false)
        #expect(done.oldItemCounts == [3, 2] && done.newItemCounts == [3, 2])
        for old in 0 ..< 3 {
            let path = IndexPath(item: old, section: 0)
            #expect(done.newIndexPath(forOld: path) == expected.newIndexPath(forOld: path))
        }
        done.runCompletions(finished: true)
        #expect(finished.count.load(ordering: .relaxed) == 1)
    }

    @Test func anEditRecordedAfterwardsIsValidatedWithTheRest() {
        var changes = batch()
        let valid = changes.prevalidate(newItemCounts: [3, 2], mode: .strict)
        #expect(valid)
        changes.deleteItems(at: [IndexPath(item: 0, section: 0)])
        #expect(throws: ChangeSetError.self) { try changes.completed(newItemCounts: [3, 2]) }
        #expect(throws: Never.self) { try changes.completed(newItemCounts: [2, 2]) }
    }

    @Test func aDiscardedGroupLeavesTheBatchAsValidated() throws {
        var changes = batch()
        let valid = changes.prevalidate(newItemCounts: [3, 2], mode: .strict)
        #expect(valid)
        changes.beginUpdates()
        changes.deleteItems(at: [IndexPath(item: 0, section: 0)])
        changes.discardUpdates()
        let expected = try batch().completed(newItemCounts: [3, 2])
        #expect(try changes.completed(newItemCounts: [3, 2]).normalized == expected.normalized)
        #expect(throws: ChangeSetError.self) { try changes.completed(newItemCounts: [2, 2]) }
    }

    @Test func otherCountsOrAnotherModeAreValidatedAgain() {
        var changes = batch()
        let valid = changes.prevalidate(newItemCounts: [3, 2], mode: .strict)
        #expect(valid)
        #expect(throws: ChangeSetError.self) { try changes.completed(newItemCounts: [3, 3]) }
        #expect(throws: Never.self) { try changes.completed(newItemCounts: [3, 2], mode: .faithful(.table)) }
    }

    @Test func anInvalidBatchKeepsNothingAndReportsItsErrorWhenCompleted() {
        var changes = batch()
        let valid = changes.prevalidate(newItemCounts: [4, 2], mode: .strict)
        #expect(!valid)
        #expect(throws: ChangeSetError(.itemCountMismatch(
            section: 0, after: 4, before: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 1))) {
            try changes.completed(newItemCounts: [4, 2])
        }
    }

    @Test func unbalancedGroupingAfterwardsIsStillReported() {
        var changes = batch()
        let valid = changes.prevalidate(newItemCounts: [3, 2], mode: .strict)
        #expect(valid)
        changes.endUpdates()
        #expect(throws: ChangeSetError(.unbalancedEndUpdates)) { try changes.completed(newItemCounts: [3, 2]) }
    }
}

/// Counts the calls of a completion handler, which must be `Sendable`.
private final class Calls: Sendable {
    let count = Atomic(0)
}
