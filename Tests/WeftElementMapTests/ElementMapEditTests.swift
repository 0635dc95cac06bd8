import Foundation
import Testing
import WeftCore
import WeftElementMap
import WeftTestSupport

/// Random valid batches applied to the map and to the reference model; after
/// each batch every lookup of every live version matches its model.
@Suite struct ElementMapEditTests {
    /// Derives each batch from a random live version, keeps up to 8 versions
    /// alive and drops them in random order, so versions share structure in
    /// every shape (chains, branches) and old ones must stay untouched.
    /// Seeds 5 and 6 make absent items too, as a lazy collection does.
    @Test(arguments: [(seed: 1, batches: 600, scale: 6), (seed: 2, batches: 600, scale: 6),
                      (seed: 3, batches: 500, scale: 12), (seed: 4, batches: 400, scale: 40),
                      (seed: 5, batches: 600, scale: 6), (seed: 6, batches: 400, scale: 40)])
    func randomBatchesMatchTheModelInEveryLiveVersion(seed: UInt64, batches: Int, scale: Int) throws {
        var generator = BatchGenerator(seed: seed, scale: scale)
        generator.makesAbsentItems = seed >= 5
        var versions: [(map: ElementMap<Cell>, model: ElementMapModel)] = [(ElementMap(), ElementMapModel([]))]
        for step in 0 ..< batches {
            if versions.count > 1 && (versions.count >= 8 || generator.chance(4)) {
                versions.remove(at: generator.int(0 ..< versions.count))
            }
            let base = versions[generator.int(0 ..< versions.count)]
            let (batch, model) = generator.makeBatch(for: base.model)
            let derived = try base.map.applying(batch)
            derived._checkInvariants()
            versions.append((derived, model))
            // The new version and the one it shares most with answer as their
            // models do, by their trees and then by their position tables (which
            // the invariant walker compares with the trees); every tenth batch,
            // every live version is checked.
            model.verify(derived)
            #expect(!derived.hasPositionTables || derived.isIdentical(to: base.map), "a new version starts without tables")
            #expect(derived.buildPositionTables() && derived.hasPositionTables)
            derived._checkInvariants()
            model.verify(derived)
            base.model.verify(base.map)
            if step % 10 == 0 {
                for version in versions { version.model.verify(version.map) }
                #expect(derived._familyInvariantsHold())
            }
        }
        #expect(versions[0].map._familyInvariantsHold())
    }

    @Test func largeSectionsSplitMergeAndRelabelLeaves() throws {
        var generator = BatchGenerator(seed: 9, scale: 60)
        let start = (0 ..< 4).map { _ in generator.cells(1_000) }
        var map = try ElementMap(sections: start)
        var model = ElementMapModel(start)
        model.verify(map)
        for _ in 0 ..< 60 {
            let (batch, next) = generator.makeBatch(for: model)
            try map.apply(batch)
            model = next
        }
        model.verify(map)
        #expect(map._familyInvariantsHold())
    }

    /// Inserting over and over at one spot between two leaves exhausts the
    /// labels between them; the map must spread a block of labels and go on.
    @Test func insertingAtOneSpotManyTimesKeepsEveryIndexRight() throws {
        var generator = BatchGenerator(seed: 5, scale: 1)
        let start = generator.cells(1_000)
        var map = try ElementMap(sections: [start])
        var model = ElementMapModel([start])
        for round in 0 ..< 300 {
            var batch = ElementMap<Cell>.Batch()
            let spot = round % 3 == 2 ? 333 : 500
            for offset in 0 ..< 10 {
                let cell = generator.cell()
                batch.insertItem(cell, at: IndexPath(item: spot + offset, section: 0))
                model.sections[0].items.insert(cell, at: spot + offset)
            }
            try map.apply(batch)
        }
        model.verify(map)
        #expect(map._familyInvariantsHold())
    }

    @Test func appendingAndPrependingForeverKeepsOrder() throws {
        var generator = BatchGenerator(seed: 6, scale: 1)
        var map = ElementMap<Cell>()
        var model = ElementMapModel([])
        var batch = ElementMap<Cell>.Batch()
        batch.insertSection(0)
        try map.apply(batch)
        model.sections.append(ModelSection(items: []))
        for _ in 0 ..< 200 {
            var edit = ElementMap<Cell>.Batch()
            // Ten at the front, then ten at the end (ascending, new index space).
            for at in 0 ..< 10 {
                let cell = generator.cell()
                edit.insertItem(cell, at: IndexPath(item: at, section: 0))
                model.sections[0].items.insert(cell, at: at)
            }
            for _ in 0 ..< 10 {
                let cell = generator.cell()
                let at = model.sections[0].items.count
                edit.insertItem(cell, at: IndexPath(item: at, section: 0))
                model.sections[0].items.insert(cell, at: at)
            }
            try map.apply(edit)
        }
        model.verify(map)
    }

