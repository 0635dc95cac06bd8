import Testing
import WeftChangeSet

/// Every refusal that only strict validation makes: each says so, and faithful validation
/// accepts the same batch.
@Suite struct StrictRuleTests {
    func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

    func expectStrictOnly(_ c: ChangeSet, new: [Int], _ reason: ChangeSetError.Reason) throws {
        _ = try c.completed(newItemCounts: new, mode: .faithful)
        let error = ChangeSetError(reason)
        #expect(throws: error) { try c.completed(newItemCounts: new) }
        #expect(error.isStrictOnly)
        #expect(error.description.hasPrefix("Strict validation: UIKit accepts this batch, but"))
    }

    @Test func duplicateSectionsAndMovesAreRefused() throws {
        var sections = ChangeSet(oldItemCounts: [1, 1, 1])
        sections.deleteSections([1])
        sections.deleteSections([1])
        try expectStrictOnly(sections, new: [1, 1], .duplicateEdit(.deleteSection(1)))
        var moves = ChangeSet(oldItemCounts: [3])
        moves.moveItem(at: path(0, 0), to: path(0, 2))
        moves.moveItem(at: path(0, 0), to: path(0, 2))
        try expectStrictOnly(moves, new: [3], .duplicateEdit(.moveItem(path(0, 0), to: path(0, 2))))
    }

    @Test func itemEditsInsideAMovedSectionAreRefused() throws {
        var c = ChangeSet(oldItemCounts: [2, 2])
        c.moveSection(0, toSection: 1)
        c.insertItems(at: [path(1, 0)])
        try expectStrictOnly(c, new: [2, 3], .editInMovedSection(.insertItem(path(1, 0)), section: 1))
    }

    @Test func reloadDisplacedByAMoveIsRefused() throws {
        var c = ChangeSet(oldItemCounts: [3])
        c.moveItem(at: path(0, 0), to: path(0, 2))
        c.reloadItems(at: [path(0, 1)])
        // UIKit places the reload's insert half at (0, 1); the item really ends at (0, 0).
        try expectStrictOnly(c, new: [3], .reloadDisplacedByMoves(path(0, 1), placedAt: path(0, 1), actual: path(0, 0)))
    }

    @Test func reloadInsideADeletedSectionIsRefused() throws {
        var c = ChangeSet(oldItemCounts: [2, 1])
        c.deleteSections([0])
        c.reloadItems(at: [path(0, 0)])
        try expectStrictOnly(c, new: [2], .reloadInRemovedSection(path(0, 0)))
    }

    @Test func uncheckedItemEditsInsideReplacedSectionsMustStillExist() throws {
        var c = ChangeSet(oldItemCounts: [2, 1])
        c.deleteSections([0])
        c.deleteItems(at: [path(0, 7)])
        try expectStrictOnly(c, new: [1], .itemOutOfBoundsInReplacedSection(.deleteItem(path(0, 7)), itemCount: 2))
    }

    @Test func moveBetweenSectionsThatShareANumberIsRefused() throws {
        // Section 0 is inserted, so new section 1 was old section 0: the move crosses
        // sections, but UIKit compares 1 with 1 and leaves it out of the counts.
        var c = ChangeSet(oldItemCounts: [5, 5])
        c.insertSections([0])
        c.moveItem(at: path(1, 1), to: path(1, 2))
        try expectStrictOnly(c, new: [2, 5, 5], .moveMiscountedBySectionNumber(from: path(1, 1), to: path(1, 2), targetSectionWas: 0))
        // With the counts the data really has, UIKit itself refuses the batch.
        #expect(throws: ChangeSetError(.itemCountMismatch(section: 1, after: 6, before: 5, inserted: 0, deleted: 0, movedIn: 0, movedOut: 0))) {
            try c.completed(newItemCounts: [2, 6, 4], mode: .faithful)
        }
    }

    @Test func strictMessagesPrintReadablePathsAndSayWhatToDo() {
        let reload = ChangeSetError(.reloadInRemovedSection(path(0, 1)))
        #expect(reload.description.contains("reloads (section 0, item 1) inside a section"))
        #expect(reload.description.hasSuffix("the section's own delete or reload already covers the item."))
        let moved = ChangeSetError(.reloadDisplacedByMoves(path(0, 1), placedAt: path(0, 2), actual: path(0, 3)))
        #expect(moved.description.contains("at (section 0, item 2)") && !moved.description.contains("length = 2"))
        // Faithful messages stay UIKit's, to the letter.
        #expect(ChangeSetError(.deleteAndReloadItem(path(0, 1))).description
            == "attempt to delete and reload the same index path ({length = 2, path = 0 - 1})")
    }
}
