import Foundation
import Testing
import WeftChangeSet

/// Section edits over huge index sets (reliability round 3, F6): an `IndexSet`
/// of `0 ..< Int.max - 1` is a few bytes, and recording one edit per index
/// aborted the process allocating 1.8e19 bytes.
@Suite struct HugeSectionSetTests {
    let everything = IndexSet(integersIn: 0 ..< Int.max - 1)

    @Test(arguments: ["insert", "delete", "reload"])
    func aSectionEditNamingMoreSectionsThanACollectionHoldsIsRefused(_ kind: String) throws {
        var changes = ChangeSet(oldItemCounts: [1, 2, 3])
        switch kind {
        case "insert": changes.insertSections(everything)
        case "delete": changes.deleteSections(everything)
        default: changes.reloadSections(everything)
        }
        #expect(changes.edits.isEmpty, "nothing of it is recorded")
        let error = #expect(throws: ChangeSetError.self) { try changes.completed(newItemCounts: [1, 2, 3]) }
        #expect(error?.reason == .tooManySections(count: Int.max - 1, limit: ChangeSet.maximumSectionsPerEdit))
        #expect(error?.description.contains("named 9223372036854775806 sections") == true)
    }

    @Test func deletesPastTheEndRecordTheSectionsThatExistAndTheFirstThatDoesNot() throws {
        var changes = ChangeSet(oldItemCounts: [1, 2, 3])
        changes.deleteSections(IndexSet(integersIn: 1 ..< 5_000_000))
        #expect(changes.edits.map(\.edit) == [.deleteSection(1), .deleteSection(2), .deleteSection(3)])
        let error = #expect(throws: ChangeSetError.self) { try changes.completed(newItemCounts: [1]) }
        #expect(error?.reason == .deleteMissingSection(section: 3, sectionCount: 3))
    }

    @Test func reloadsPastTheEndAreRefusedNamingTheFirstMissingSection() throws {
        var changes = ChangeSet(oldItemCounts: [1, 2])
        changes.reloadSections(IndexSet([0, 7, 9]))
        #expect(changes.edits.map(\.edit) == [.reloadSection(0), .reloadSection(7)])
        #expect(throws: ChangeSetError.self) { try changes.completed(newItemCounts: [1, 2]) }
    }

    @Test func aDiscardedGroupTakesItsOversizedEditWithIt() throws {
        var changes = ChangeSet(oldItemCounts: [2])
        changes.beginUpdates()
        changes.insertSections(everything)
        changes.discardUpdates()
        changes.insertSections(IndexSet([1]))
        let done = try changes.completed(newItemCounts: [2, 0])
        #expect(done.edits.count == 1)
    }

    @Test func validSectionEditsRecordAsBefore() throws {
        var changes = ChangeSet(oldItemCounts: [1, 2, 3])
        changes.deleteSections(IndexSet([0, 2]))
        changes.insertSections(IndexSet([0]))
        changes.reloadSections(IndexSet([1]))
        #expect(changes.edits.count == 4)
        _ = try changes.completed(newItemCounts: [4, 2])
    }
}