    @Test func anEmptyBatchReturnsTheSameVersion() throws {
        let map = try ElementMap(sections: [[Cell(1)]])
        let same = try map.applying(ElementMap<Cell>.Batch())
        #expect(same.isIdentical(to: map))
        var copy = map
        #expect(copy.isIdentical(to: map))
        var batch = ElementMap<Cell>.Batch()
        batch.insertItem(Cell(2), at: IndexPath(item: 1, section: 0))
        try copy.apply(batch)
        #expect(!copy.isIdentical(to: map))
        #expect(map.count == 1 && copy.count == 2)
    }

    /// A lazy collection's load: a million items, none with an element, in a
    /// handful of tree nodes per thousand items; then elements arrive where the
    /// user looks and leave again, and only they are ever indexed or released.
    @Test func aMillionAbsentItemsTakeElementsOneByOne() throws {
        let tracker = CellTracker()
        do {
            var load = ElementMap<Cell>.Batch()
            load.insertSection(0, absentItems: 3)
            load.insertSection(1, absentItems: 1_000_000)
            let empty = try ElementMap<Cell>().applying(load)
            #expect(empty.count == 1_000_003 && empty.numberOfItems(inSection: 1) == 1_000_000)
            #expect(empty.element(at: IndexPath(item: 999_999, section: 1)) == nil)
            #expect(empty.elements(inSection: 0).isEmpty && empty.items(inSection: 0).count == 3)
            #expect(Array(empty).isEmpty)

            let shown = (500_000 ..< 500_010).map { Cell($0, tracker: tracker) }
            var materialize = ElementMap<Cell>.Batch()
            for (offset, cell) in shown.enumerated() {
                materialize.replaceItem(at: IndexPath(item: 500_000 + offset, section: 1), with: cell)
            }
            var map = try empty.applying(materialize)
            map._checkInvariants()
            #expect(map.indexPath(of: shown[3]) == IndexPath(item: 500_003, section: 1))
            #expect(empty.element(at: IndexPath(item: 500_003, section: 1)) == nil, "older versions never change")
            #expect(map.indexedElements.map(\.indexPath.item) == Array(500_000 ..< 500_010))

            // Absent items move and go like any other; present ones keep their place.
            var edit = ElementMap<Cell>.Batch()
            edit.deleteItem(at: IndexPath(item: 2, section: 1))
            edit.moveItem(at: IndexPath(item: 0, section: 1), to: IndexPath(item: 0, section: 0))
            edit.insertItem(nil, at: IndexPath(item: 1, section: 0))
            try map.apply(edit)
            #expect(map.numberOfItems(inSection: 0) == 5 && map.numberOfItems(inSection: 1) == 999_998)
            #expect(map.indexPath(of: shown[3]) == IndexPath(item: 500_001, section: 1))

            // Making an item absent again lets its element go once no version holds it.
            var release = ElementMap<Cell>.Batch()
            release.replaceItem(at: IndexPath(item: 500_001, section: 1), with: nil)
            try map.apply(release)
            #expect(map.indexPath(of: shown[3]) == nil && map.count == 1_000_003)
            #expect(map._familyInvariantsHold())
        }
        #expect(tracker.alive == 0)
    }

