import BenchmarkSupport
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
    /// element -> index path table.
    static func elementMapIndexPathOfElement() -> Job {
        Job(
            id: "elementmap.indexpath",
            name: "element map 1M: index path of element",
            peer: "Texture map table",
            target: "<= 200 ns",
            note: "Lookups run over 65,536 random elements per round; the time is per lookup.",
            prepare: {
                let fixture = ElementMapFixture.of(size: 1_000_000)
                let nodes = fixture.probes.map(\.node)
                return Sides(
                    weft: { timedLookups(nodes.count) { fixture.map.indexPath(of: nodes[$0])?.item ?? 0 } },
                    peer: {
                        timedLookups(nodes.count) {
                            fixture.texture.elementToIndexPath[ObjectIdentifier(nodes[$0])]?.item ?? 0
                        }
                    }
                )
            },
            check: { $0.weft <= .nanoseconds(200) }
        )
    }

    /// The element at an index path of a 1M-element map, against Texture's
    /// section arrays.
    static func elementMapElementAtIndexPath() -> Job {
        Job(
            id: "elementmap.element",
            name: "element map 1M: element at index path",
            peer: "Texture section arrays",
            target: "<= 200 ns",
            prepare: {
                let fixture = ElementMapFixture.of(size: 1_000_000)
                let paths = fixture.probes.map(\.path)
                return Sides(
                    weft: { timedLookups(paths.count) { fixture.map.element(at: paths[$0])?.id ?? 0 } },
                    peer: {
                        timedLookups(paths.count) { fixture.texture.sections[paths[$0].section][paths[$0].item].id }
                    }
                )
            },
            check: { $0.weft <= .nanoseconds(200) }
        )
    }
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
