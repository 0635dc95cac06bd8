import Foundation
import Testing
import WeftChangeSet

/// Counts and indices at the ends of `Int`, and index paths of the wrong length:
/// each gets a typed error or a correct result, in debug and release alike.
@Suite struct ExtremeInputTests {
    @Test func anInsertIntoASectionOfIntMaxItemsIsACountMismatchNotAnOverflow() {
        var changes = ChangeSet(oldItemCounts: [Int.max])
        changes.insertItems(at: [IndexPath(item: 0, section: 0)])
        #expect(throws: ChangeSetError(.itemCountMismatch(
            section: 0, after: Int.max, before: Int.max, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0))) {
            try changes.completed(newItemCounts: [Int.max])
        }
    }

    @Test func aThreeIndexPathIsRefusedNamingTheEditAndThePath() {
        let path = IndexPath(indexes: [0, 1, 2])
        var changes = ChangeSet(oldItemCounts: [2])
        changes.insertItems(at: [path])
        for mode in [ValidationMode.strict, .faithful] {
            #expect(throws: ChangeSetError(.malformedIndexPath(.insertItem(path), indexPath: path))) {
                try changes.completed(newItemCounts: [3], mode: mode)
            }
        }
        var moves = ChangeSet(oldItemCounts: [2])
        moves.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(index: 1))
        #expect(throws: ChangeSetError(.malformedIndexPath(
            .moveItem(IndexPath(item: 0, section: 0), to: IndexPath(index: 1)), indexPath: IndexPath(index: 1)))) {
            try moves.completed(newItemCounts: [2])
        }
    }

    @Test func aThreeIndexPathsMessageSaysWhatToDo() {
        let error = ChangeSetError(.malformedIndexPath(.deleteItem(IndexPath(indexes: [4, 5, 6])), indexPath: IndexPath(indexes: [4, 5, 6])))
        #expect(error.description.contains("3 indexes (4, 5, 6)"))
        #expect(error.description.contains("IndexPath(item:section:)"))
    }

    @Test func everyEditAtTheEndsOfIntIsATypedErrorOrValid() {
        // A crash here ends the test run: reaching the end is the assertion that
        // matters, with every outcome one of the two.
        let values = [Int.min, -1, 0, 1, Int.max - 1, Int.max]
        let counts = [0, 1, Int.max - 1, Int.max]
        var outcomes = 0
        for old in counts {
            for new in counts {
                for section in values {
                    for item in values {
                        let path = IndexPath(item: item, section: section)
                        let edits: [(inout ChangeSet) -> Void] = [
                            { $0.insertItems(at: [path]) },
                            { $0.deleteItems(at: [path]) },
                            { $0.reloadItems(at: [path]) },
                            { $0.moveItem(at: path, to: IndexPath(item: 0, section: 0)) },
                            { $0.moveItem(at: IndexPath(item: 0, section: 0), to: path) },
                            { $0.insertSections(IndexSet(integer: min(max(section, 0), Int.max - 1))) },
                            { $0.moveSection(0, toSection: section) },
                        ]
                        for addEdit in edits {
                            for mode in [ValidationMode.strict, .faithful] {
                                var changes = ChangeSet(oldItemCounts: [old])
                                addEdit(&changes)
                                do {
                                    _ = try changes.completed(newItemCounts: [new], mode: mode)
                                } catch {
                                    #expect(!error.description.isEmpty)
                                }
                                outcomes += 1
                            }
                        }
                    }
                }
            }
        }
        #expect(outcomes == counts.count * counts.count * values.count * values.count * 7 * 2)
    }
}