    /// A batch built with its inserted items absent gets them made later, as a
    /// data controller's map queue makes them: the items of sections inserted
    /// as counts or with gaps, and inserted items, each asked once with its new
    /// path; replacements, moves and present items stay as they were.
    @Test func absentInsertedItemsAreMadeWhereTheBatchPutsThem() throws {
        let tracker = CellTracker()
        do {
            let old = (0 ..< 4).map { Cell($0, tracker: tracker) }
            var load = ElementMap<Cell>.Batch()
            load.insertSection(0, elements: old)
            let base = try ElementMap<Cell>().applying(load)

            let present = Cell(100, tracker: tracker)
            var batch = ElementMap<Cell>.Batch()
            batch.replaceItem(at: IndexPath(item: 3, section: 0), with: nil)
            batch.deleteItem(at: IndexPath(item: 1, section: 0))
            batch.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 0))
            batch.insertSection(1, absentItems: 3)
            batch.insertSection(2, items: [nil, present, nil])
            batch.insertItem(nil, at: IndexPath(item: 0, section: 0))
            batch.insertItem(nil, at: IndexPath(item: 3, section: 0))
            var asked: [IndexPath] = []
            let made = batch.makeAbsentInsertedItems { path in
                asked.append(path)
                return Cell(1_000 + asked.count, tracker: tracker)
            }
            let expected: [IndexPath] = [
                [1, 0], [1, 1], [1, 2], [2, 0], [2, 2], [0, 0], [0, 3],
            ].map { IndexPath(item: $0[1], section: $0[0]) }
            #expect(asked == expected)
            #expect(made.count == expected.count)
            let map = try base.applying(batch)
            map._checkInvariants()
            for (path, cell) in zip(expected, made) { #expect(map.indexPath(of: cell) == path) }
            #expect(map.indexPath(of: present) == IndexPath(item: 1, section: 2))
            #expect(map.indexPath(of: old[0]) == IndexPath(item: 2, section: 0))
            #expect(map.element(at: IndexPath(item: 1, section: 0)) === old[2])
            #expect(map.numberOfItems(inSection: 0) == 5)
            #expect(map.element(at: IndexPath(item: 4, section: 0)) == nil, "the replacement made it absent, and it stays so")
        }
        #expect(tracker.alive == 0)
    }

    /// Runs of absent items are stored without an array of NULLs (a lazy
    /// million cost 9 MiB of leaves before): about 2 bytes an item, counted
    /// from the family's slab. Elements arriving, items inserted and deleted
    /// inside the runs, and runs merging again keep every lookup right.
    @Test func absentItemsCostAFewBytesEachUntilElementsArrive() throws {
        let tracker = CellTracker()
        do {
            var load = ElementMap<Cell>.Batch()
            load.insertSection(0, absentItems: 1_000_000)
            var map = try ElementMap<Cell>().applying(load)
            map._checkInvariants()
            let loaded = map._familyCounts.slabBytes
            #expect(loaded <= 2_500_000, "a million absent items took \(loaded) bytes")

            // One element every 100,000 items: ten runs are filled out, no more.
            let cells = (0 ..< 10).map { Cell($0, tracker: tracker) }
            var show = ElementMap<Cell>.Batch()
            for (k, cell) in cells.enumerated() {
                show.replaceItem(at: IndexPath(item: k * 100_000 + 7, section: 0), with: cell)
            }
            try map.apply(show)
            map._checkInvariants()
            #expect(map._familyCounts.slabBytes - loaded <= 200_000)
            for (k, cell) in cells.enumerated() {
                #expect(map.indexPath(of: cell) == IndexPath(item: k * 100_000 + 7, section: 0))
            }

            // Inserts and deletes inside the runs, enough to split and merge leaves.
            var edit = ElementMap<Cell>.Batch()
            for k in stride(from: 2_997, through: 0, by: -3) { edit.deleteItem(at: IndexPath(item: 200_000 + k, section: 0)) }
            for k in 0 ..< 100 { edit.insertItem(nil, at: IndexPath(item: 50_000 + k, section: 0)) }
            try map.apply(edit)
            map._checkInvariants()
            #expect(map.numberOfItems(inSection: 0) == 1_000_000 - 1_000 + 100)
            #expect(map.indexPath(of: cells[3]) == IndexPath(item: 300_007 - 1_000 + 100, section: 0))
            #expect(map.element(at: IndexPath(item: 100_107, section: 0)) === cells[1])
            #expect(map.element(at: IndexPath(item: 100_106, section: 0)) == nil)

            var clear = ElementMap<Cell>.Batch()
            for cell in cells { clear.replaceItem(at: try #require(map.indexPath(of: cell)), with: nil) }
            try map.apply(clear)
            map._checkInvariants()
            #expect(Array(map).isEmpty && map._familyInvariantsHold())
        }
        #expect(tracker.alive == 0)
    }

    @Test func movesKeepTheirElementsAcrossSections() throws {
        let cells = (0 ..< 6).map { Cell($0) }
        var map = try ElementMap(sections: [Array(cells[0 ..< 3]), Array(cells[3 ..< 6])])
        var batch = ElementMap<Cell>.Batch()
        batch.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 2, section: 1))
        batch.moveItem(at: IndexPath(item: 2, section: 1), to: IndexPath(item: 0, section: 0))
        batch.moveSection(1, toSection: 0)
        try map.apply(batch)
        // Removals first (cells 5 and 0 leave), then the sections swap, then the
        // moved cells land at their new-space paths.
        #expect(map.elements(inSection: 0).map(\.id) == [5, 3, 4])
        #expect(map.elements(inSection: 1).map(\.id) == [1, 2, 0])
        #expect(map.indexPath(of: cells[0]) == IndexPath(item: 2, section: 1))
    }

    @Test func deletingASectionReleasesItsSupplementaryElementsAndMovingOneCarriesThem() throws {
        let tracker = CellTracker()
        var map = try ElementMap(sections: [[Cell(1, tracker: tracker)], [Cell(2, tracker: tracker)]])
        do {
            var batch = ElementMap<Cell>.Batch()
            batch.setSupplementaryElement(Cell(10, tracker: tracker), ofKind: "header", at: IndexPath(item: 0, section: 0))
            batch.setSupplementaryElement(Cell(11, tracker: tracker), ofKind: "header", at: IndexPath(item: 0, section: 1))
            try map.apply(batch)
        }
        var move = ElementMap<Cell>.Batch()
        move.moveSection(1, toSection: 0)
        try map.apply(move)
        #expect(map.supplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 0))?.id == 11)
        var delete = ElementMap<Cell>.Batch()
        delete.deleteSection(1)
        try map.apply(delete)
        #expect(map.numberOfSections == 1)
        #expect(tracker.alive == 2)  // cell 2 and its header 11
        #expect(tracker.dead == 2)   // cell 1 and its header 10
    }
}
