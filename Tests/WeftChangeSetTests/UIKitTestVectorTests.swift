import Testing
import WeftChangeSet

/// Twelve test vectors, each from a crash
/// report or an Apple answer, in faithful mode, and what strict mode adds.
@Suite struct UIKitTestVectorTests {
    func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

    @Test func reloadedSectionLandsOnAMoveDestination() {
        var c = ChangeSet(oldItemCounts: Array(repeating: 1, count: 6))
        c.moveSection(2, toSection: 4)
        c.reloadSections([3])
        c.deleteSections([4])
        c.insertSections([2])
        #expect(throws: ChangeSetError(.insertAndMoveSection(4))) {
            try c.completed(newItemCounts: Array(repeating: 1, count: 6), mode: .faithful)
        }
        #expect("\(ChangeSetError(.insertAndMoveSection(4)))" == "attempt to perform an insert and a move to the same section (4)")
    }

    @Test func reloadedItemLandsOnAMoveDestination() {
        var c = ChangeSet(oldItemCounts: [4])
        c.deleteItems(at: [path(0, 1)])
        c.moveItem(at: path(0, 0), to: path(0, 1))
        c.moveItem(at: path(0, 3), to: path(0, 0))
        c.reloadItems(at: [path(0, 2)])
        let error = ChangeSetError(.insertAndMoveItem(path(0, 1)))
        #expect(throws: error) { try c.completed(newItemCounts: [3], mode: .faithful) }
        #expect(error.description == "attempt to perform an insert and a move to the same index path ({length = 2, path = 0 - 1})")
    }

    @Test func reloadsAreNeutralInTheCountEquation() throws {
        var c = ChangeSet(oldItemCounts: [10, 20, 30])
        c.insertItems(at: [path(0, 0)])
        c.reloadItems(at: [path(1, 1)])
        c.insertItems(at: [path(1, 2)])
        c.deleteItems(at: [path(2, 1)])
        for mode in [ValidationMode.faithful, .strict] {
            let done = try c.completed(newItemCounts: [11, 21, 29], mode: mode)
            #expect(done.newIndexPath(forOld: path(1, 1)) == path(1, 1))
            #expect(done.normalized.reloadedItems == [.init(from: path(1, 1), to: path(1, 1))])
        }
    }

    @Test func countsThatDoNotAddUpAreRefused() {
        var insert = ChangeSet(oldItemCounts: [1])
        insert.insertItems(at: [path(0, 0)])
        #expect(throws: ChangeSetError(.itemCountMismatch(section: 0, after: 1, before: 1, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0))) {
            try insert.completed(newItemCounts: [1], mode: .faithful)
        }
        let nothing = ChangeSet(oldItemCounts: [4])
        #expect(throws: ChangeSetError(.itemCountMismatch(section: 0, after: 1, before: 4, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0))) {
            try nothing.completed(newItemCounts: [1], mode: .faithful)
        }
    }

    @Test func deleteAndMoveFromOnePath() {
        var c = ChangeSet(oldItemCounts: [4])
        c.deleteItems(at: [path(0, 1)])
        c.moveItem(at: path(0, 1), to: path(0, 2))
        #expect(throws: ChangeSetError(.deleteAndMoveItem(path(0, 1)))) { try c.completed(newItemCounts: [3], mode: .faithful) }
    }

    @Test func itemInsertInsideAnInsertedSectionIsDropped() throws {
        var c = ChangeSet(oldItemCounts: [2])
        c.insertSections([0])
        c.insertItems(at: [path(0, 0)])
        for mode in [ValidationMode.faithful, .strict] {
            let done = try c.completed(newItemCounts: [3, 2], mode: mode)
            #expect(done.normalized.insertedItems.isEmpty)
            #expect(done.normalized.insertedSections == [0])
            #expect(done.newIndexPath(forOld: path(0, 1)) == path(1, 1))
        }
    }

    @Test func movesIntoInsertedOrOutOfDeletedSections() {
        var into = ChangeSet(oldItemCounts: [2])
        into.insertSections([1])
        into.moveItem(at: path(0, 0), to: path(1, 0))
        #expect(throws: ChangeSetError(.moveItemIntoInsertedSection(1))) { try into.completed(newItemCounts: [1, 1], mode: .faithful) }
        var outOf = ChangeSet(oldItemCounts: [1, 1])
        outOf.deleteSections([0])
        outOf.moveItem(at: path(0, 0), to: path(0, 0))
        #expect(throws: ChangeSetError(.moveItemFromDeletedSection(0))) { try outOf.completed(newItemCounts: [2], mode: .faithful) }
    }

    @Test func duplicateInsertsCountInFaithfulModeAndAreRefusedInStrict() throws {
        var c = ChangeSet(oldItemCounts: [2])
        c.insertItems(at: [path(0, 0), path(0, 0)])
        _ = try c.completed(newItemCounts: [4], mode: .faithful)
        let error = ChangeSetError(.duplicateEdit(.insertItem(path(0, 0))))
        #expect(throws: error) { try c.completed(newItemCounts: [4]) }
        #expect(error.isStrictOnly)
        #expect(error.description.hasPrefix("Strict validation: UIKit accepts this batch, but"))
    }

    @Test func deleteAndReloadOnePath() {
        var c = ChangeSet(oldItemCounts: [2])
        c.reloadItems(at: [path(0, 0)])
        c.deleteItems(at: [path(0, 0)])
        #expect(throws: ChangeSetError(.deleteAndReloadItem(path(0, 0)))) { try c.completed(newItemCounts: [1], mode: .faithful) }
    }

    @Test func rowReloadWithASectionMoveMiscountsInTables() {
        var c = ChangeSet(oldItemCounts: [2, 3])
        c.reloadItems(at: [path(1, 0)])
        c.moveSection(1, toSection: 0)
        let error = ChangeSetError(
            .itemCountMismatch(section: 0, after: 3, before: 3, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0),
            viewKind: .table)
        #expect(throws: error) { try c.completed(newItemCounts: [3, 2], mode: .faithful(.table)) }
        #expect(error.description.contains("invalid number of rows in section 0.  The number of rows contained"))
        #expect(error.description.contains("(0 inserted, 1 deleted)"))
    }

    @Test func deleteAndInsertAtTheEndMiscountsByOne() {
        var c = ChangeSet(oldItemCounts: [27_386])
        c.deleteItems(at: [path(0, 27_384)])
        c.insertItems(at: [path(0, 27_384)])
        #expect(throws: ChangeSetError(.itemCountMismatch(section: 0, after: 27_385, before: 27_386, inserted: 1, deleted: 1, movedIn: 0, movedOut: 0))) {
            try c.completed(newItemCounts: [27_385], mode: .faithful)
        }
    }

    @Test func noOpSectionMoveWithAnItemMovedOutPassesUIKitButNotStrict() throws {
        var c = ChangeSet(oldItemCounts: [1, 1])
        c.moveSection(1, toSection: 1)
        c.moveItem(at: path(1, 0), to: path(0, 0))
        let done = try c.completed(newItemCounts: [2, 0], mode: .faithful)
        #expect(done.newIndexPath(forOld: path(1, 0)) == path(0, 0))
        #expect(throws: ChangeSetError(.editInMovedSection(.moveItem(path(1, 0), to: path(0, 0)), section: 1))) {
            try c.completed(newItemCounts: [2, 0])
        }
    }
}
