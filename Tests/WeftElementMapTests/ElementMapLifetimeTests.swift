import Foundation
import Testing
import WeftCore
import WeftElementMap
import WeftTestSupport

/// The map holds each element exactly while some live version holds it, and
/// gives it back exactly once.
@Suite struct ElementMapLifetimeTests {
    /// A weak reference to every cell ever made, with the versions that hold it
    /// tracked by identity only, so the test itself keeps no cell alive.
    private struct Registry {
        var cells: [ObjectIdentifier: Weak] = [:]
        struct Weak { weak var cell: Cell? }

        mutating func track(_ model: ElementMapModel) {
            for section in model.sections {
                for case let cell? in section.items { cells[ObjectIdentifier(cell)] = Weak(cell: cell) }
                for byItem in section.supplementary.values {
                    for cell in byItem.values { cells[ObjectIdentifier(cell)] = Weak(cell: cell) }
                }
            }
        }
    }

    private static func identities(_ model: ElementMapModel) -> Set<ObjectIdentifier> {
        var ids = Set<ObjectIdentifier>()
        for section in model.sections {
            ids.formUnion(section.items.compactMap { $0.map(ObjectIdentifier.init) })
            for byItem in section.supplementary.values { ids.formUnion(byItem.values.map(ObjectIdentifier.init)) }
        }
        return ids
    }

    /// Versions share structure in chains and branches and die in random
    /// order; after every death, exactly the cells some live version holds are
    /// alive, and at the end every cell died once. Seed 14 makes absent items
    /// too, and items that become absent let their cells go.
    @Test(arguments: [11, 12, 13, 14] as [UInt64])
    func elementsLiveExactlyAsLongAsSomeVersionHoldsThem(seed: UInt64) throws {
        let tracker = CellTracker()
        var registry = Registry()
        do {
            var generator = BatchGenerator(seed: seed, scale: 8, tracker: tracker)
            generator.makesAbsentItems = seed == 14
            // Models hold cells strongly, so keep only identities of each version's contents.
            var versions: [(map: ElementMap<Cell>, ids: Set<ObjectIdentifier>)] = [(ElementMap(), [])]
            var lastModel: [Int: ElementMapModel] = [0: ElementMapModel([])]
            var keys = [0]
            var nextKey = 1
            for _ in 0 ..< 300 {
                if versions.count > 1 && (versions.count >= 10 || generator.chance(3)) {
                    let victim = generator.int(0 ..< versions.count)
                    versions.remove(at: victim)
                    lastModel[keys.remove(at: victim)] = nil
                    let held = versions.reduce(into: Set<ObjectIdentifier>()) { $0.formUnion($1.ids) }
                    for (id, weak) in registry.cells {
                        #expect((weak.cell != nil) == held.contains(id), "cell alive iff a live version holds it")
                    }
                } else {
                    let pick = generator.int(0 ..< versions.count)
                    let (batch, model) = generator.makeBatch(for: lastModel[keys[pick]]!)
                    registry.track(model)
                    versions.append((try versions[pick].map.applying(batch), Self.identities(model)))
                    lastModel[nextKey] = model
                    keys.append(nextKey)
                    nextKey += 1
                }
            }
            #expect(versions[0].map._familyInvariantsHold())
        }
        #expect(tracker.alive == 0, "every element was given back")
        #expect(registry.cells.values.allSatisfy { $0.cell == nil })
    }

    @Test func aCopyIsOneMoreReferenceToTheSameVersion() throws {
        let tracker = CellTracker()
        var copies: [ElementMap<Cell>] = []
        do {
            let map = try ElementMap(sections: [(0 ..< 100).map { Cell($0, tracker: tracker) }])
            copies = Array(repeating: map, count: 50)
            #expect(copies.allSatisfy { $0.isIdentical(to: map) })
            #expect(map._familyCounts.liveVersions == 1)
        }
        #expect(tracker.alive == 100)
        copies.removeAll()
        #expect(tracker.alive == 0)
    }

    @Test func replacedAndDeletedElementsDieWhenTheirLastVersionDoes() throws {
        let tracker = CellTracker()
        var old: ElementMap<Cell>? = try ElementMap(sections: [(0 ..< 10).map { Cell($0, tracker: tracker) }])
        var batch = ElementMap<Cell>.Batch()
        batch.replaceItem(at: IndexPath(item: 3, section: 0), with: Cell(100, tracker: tracker))
        batch.deleteItem(at: IndexPath(item: 5, section: 0))
        var new: ElementMap<Cell>? = try old!.applying(batch)
        batch = ElementMap<Cell>.Batch()
        #expect(tracker.alive == 11)
        old = nil
        #expect(tracker.alive == 9, "the replaced and the deleted cell died with the old version")
        #expect(new!._familyCounts.liveVersions == 1)
        new = nil
        #expect(tracker.alive == 0)
    }

    /// A replacement deleted again in the same batch never reaches a version:
    /// the map gives it back when the batch succeeds.
    @Test func anElementReplacedInAndDeletedByTheSameBatchIsGivenBackAtOnce() throws {
        let tracker = CellTracker()
        let map = try ElementMap(sections: [[Cell(1, tracker: tracker), Cell(2, tracker: tracker)]])
        var derived: ElementMap<Cell>?
        do {
            var batch = ElementMap<Cell>.Batch()
            batch.replaceItem(at: IndexPath(item: 1, section: 0), with: Cell(3, tracker: tracker))
            batch.deleteItem(at: IndexPath(item: 1, section: 0))
            derived = try map.applying(batch)
        }
        #expect(tracker.alive == 2)
        #expect(derived?.count == 1)
        #expect(map.count == 2)
    }
}
