import Benchmark
import BenchmarkSupport
import Foundation
import Synchronization
import WeftCore
import WeftElementMap

/// A cell node stand-in: the map stores references, never looks inside.
final class Node: Sendable {
    let id: Int
    init(_ id: Int) { self.id = id }
}

/// One size of the scenario of perf-anchors.md §5: 100 sections, and a pool of
/// batches of 20 scattered edits (10 deletes, 10 inserts at random positions)
/// prepared outside the measurement, each applied to the same base version.
final class Fixture: Sendable {
    static let sectionCount = 100
    static let poolSize = 64

    let sections: [[Node]]
    let map: ElementMap<Node>
    let texture: TextureElementMapModel<Node>
    let edits: [(deletes: [IndexPath], inserts: [(IndexPath, Node)])]
    /// Random lookups over all elements, so that reads go wherever they fall.
    let probes: [(path: IndexPath, node: Node)]

    private static let built = Mutex([Int: Fixture]())

    static func of(size: Int) -> Fixture {
        built.withLock { cache in
            if let fixture = cache[size] { return fixture }
            let fixture = Fixture(size: size)
            cache[size] = fixture
            return fixture
        }
    }

    private init(size: Int) {
        var random = SystemRandomNumberGenerator()
        let perSection = size / Self.sectionCount
        let sections = (0 ..< Self.sectionCount).map { s in (0 ..< perSection).map { Node(s * perSection + $0) } }
        self.sections = sections
        map = try! ElementMap(sections: sections)
        texture = TextureElementMapModel(sections: sections, supplementaryElements: [:])
        var nextID = size
        var edits: [(deletes: [IndexPath], inserts: [(IndexPath, Node)])] = []
        for _ in 0 ..< Self.poolSize {
            var deletes = Set<IndexPath>()
            while deletes.count < 10 {
                deletes.insert(IndexPath(item: Int.random(in: 0 ..< perSection, using: &random),
                                         section: Int.random(in: 0 ..< Self.sectionCount, using: &random)))
            }
            var inserts = Set<IndexPath>()
            while inserts.count < 10 {
                inserts.insert(IndexPath(item: Int.random(in: 0 ..< perSection - 10, using: &random),
                                         section: Int.random(in: 0 ..< Self.sectionCount, using: &random)))
            }
            let orderedDeletes = deletes.sorted(by: >)
            let orderedInserts = inserts.sorted().map { path -> (IndexPath, Node) in
                defer { nextID += 1 }
                return (path, Node(nextID))
            }
            edits.append((orderedDeletes, orderedInserts))
        }
        self.edits = edits
        probes = (0 ..< 65_536).map { _ in
            let path = IndexPath(item: Int.random(in: 0 ..< perSection, using: &random),
                                 section: Int.random(in: 0 ..< Self.sectionCount, using: &random))
            return (path, sections[path.section][path.item])
        }
    }
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // Not `.instructions`: unsupported on these VMs, and asking for it adds
        // phantom mallocs to `mallocCountTotal`.
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(2)
    )

    for (label, size) in [("10k", 10_000), ("100k", 100_000), ("1M", 1_000_000)] {
        let setup: @Sendable () -> Void = { _ = Fixture.of(size: size) }
        // A few microseconds per batch: 1,000 per sample, reported per batch.
        let fast = Benchmark.Configuration(scalingFactor: .kilo, setup: setup)

        // Weft: derive a version with 20 edits from the same base, then drop it.
        Benchmark("ElementMap.\(label).20edits", configuration: fast) { benchmark in
            let fixture = Fixture.of(size: size)
            let batches = fixture.edits.map { edit in
                var batch = ElementMap<Node>.Batch()
                for path in edit.deletes { batch.deleteItem(at: path) }
                for (path, node) in edit.inserts { batch.insertItem(node, at: path) }
                return batch
            }
            var next = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try fixture.map.applying(batches[next]))
                next = (next + 1) % Fixture.poolSize
            }
            benchmark.stopMeasurement()
        }

        Benchmark("ElementMap.\(label).20edits (Texture rebuild)", configuration: .init(setup: setup)) { benchmark in
            let fixture = Fixture.of(size: size)
            var next = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let edit = fixture.edits[next]
                blackHole(fixture.texture.applying(deletes: edit.deletes, inserts: edit.inserts))
                next = (next + 1) % Fixture.poolSize
            }
            benchmark.stopMeasurement()
        }

        // Copy-on-write arrays of section arrays: the copy shares every section,
        // an edit copies the one it touches. There is no index path of an element.
        Benchmark("ElementMap.\(label).20edits (stdlib COW)", configuration: fast) { benchmark in
            let fixture = Fixture.of(size: size)
            var next = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let edit = fixture.edits[next]
                var copy = fixture.sections
                for path in edit.deletes { copy[path.section].remove(at: path.item) }
                for (path, node) in edit.inserts { copy[path.section].insert(node, at: path.item) }
                blackHole(copy)
                next = (next + 1) % Fixture.poolSize
            }
            benchmark.stopMeasurement()
        }
    }

    // Lookups on 1M elements at random places, 1,000 per iteration, reported per lookup.
    func lookups(_ name: String, _ lookup: @escaping @Sendable (Fixture, IndexPath, Node) -> Void) {
        let configuration = Benchmark.Configuration(
            scalingFactor: .kilo, maxDuration: .seconds(2), setup: { _ = Fixture.of(size: 1_000_000) })
        Benchmark(name, configuration: configuration) { benchmark in
            let fixture = Fixture.of(size: 1_000_000)
            var k = Int.random(in: 0 ..< 65_536)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let probe = fixture.probes[k & 65_535]
                lookup(fixture, probe.path, probe.node)
                k &+= 40_503
            }
            benchmark.stopMeasurement()
        }
    }
    lookups("ElementMap.1M.indexPathOfElement") { fixture, _, node in
        blackHole(fixture.map.indexPath(of: node))
    }
    lookups("ElementMap.1M.indexPathOfElement (Texture dictionary)") { fixture, _, node in
        blackHole(fixture.texture.elementToIndexPath[ObjectIdentifier(node)])
    }
    lookups("ElementMap.1M.elementAtIndexPath") { fixture, path, _ in
        blackHole(fixture.map.element(at: path))
    }
    lookups("ElementMap.1M.elementAtIndexPath (stdlib)") { fixture, path, _ in
        blackHole(fixture.sections[path.section][path.item])
    }

    // Building a map of 100 sections, and what each element costs in the
    // element-map arena afterwards (jemalloc's own statistics).
    let bytesPerElement = BenchmarkMetric.custom("bytes/element (arena)", useScalingFactor: false)
    for (label, size) in [("100k", 100_000), ("1M", 1_000_000)] {
        Benchmark(
            "ElementMap.\(label).build",
            configuration: .init(
                metrics: [.wallClock, .mallocCountTotal, bytesPerElement], maxDuration: .seconds(3), maxIterations: 10,
                setup: { _ = Fixture.of(size: size) })
        ) { benchmark in
            let fixture = Fixture.of(size: size)
            let before = try Subsystem.elementMap.statistics().allocatedBytes
            benchmark.startMeasurement()
            let map = try ElementMap(sections: fixture.sections)
            benchmark.stopMeasurement()
            let after = try Subsystem.elementMap.statistics().allocatedBytes
            benchmark.measurement(bytesPerElement, (after - before) / map.count)
            print("ElementMap.\(label): \(Double(after - before) / Double(map.count)) bytes per element in the element-map arena")
            blackHole(map)
        }
    }
}
