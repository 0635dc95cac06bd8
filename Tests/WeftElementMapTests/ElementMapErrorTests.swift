import Foundation
import Testing
import WeftCore
import WeftElementMap
import WeftTestSupport

/// Bad input gets a typed error naming the edit, section, item and counts, and
/// changes nothing: the version answers as before and keeps no reference to
/// the refused batch's elements.
@Suite struct ElementMapErrorTests {
    private let cells = (0 ..< 6).map { Cell($0) }

    private func makeMap() throws -> ElementMap<Cell> {
        try ElementMap(sections: [Array(cells[0 ..< 4]), Array(cells[4 ..< 6])])
    }

    /// Applies `batch` expecting `expected`, then checks the map is untouched.
    private func expectRefusal(
        _ expected: ElementMapError, sourceLocation: SourceLocation = #_sourceLocation,
        _ build: (inout ElementMap<Cell>.Batch) -> Void
    ) throws {
        var map = try makeMap()
        let before = map
        var batch = ElementMap<Cell>.Batch()
        build(&batch)
        #expect(throws: expected, sourceLocation: sourceLocation) { try map.apply(batch) }
        #expect(map.isIdentical(to: before), sourceLocation: sourceLocation)
        ElementMapModel([Array(cells[0 ..< 4]), Array(cells[4 ..< 6])]).verify(map, sourceLocation: sourceLocation)
        #expect(map._familyInvariantsHold(), sourceLocation: sourceLocation)
    }

    @Test func outOfRangePathsNameTheSectionItemAndCount() throws {
        try expectRefusal(.itemOutOfRange(edit: .deleteItem, position: 0, indexPath: IndexPath(item: 4, section: 0), itemCount: 4)) {
            $0.deleteItem(at: IndexPath(item: 4, section: 0))
        }
        try expectRefusal(.sectionOutOfRange(edit: .deleteItem, position: 0, section: 2, sectionCount: 2)) {
            $0.deleteItem(at: IndexPath(item: 0, section: 2))
            $0.deleteItem(at: IndexPath(item: 3, section: 0))
        }
        try expectRefusal(.itemOutOfRange(edit: .replaceItem, position: 0, indexPath: IndexPath(item: -1, section: 1), itemCount: nil)) {
            $0.replaceItem(at: IndexPath(item: -1, section: 1), with: Cell(50))
        }
        // New index space: after deleting one of section 1's two items, 2 is past the end.
        try expectRefusal(.itemOutOfRange(edit: .insertItem, position: 0, indexPath: IndexPath(item: 2, section: 1), itemCount: 1)) {
            $0.deleteItem(at: IndexPath(item: 0, section: 1))
            $0.insertItem(Cell(51), at: IndexPath(item: 2, section: 1))
        }
        try expectRefusal(.sectionOutOfRange(edit: .insertSection, position: 0, section: 3, sectionCount: 2)) {
            $0.insertSection(3)
        }
        try expectRefusal(.sectionOutOfRange(edit: .setSupplementary, position: 0, section: 5, sectionCount: 2)) {
            $0.setSupplementaryElement(Cell(52), ofKind: "header", at: IndexPath(item: 0, section: 5))
        }
    }

    @Test func unsortedDeletesAndInsertsAreRefused() throws {
        try expectRefusal(.itemsNotSorted(edit: .deleteItem, position: 1, indexPath: IndexPath(item: 2, section: 0),
                                          previous: IndexPath(item: 1, section: 0))) {
            $0.deleteItem(at: IndexPath(item: 1, section: 0))
            $0.deleteItem(at: IndexPath(item: 2, section: 0))
        }
        try expectRefusal(.itemsNotSorted(edit: .insertItem, position: 1, indexPath: IndexPath(item: 0, section: 0),
                                          previous: IndexPath(item: 1, section: 0))) {
            $0.insertItem(Cell(60), at: IndexPath(item: 1, section: 0))
            $0.insertItem(Cell(61), at: IndexPath(item: 0, section: 0))
        }
        try expectRefusal(.sectionsNotSorted(edit: .deleteSection, position: 1, section: 1, previous: 0)) {
            $0.deleteSection(0)
            $0.deleteSection(1)
        }
        try expectRefusal(.sectionsNotSorted(edit: .insertSection, position: 1, section: 0, previous: 0)) {
            $0.insertSection(0)
            $0.insertSection(0)
        }
    }

