import BenchmarkSupport
import Foundation
import WeftElementMap

extension Job {
    /// Deriving a version with 20 edits from a 100k-element map, against
    /// Texture's full rebuild.
    static func elementMapEdits() -> Job {
        Job(
            id: "elementmap.edits",
            name: "element map: 20 edits on 100k",
            peer: "Texture full rebuild",
            target: "<= 20 µs; >= 300x",
            prepare: {
                let fixture = ElementMapFixture.of(size: 100_000)
                let batches = fixture.makeBatches()
                var next = 0
                return Sides(
                    weft: { try timedBatches(batches, on: fixture.map) },
                    peer: {
                        let edit = fixture.edits[next]
                        next = (next + 1) % ElementMapFixture.poolSize
                        return timed {
                            consumeOpaquely(fixture.texture.applying(deletes: edit.deletes, inserts: edit.inserts))
                        }
                    }
                )
            },
            check: { $0.weft <= .microseconds(20) && $0.ratio >= 300 }
        )
    }

    /// The same 20 edits on a 1M-element map against a 100k one: the cost must
    /// barely grow with the map.
    static func elementMapGrowth() -> Job {
        Job(
            id: "elementmap.growth",
            name: "element map: 20 edits, 1M vs 100k",
            peer: "Weft at 100k",
            target: "<= 2x at 1M vs 100k",
            ratioForm: .growth(label: "1M/100k"),
            prepare: {
                let large = ElementMapFixture.of(size: 1_000_000)
                let small = ElementMapFixture.of(size: 100_000)
                let largeBatches = large.makeBatches()
                let smallBatches = small.makeBatches()
                return Sides(
                    weft: { try timedBatches(largeBatches, on: large.map) },
                    peer: { try timedBatches(smallBatches, on: small.map) }
                )
            },
            check: { $0.ratio <= 2 }
        )
    }

    /// The index path of an element in a 1M-element map, against Texture's
    /// element -> index path table. The map has its position tables, as the
    /// version a data controller commits gets them off main; the remark gives
    /// the trees alone (any other version).
    static func elementMapIndexPathOfElement() -> Job {
        Job(
            id: "elementmap.indexpath",
            name: "element map 1M: index path of element",
            peer: "Texture map table",
            target: "<= 100 ns; >= 1.5x Texture",
            note: "Lookups run over 65,536 random elements per round; the time is per lookup. The version has its "
                + "position tables (built once, off main, for each version a data controller commits).",
            prepare: {
                let fixture = ElementMapFixture.of(size: 1_000_000)
                let nodes = fixture.probes.map(\.node)
                let trees = try versionWithoutTables(of: fixture.map)
                let treeTime = timedLookups(nodes.count) { trees.indexPath(of: nodes[$0])?.item ?? 0 }
                let build = timed { fixture.map.buildPositionTables() }
                return Sides(
                    weft: { timedLookups(nodes.count) { fixture.map.indexPath(of: nodes[$0])?.item ?? 0 } },
                    peer: {
                        timedLookups(nodes.count) {
                            fixture.texture.elementToIndexPath[ObjectIdentifier(nodes[$0])]?.item ?? 0
                        }
                    },
                    remark: "Trees alone (a version without tables): \(durationText(nanoseconds: treeTime.nanoseconds)) a lookup; building the "
                        + "tables of 1M items: \(build.millisecondsText), off main."
                )
            },
            check: { $0.weft <= .nanoseconds(100) && $0.ratio >= 1.5 }
        )
    }

    /// The element at an index path of a 1M-element map, against Texture's
    /// section arrays; the map has its position tables, as above.
    static func elementMapElementAtIndexPath() -> Job {
        Job(
            id: "elementmap.element",
            name: "element map 1M: element at index path",
            peer: "Texture section arrays",
            target: "<= 100 ns; >= 1.5x Texture",
            prepare: {
                let fixture = ElementMapFixture.of(size: 1_000_000)
                let paths = fixture.probes.map(\.path)
                let trees = try versionWithoutTables(of: fixture.map)
                let treeTime = timedLookups(paths.count) { trees.element(at: paths[$0])?.id ?? 0 }
                fixture.map.buildPositionTables()
                return Sides(
                    weft: { timedLookups(paths.count) { fixture.map.element(at: paths[$0])?.id ?? 0 } },
                    peer: {
                        timedLookups(paths.count) { fixture.texture.sections[paths[$0].section][paths[$0].item].id }
                    },
                    remark: "Trees alone (a version without tables): \(durationText(nanoseconds: treeTime.nanoseconds)) a lookup."
                )
            },
            check: { $0.weft <= .nanoseconds(100) && $0.ratio >= 1.5 }
        )
    }
}

/// A version derived from `map` (its last item of section 0 deleted), which
/// has no position tables: lookups on it descend the trees.
private func versionWithoutTables(of map: ElementMap<MapNode>) throws -> ElementMap<MapNode> {
    var batch = ElementMap<MapNode>.Batch()
    batch.deleteItem(at: IndexPath(item: map.numberOfItems(inSection: 0) - 1, section: 0))
    return try map.applying(batch)
}

/// The mean time of one of `count` lookups; their results are summed and kept
/// so that the optimizer cannot drop them.
private func timedLookups(_ count: Int, _ lookup: (Int) -> Int) -> Duration {
    var sum = 0
    let time = timedEach(count) { sum &+= lookup($0) }
    consumeOpaquely(sum)
    return time
}

/// The mean time of deriving one version from `map` per batch of `batches`.
private func timedBatches(_ batches: [ElementMap<MapNode>.Batch], on map: ElementMap<MapNode>) throws -> Duration {
    try timedEach(batches.count) { consumeOpaquely(try map.applying(batches[$0])) }
}
