import Testing
import WeftDiff
import WeftTestSupport

@Suite struct DiffEdgeCaseTests {
    @Test func emptyToEmptyIsEmpty() {
        let diff = Diff(from: [Int](), to: [])
        #expect(diff.isEmpty)
        #expect(diff.oldCount == 0 && diff.newCount == 0)
        #expect(diff.applied(to: []) == [])
    }

    @Test(arguments: [1, 10, 3_000])
    func fromAndToEmpty(count: Int) {
        let values = Array(0 ..< count)
        let grow = Diff(from: [], to: values)
        #expect(grow.inserts == values && grow.deletes.isEmpty && grow.moves.isEmpty)
        #expect(grow.applied(to: []) == values)
        let shrink = Diff(from: values, to: [])
        #expect(shrink.deletes == values && shrink.inserts.isEmpty && shrink.moves.isEmpty)
        #expect(shrink.applied(to: values) == [])
    }

    @Test(arguments: [1, 10, 3_000])
    func identicalArraysGiveAnEmptyDiff(count: Int) {
        let entries = (0 ..< count).map { Entry(id: $0, version: $0 % 3) }
        let diff = Diff(from: entries, to: entries)
        #expect(diff.isEmpty)
        #expect(diff.applied(to: entries) == entries)
    }

    /// Reversing n elements keeps one in place; every other one moves.
    @Test(arguments: [2, 3, 10, 3_000])
    func reversedArrayMovesAllButOne(count: Int) {
        let values = Array(0 ..< count)
        let diff = Diff(from: values, to: values.reversed())
        #expect(diff.moves.count == count - 1)
        #expect(diff.deletes.isEmpty && diff.inserts.isEmpty && diff.updates.isEmpty)
        #expect(diff.applied(to: values) == Array(values.reversed()))
    }

    @Test(arguments: [1, 10, 3_000])
    func fullyReplacedArrayDeletesAndInsertsEverything(count: Int) {
        let old = Array(0 ..< count), new = Array(count ..< 2 * count)
        let diff = Diff(from: old, to: new)
        #expect(diff.deletes == Array(old.indices) && diff.inserts == Array(new.indices))
        #expect(diff.moves.isEmpty && diff.updates.isEmpty)
        #expect(diff.applied(to: old) == new)
    }

    /// Where Heckel-style diffs report a move for every element that shifted
    /// (IGListKit issue 1302 and PR 1139), one move is enough.
    @Test func swapsAndRotationsTakeOneMove() {
        #expect(Diff(from: [0, 1], to: [1, 0]).moves.count == 1)
        let rotated = Diff(from: [0, 1, 2, 3, 4, 5], to: [5, 0, 1, 2, 3, 4])
        #expect(rotated.moves == [DiffMove(from: 5, to: 0)])
        let forward = Diff(from: Array(0 ..< 100), to: Array(1 ..< 100) + [0])
        #expect(forward.moves == [DiffMove(from: 0, to: 99)])
    }

    /// Duplicates pair for the fewest moves; the surplus is deleted or inserted.
    @Test func duplicatesPairForTheFewestMoves() {
        // In order of occurrence the new "a" would take the first old one, and
        // "b" would have to move; the second "a" lets both stay.
        let diff = Diff(from: ["a", "b", "a"], to: ["b", "a"])
        #expect(DiffModel.pairing(of: diff) == [1, 2])
        #expect(diff.deletes == [0])
        #expect(diff.moves.isEmpty)
        let reversed = Diff(from: [1, 2, 1, 2, 1, 2], to: [2, 1, 2, 1, 2, 1])
        #expect(reversed.moves.count == 1 && reversed.deletes.isEmpty && reversed.inserts.isEmpty)
        #expect(reversed.applied(to: [1, 2, 1, 2, 1, 2]) == [2, 1, 2, 1, 2, 1])
    }

    /// Where pairing in order of occurrence already gives the fewest moves, it stays.
    @Test func duplicatesPairInOrderOfOccurrenceOnTies() {
        let old = ["a", "a", "b", "a"], new = ["b", "a", "a"]
        let diff = Diff(from: old, to: new)
        #expect(DiffModel.pairing(of: diff) == [2, 0, 1])
        #expect(diff.deletes == [3])
        #expect(diff.inserts.isEmpty)
        #expect(diff.moves == [DiffMove(from: 2, to: 0)])
        #expect(diff.applied(to: old) == new)
    }

    /// An element that moved and changed is in both lists.
    @Test func movedAndChangedElementIsMoveAndUpdate() {
        let old = [Entry(id: 1, version: 0), Entry(id: 2, version: 0), Entry(id: 3, version: 0)]
        let new = [Entry(id: 3, version: 1), Entry(id: 1, version: 0), Entry(id: 2, version: 0)]
        let diff = Diff(from: old, to: new)
        #expect(diff.moves == [DiffMove(from: 2, to: 0)])
        #expect(diff.updates == [DiffUpdate(from: 2, to: 0)])
        #expect(diff.applied(to: old) == new)
    }

    /// Any Hashable works without a Diffable conformance, and is its own identity.
    @Test func plainHashableElementsAreTheirOwnIdentity() {
        struct Point: Hashable { var x: Int, y: Int }
        let old = [Point(x: 0, y: 0), Point(x: 1, y: 1)], new = [Point(x: 1, y: 1), Point(x: 0, y: 1)]
        let diff = Diff(from: old, to: new)
        #expect(diff.deletes == [0] && diff.inserts == [1] && diff.updates.isEmpty)
        #expect(diff.applied(to: old) == new)
    }

    /// A Hashable type with an identity of its own is diffed by that identity.
    @Test func hashableDiffableElementsUseTheirIdentity() {
        struct Row: Hashable, Diffable {
            var id: Int, title: String
            var diffIdentifier: Int { id }
            func isContentEqual(to other: Row) -> Bool { title == other.title }
        }
        let old = [Row(id: 1, title: "a")], new = [Row(id: 1, title: "b")]
        let diff = Diff(from: old, to: new)
        #expect(diff.deletes.isEmpty && diff.inserts.isEmpty)
        #expect(diff.updates == [DiffUpdate(from: 0, to: 0)])
        #expect(diff.applied(to: old) == new)
    }

    /// Elements that neither moved nor changed keep their old values.
    @Test func unchangedElementsKeepTheirOldValues() {
        struct Note: Diffable, Equatable {
            var id: Int, text: String, fetchedAt: Int
            var diffIdentifier: Int { id }
            func isContentEqual(to other: Note) -> Bool { text == other.text }
        }
        let old = [Note(id: 1, text: "a", fetchedAt: 0)], new = [Note(id: 1, text: "a", fetchedAt: 9)]
        let diff = Diff(from: old, to: new)
        #expect(diff.isEmpty)
        #expect(diff.applied(to: old) == old)
    }

    @Test func movesAndUpdatesDescribeThemselves() {
        #expect("\(DiffMove(from: 3, to: 5))" == "move 3 -> 5")
        #expect("\(DiffUpdate(from: 3, to: 5))" == "update 3 -> 5")
    }
}
