import Benchmark
import BenchmarkSupport
import Foundation
import WeftCore
import WeftMemory
import WeftElementMap

/// ElementMap against Texture's full rebuild (`TextureElementMapModel`) and
/// copy-on-write arrays, on the scenario of `ElementMapFixture` (BenchmarkSupport,
/// shared with `weft-bench`): batches of 20 edits at 10k, 100k and 1M elements,
/// lookups both ways at 1M, and building a map.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // Not `.instructions`: unsupported on these VMs, and asking for it adds
        // phantom mallocs to `mallocCountTotal`.
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(2)
    )

    for (label, size) in [("10k", 10_000), ("100k", 100_000), ("1M", 1_000_000)] {
        let setup: @Sendable () -> Void = { _ = ElementMapFixture.of(size: size) }
        // A few microseconds per batch: 1,000 per sample, reported per batch.
        let fast = Benchmark.Configuration(scalingFactor: .kilo, setup: setup)

        // Weft: derive a version with 20 edits from the same base, then drop it.
        Benchmark("ElementMap.\(label).20edits", configuration: fast) { benchmark in
            let fixture = ElementMapFixture.of(size: size)
            let batches = fixture.makeBatches()
            var next = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(try fixture.map.applying(batches[next]))
                next = (next + 1) % ElementMapFixture.poolSize
            }
            benchmark.stopMeasurement()
        }

        Benchmark("ElementMap.\(label).20edits (Texture rebuild)", configuration: .init(setup: setup)) { benchmark in
            let fixture = ElementMapFixture.of(size: size)
            var next = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let edit = fixture.edits[next]
                blackHole(fixture.texture.applying(deletes: edit.deletes, inserts: edit.inserts))
                next = (next + 1) % ElementMapFixture.poolSize
            }
            benchmark.stopMeasurement()
        }

        // Copy-on-write arrays of section arrays: the copy shares every section,
        // an edit copies the one it touches. There is no index path of an element.
        Benchmark("ElementMap.\(label).20edits (stdlib COW)", configuration: fast) { benchmark in
            let fixture = ElementMapFixture.of(size: size)
            var next = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let edit = fixture.edits[next]
                var copy = fixture.sections
                for path in edit.deletes { copy[path.section].remove(at: path.item) }
                for (path, node) in edit.inserts { copy[path.section].insert(node, at: path.item) }
                blackHole(copy)
                next = (next + 1) % ElementMapFixture.poolSize
            }
            benchmark.stopMeasurement()
        }
    }

    // Lookups on 1M elements at random places, 1,000 per iteration, reported per lookup.
    func lookups(_ name: String, _ lookup: @escaping @Sendable (ElementMapFixture, IndexPath, MapNode) -> Void) {
        let configuration = Benchmark.Configuration(
            scalingFactor: .kilo, maxDuration: .seconds(2), setup: { _ = ElementMapFixture.of(size: 1_000_000) })
        Benchmark(name, configuration: configuration) { benchmark in
            let fixture = ElementMapFixture.of(size: 1_000_000)
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
                setup: { _ = ElementMapFixture.of(size: size) })
        ) { benchmark in
            let fixture = ElementMapFixture.of(size: size)
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
