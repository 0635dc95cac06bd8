import Foundation
import Testing
import WeftCore
import WeftElementMap
import WeftTestSupport

@Suite struct ElementMapLookupTests {
    /// Every path of maps of every shape with up to 8 items per section, then 1k.
    @Test(arguments: [0, 1, 2, 3, 5, 8, 1_000])
    func everyPathAndElementIsFoundBothWays(itemsPerSection: Int) throws {
        let sections = (0 ..< 4).map { s in (0 ..< itemsPerSection + s).map { Cell(s * 10_000 + $0) } }
        let map = try ElementMap(sections: sections)
        ElementMapModel(sections).verify(map)
        #expect(map.isEmpty == sections.allSatisfy(\.isEmpty))
    }

    @Test func outOfRangeAndMalformedPathsFindNothing() throws {
        let cell = Cell(1)
        let map = try ElementMap(sections: [[cell]])
        #expect(map.element(at: IndexPath(item: 1, section: 0)) == nil)
        #expect(map.element(at: IndexPath(item: 0, section: 1)) == nil)
        #expect(map.element(at: IndexPath(item: -1, section: 0)) == nil)
        #expect(map.element(at: IndexPath(index: 0)) == nil)
        #expect(map.supplementaryElement(ofKind: "never-used-kind", at: IndexPath(item: 0, section: 0)) == nil)
        #expect(map.indexPath(of: Cell(2)) == nil)
        #expect(map.supplementaryLocation(of: cell) == nil)
    }

    /// An erased map is the same version: the same elements both ways, and
    /// versions derived from either never change the other.
    @Test func anErasedMapIsTheSameVersionAndDerivesItsOwn() throws {
        let cells = (0 ..< 3).map { Cell($0) }
        let map = try ElementMap(sections: [cells])
        let erased = ElementMap<AnyObject>(erasing: map)
        #expect(erased.isIdentical(to: map) && map.isIdentical(to: erased))
        #expect(!erased.isIdentical(to: try ElementMap(sections: [cells])), "equal elements, another version")
        #expect(erased.element(at: IndexPath(item: 2, section: 0)) === cells[2])
        #expect(erased.indexPath(of: cells[1]) == IndexPath(item: 1, section: 0))
        var batch = ElementMap<AnyObject>.Batch()
        batch.deleteItem(at: IndexPath(item: 0, section: 0))
        let derived = try erased.applying(batch)
        #expect(derived.count == 2 && map.count == 3 && map.element(at: IndexPath(item: 0, section: 0)) === cells[0])
        derived._checkInvariants()
        map._checkInvariants()
    }

    @Test func anEmptyMapHasNoSections() {
        let map = ElementMap<Cell>()
        #expect(map.numberOfSections == 0)
        #expect(map.count == 0)
        #expect(Array(map).isEmpty)
        #expect(map.element(at: IndexPath(item: 0, section: 0)) == nil)
    }

    @Test func supplementaryElementsAreFoundByKindAndPathAndBack() throws {
        let header = Cell(100), footer = Cell(101), badge = Cell(102)
        var map = try ElementMap(sections: [[Cell(1), Cell(2)], []])
        var batch = ElementMap<Cell>.Batch()
        batch.setSupplementaryElement(header, ofKind: "header", at: IndexPath(item: 0, section: 0))
        batch.setSupplementaryElement(footer, ofKind: "footer", at: IndexPath(item: 0, section: 1))
        batch.setSupplementaryElement(badge, ofKind: "badge", at: IndexPath(item: 7, section: 0))
        try map.apply(batch)
        #expect(map.supplementaryElement(ofKind: "header", at: IndexPath(item: 0, section: 0)) === header)
        #expect(map.supplementaryElement(ofKind: "footer", at: IndexPath(item: 0, section: 1)) === footer)
        #expect(map.supplementaryElement(ofKind: "footer", at: IndexPath(item: 0, section: 0)) == nil)
        #expect(map.supplementaryLocation(of: badge)?.kind == "badge")
        #expect(map.supplementaryLocation(of: badge)?.indexPath == IndexPath(item: 7, section: 0))
        #expect(map.supplementaryElements(inSection: 0).count == 2)
        #expect(map.indexPath(of: header) == nil)
    }

    /// Versions are immutable, so any number of threads may read one while
    /// others derive and drop versions of the same family.
    @Test func concurrentReadersSeeTheirVersionWhileOthersDeriveAndRelease() throws {
        let sections = (0 ..< 10).map { s in (0 ..< 300).map { Cell(s * 1_000 + $0) } }
        let base = try ElementMap(sections: sections)
        let model = ElementMapModel(sections)
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            if worker % 2 == 0 {
                for round in 0 ..< 200 {
                    let s = (round * 7 + worker) % 10, i = (round * 13) % 300
                    #expect(base.element(at: IndexPath(item: i, section: s)) === model.sections[s].items[i])
                    #expect(base.indexPath(of: model.sections[s].items[i]!) == IndexPath(item: i, section: s))
                }
            } else {
                var map = base
                for round in 0 ..< 50 {
                    var batch = ElementMap<Cell>.Batch()
                    batch.deleteItem(at: IndexPath(item: (round * 11) % 200, section: worker % 10))
                    batch.insertItem(Cell(1_000_000 * worker + round), at: IndexPath(item: 0, section: (round + worker) % 10))
                    map = (try? map.applying(batch)) ?? map
                }
                #expect(map.count == base.count)
            }
        }
        model.verify(base)
        #expect(base._familyInvariantsHold())
    }

    /// Position tables are built once, by whichever thread comes first, while
    /// other threads read: every lookup agrees with the model before, during
    /// and after, and the tables agree with the trees.
    @Test func positionTablesBuildWhileOtherThreadsRead() throws {
        let sections = (0 ..< 10).map { s in (0 ..< 600).map { Cell(s * 1_000 + $0) } }
        let map = try ElementMap(sections: sections)
        let model = ElementMapModel(sections)
        #expect(!map.hasPositionTables)
        DispatchQueue.concurrentPerform(iterations: 6) { worker in
            if worker < 2 {
                #expect(map.buildPositionTables())
            } else {
                for round in 0 ..< 2_000 {
                    let s = (round * 7 + worker) % 10, i = (round * 13) % 600
                    #expect(map.element(at: IndexPath(item: i, section: s)) === model.sections[s].items[i])
                    #expect(map.indexPath(of: model.sections[s].items[i]!) == IndexPath(item: i, section: s))
                }
            }
        }
        #expect(map.hasPositionTables)
        map._checkInvariants()
        model.verify(map)
        #expect(map.element(at: IndexPath(item: 600, section: 0)) == nil && map.element(at: IndexPath(item: 0, section: 10)) == nil)
        #expect(map.element(at: IndexPath(item: -1, section: 0)) == nil && map.indexPath(of: Cell(-5)) == nil)
        #expect(map._familyInvariantsHold())
    }
}
