import Testing
import WeftChangeSet
import WeftTestSupport

/// Batches of item inserts alone take a shorter path through validation. It
/// must accept, normalize and refuse exactly as every rule does; in checked
/// builds (`scripts/test`) each accepted batch is also checked against the
/// general rules inside validation.
@Suite struct InsertsAloneTests {
    func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

    func inserting(_ paths: [IndexPath], into old: [Int]) -> ChangeSet {
        var changes = ChangeSet(oldItemCounts: old)
        changes.insertItems(at: paths)
        return changes
    }

    @Test func insertsInSeveralSectionsAreNormalizedInOrder() throws {
        let changes = inserting([path(2, 3), path(0, 0), path(2, 0), path(0, 5)], into: [5, 0, 3])
        let completed = try changes.completed(newItemCounts: [7, 0, 5])
        #expect(completed.normalized.insertedItems == [path(0, 0), path(0, 5), path(2, 0), path(2, 3)])
        #expect(completed.normalized.deletedItems.isEmpty && completed.normalized.movedItems.isEmpty)
        #expect(completed.newIndexPath(forOld: path(0, 0)) == path(0, 1))
        #expect(completed.newIndexPath(forOld: path(0, 4)) == path(0, 6))
        #expect(completed.newIndexPath(forOld: path(2, 0)) == path(2, 1))
        #expect(completed.oldIndexPath(forNew: path(2, 3)) == nil)
    }

    @Test func aRepeatedInsertIsRefusedByStrictAndCountedTwiceByFaithful() throws {
        let changes = inserting([path(0, 1), path(0, 1)], into: [3])
        #expect(throws: ChangeSetError(.duplicateEdit(.insertItem(path(0, 1))))) {
            try changes.completed(newItemCounts: [5])
        }
        let faithful = try changes.completed(newItemCounts: [5], mode: .faithful)
        #expect(faithful.normalized.insertedItems == [path(0, 1)])
    }

    @Test func refusalsNameWhatUIKitsOrderFindsFirst() {
        // Ascending in the new index space: the earlier of two bad inserts is named.
        #expect(throws: ChangeSetError(.insertItemBeyondSection(item: 4, section: 0, itemCount: 4))) {
            try inserting([path(1, 9), path(0, 4)], into: [3, 1]).completed(newItemCounts: [4, 2])
        }
        #expect(throws: ChangeSetError(.insertItemIntoMissingSection(item: 0, section: 2, sectionCount: 2))) {
            try inserting([path(2, 0)], into: [3, 1]).completed(newItemCounts: [3, 2])
        }
        #expect(throws: ChangeSetError(.sectionCountMismatch(after: 3, before: 2, inserted: 0, deleted: 0))) {
            try inserting([path(0, 0)], into: [3, 1]).completed(newItemCounts: [4, 1, 0])
        }
        #expect(
            throws: ChangeSetError(
                .itemCountMismatch(section: 1, after: 3, before: 1, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0))
        ) {
            try inserting([path(1, 0)], into: [3, 1]).completed(newItemCounts: [3, 3])
        }
        #expect(throws: ChangeSetError(.negativeItemCount(section: 1, count: -1, isAfterUpdate: false))) {
            try inserting([path(0, 0)], into: [3, -1]).completed(newItemCounts: [4, -1])
        }
    }

    @Test func countsNearIntMaxAreExactOrRefused() throws {
        let full = try inserting([path(0, Int.max - 1)], into: [Int.max - 1]).completed(newItemCounts: [Int.max])
        #expect(full.normalized.insertedItems == [path(0, Int.max - 1)])
        // Int.max + 1 matches no count: refused as a miscount, not trapped.
        #expect(
            throws: ChangeSetError(
                .itemCountMismatch(section: 0, after: Int.max, before: Int.max, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0))
        ) {
            try inserting([path(0, 0)], into: [Int.max]).completed(newItemCounts: [Int.max])
        }
    }

    /// Random batches of inserts alone, valid and not, against the model.
    @Test(arguments: 0 ..< 4)
    func randomInsertsAgreeWithTheModel(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var accepted = 0
        for _ in 0 ..< 3_000 {
            let old = (0 ..< Int.random(in: 1 ... 4, using: &random)).map { _ in Int.random(in: 0 ... 5, using: &random) }
            var new = old
            var edits: [ChangeSet.Edit] = []
            for _ in 0 ..< Int.random(in: 1 ... 6, using: &random) {
                let section = Int.random(in: 0 ..< old.count, using: &random)
                // Now and then a section that does not exist, before the first
                // or after the last: the short path leaves such an insert over.
                if Int.random(in: 0 ..< 40, using: &random) == 0 {
                    edits.append(.insertItem(path(Bool.random(using: &random) ? -1 : old.count, 0)))
                    continue
                }
                // Mostly in range; sometimes one past the new end or a repeat.
                let item = Int.random(in: 0 ... new[section] + 1, using: &random)
                edits.append(.insertItem(path(section, item)))
                new[section] += 1
            }
            if Int.random(in: 0 ..< 8, using: &random) == 0 { new[0] += 1 }
            let problems = changeSetDisagreements(old: old, edits: edits, new: new)
            #expect(problems.isEmpty, "\(problems.first ?? "")")
            if !problems.isEmpty { return }
            if ChangeSetModel.perform(old: old, edits: edits, new: new) != nil { accepted += 1 }
        }
        #expect(accepted > 500)
        #expect(accepted < 2_900)
    }
}