    @Test func movingAMissingElementOrOneThatIsAlsoDeletedIsRefused() throws {
        try expectRefusal(.itemOutOfRange(edit: .moveItem, position: 0, indexPath: IndexPath(item: 9, section: 1), itemCount: 2)) {
            $0.moveItem(at: IndexPath(item: 9, section: 1), to: IndexPath(item: 0, section: 0))
        }
        try expectRefusal(.duplicateIndexPath(edit: .moveItem, position: 0, indexPath: IndexPath(item: 1, section: 0),
                                              conflictingEdit: .deleteItem, conflictingPosition: 0)) {
            $0.deleteItem(at: IndexPath(item: 1, section: 0))
            $0.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 1))
        }
        try expectRefusal(.duplicateIndexPath(edit: .moveItem, position: 1, indexPath: IndexPath(item: 0, section: 1),
                                              conflictingEdit: .insertItem, conflictingPosition: 0)) {
            $0.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 1))
            $0.moveItem(at: IndexPath(item: 1, section: 0), to: IndexPath(item: 0, section: 1))
            $0.insertItem(Cell(70), at: IndexPath(item: 0, section: 1))
        }
        try expectRefusal(.duplicateSection(edit: .moveSection, position: 0, section: 1, conflictingEdit: .deleteSection,
                                            conflictingPosition: 0)) {
            $0.deleteSection(1)
            $0.moveSection(1, toSection: 0)
        }
        try expectRefusal(.sectionOutOfRange(edit: .moveItem, position: 0, section: 1, sectionCount: 1)) {
            $0.deleteSection(1)
            $0.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 0, section: 1))
        }
    }

    @Test func anElementAlreadyInTheMapIsRefusedWithWhereItIs() throws {
        try expectRefusal(.elementAlreadyPresent(edit: .insertItem, position: 0, indexPath: IndexPath(item: 0, section: 1),
                                                 existingIndexPath: IndexPath(item: 2, section: 0))) {
            $0.insertItem(cells[2], at: IndexPath(item: 0, section: 1))
        }
        let twice = Cell(80)
        try expectRefusal(.elementAlreadyPresent(edit: .insertSection, position: 0, indexPath: IndexPath(item: 1, section: 2),
                                                 existingIndexPath: IndexPath(item: 0, section: 2))) {
            $0.insertSection(2, elements: [twice, twice])
        }
        try expectRefusal(.elementAlreadyPresent(edit: .setSupplementary, position: 0, indexPath: IndexPath(item: 0, section: 0),
                                                 existingIndexPath: IndexPath(item: 1, section: 1))) {
            $0.setSupplementaryElement(cells[5], ofKind: "header", at: IndexPath(item: 0, section: 0))
        }
    }

    /// A section big enough to be indexed in bulk into an empty map (a load)
    /// reports a repeated element as the item-by-item path does: the second
    /// place and the first, and the map stays empty.
    @Test func aRepeatedElementInABulkLoadedSectionIsRefusedWithWhereItIs() throws {
        let loaded = (0 ..< 1_000).map { Cell(10_000 + $0) }
        var items = loaded
        items[700] = loaded[300]
        var batch = ElementMap<Cell>.Batch()
        batch.insertSection(0, elements: items)
        let empty = ElementMap<Cell>()
        #expect(throws: ElementMapError.elementAlreadyPresent(
            edit: .insertSection, position: 0, indexPath: IndexPath(item: 700, section: 0),
            existingIndexPath: IndexPath(item: 300, section: 0))) { _ = try empty.applying(batch) }
        #expect(empty.numberOfSections == 0 && empty._familyInvariantsHold())
        // Without the repeat, the same load indexes every element where it is.
        var good = ElementMap<Cell>.Batch()
        good.insertSection(0, elements: loaded)
        good.insertSection(1, elements: (0 ..< 300).map { Cell(20_000 + $0) })
        let map = try empty.applying(good)
        map._checkInvariants()
        #expect(map._familyInvariantsHold())
        for (item, cell) in loaded.enumerated() { #expect(map.indexPath(of: cell) == IndexPath(item: item, section: 0)) }
        #expect(map.indexPath(of: Cell(-1)) == nil)
    }

    @Test func supplementaryMistakesAreRefused() throws {
        try expectRefusal(.missingSupplementaryElement(kind: "footer", indexPath: IndexPath(item: 0, section: 1), position: 0)) {
            $0.setSupplementaryElement(nil, ofKind: "footer", at: IndexPath(item: 0, section: 1))
        }
        try expectRefusal(.duplicateSupplementary(kind: "header", indexPath: IndexPath(item: 0, section: 0), position: 1,
                                                  conflictingPosition: 0)) {
            $0.setSupplementaryElement(Cell(90), ofKind: "header", at: IndexPath(item: 0, section: 0))
            $0.setSupplementaryElement(Cell(91), ofKind: "header", at: IndexPath(item: 0, section: 0))
        }
        try expectRefusal(.malformedIndexPath(edit: .deleteItem, position: 0, indexPath: IndexPath(indexes: [0, 1, 2]))) {
            $0.deleteItem(at: IndexPath(indexes: [0, 1, 2]))
        }
    }

    /// A refused batch that got far (sections inserted, items moved) before its
    /// last edit failed keeps no reference to any of its elements.
    @Test func aRefusedBatchKeepsNoReferenceToItsElements() throws {
        let tracker = CellTracker()
        let map = try makeMap()
        do {
            var batch = ElementMap<Cell>.Batch()
            batch.replaceItem(at: IndexPath(item: 0, section: 0), with: Cell(100, tracker: tracker))
            batch.deleteItem(at: IndexPath(item: 3, section: 0))
            batch.moveItem(at: IndexPath(item: 1, section: 1), to: IndexPath(item: 0, section: 2))
            batch.insertSection(2, elements: (0 ..< 500).map { Cell(200 + $0, tracker: tracker) })
            batch.insertItem(Cell(101, tracker: tracker), at: IndexPath(item: 2, section: 0))
            batch.insertItem(cells[1], at: IndexPath(item: 3, section: 0))
            #expect(throws: ElementMapError.self) { try map.applying(batch) }
            #expect(tracker.alive == 502)
        }
        #expect(tracker.alive == 0)
        ElementMapModel([Array(cells[0 ..< 4]), Array(cells[4 ..< 6])]).verify(map)
        #expect(map._familyCounts.liveVersions == 1)
        #expect(map._familyInvariantsHold())
    }

    @Test func errorsDescribeThemselves() {
        let error = ElementMapError.itemOutOfRange(edit: .deleteItem, position: 2, indexPath: IndexPath(item: 7, section: 1), itemCount: 5)
        #expect(error.description == "deleteItem #2: item 7 of section 1 is out of range; the section has 5 items at that step")
        let order = ElementMapError.itemsNotSorted(edit: .deleteItem, position: 1, indexPath: IndexPath(item: 2, section: 0),
                                                   previous: IndexPath(item: 1, section: 0))
        #expect(order.description.contains("strictly descending"))
    }
}
