import Benchmark
import BenchmarkSupport
import WeftDiff

/// WeftDiff against the standard library's `difference(from:).inferringMoves()`,
/// the only peer that also reports the fewest moves.
///
/// Scenario "scattered": ids 0..<n, then n/30 deletes, n/30 single-element moves
/// and n/30 inserts of new ids, each at a random place (seeded, so every run
/// diffs the same input). Sectioned: 100 sections of 1,000 items with that
/// scenario inside each section, 1% of the items moved to another section, and
/// one section deleted, one inserted and one moved. Both live in BenchmarkSupport
/// (`DiffScenario`, `StdlibDiffPeer`), shared with `weft-bench`. The stdlib peer
/// diffs each section against the old section of the same id, so it cannot see
/// moves across sections. Each benchmark reports the moves it found as a metric.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // Not `.instructions`: unsupported on these VMs, and asking for it adds
        // phantom mallocs to `mallocCountTotal`.
        metrics: [.wallClock, .throughput, .mallocCountTotal, movesMetric],
        maxDuration: .seconds(2)
    )
    // Myers' diff is O(n·d): at 100k it takes one to three seconds per run.
    let slowPeer = Benchmark.Configuration(maxDuration: .seconds(15), maxIterations: 3)

    for (label, count) in [("10", 10), ("1k", 1_000), ("10k", 10_000), ("100k", 100_000)] {
        let peer = count >= 100_000 ? slowPeer : Benchmark.defaultConfiguration
        listBenchmarks("Diff.\(label).scattered", peer: peer) { DiffScenario.scatteredIDs(count: count, seed: 42) }
        listBenchmarks("Diff.\(label).scattered.struct", peer: peer) { scatteredPosts(count: count, seed: 42) }
    }

    Benchmark("SectionedDiff.100x1000.scattered") { benchmark in
        let (old, new) = DiffScenario.scatteredSections(sections: 100, itemsPerSection: 1_000, seed: 42)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let diff = SectionedDiff(from: old, to: new)
            benchmark.measurement(movesMetric, diff.sectionMoves.count + diff.itemMoves.count)
            blackHole(diff)
        }
    }
    Benchmark("SectionedDiff.100x1000.scattered (stdlib)") { benchmark in
        let (old, new) = DiffScenario.scatteredSections(sections: 100, itemsPerSection: 1_000, seed: 42)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            benchmark.measurement(movesMetric, StdlibDiffPeer.sectionedDifference(from: old, to: new))
        }
    }
}

/// Registers `name` (WeftDiff) and `name (stdlib)` over the same input, each
/// reporting the moves it found.
func listBenchmarks<Element: Diffable & Hashable>(
    _ name: String, peer: Benchmark.Configuration,
    input: @escaping @Sendable () -> (old: [Element], new: [Element])
) {
    Benchmark(name) { benchmark in
        let (old, new) = input()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let diff = Diff(from: old, to: new)
            benchmark.measurement(movesMetric, diff.moves.count)
            blackHole(diff)
        }
    }
    Benchmark("\(name) (stdlib)", configuration: peer) { benchmark in
        let (old, new) = input()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let difference = new.difference(from: old).inferringMoves()
            benchmark.measurement(movesMetric, StdlibDiffPeer.moveCount(difference))
            blackHole(difference)
        }
    }
}

/// Moves each benchmark reports, shown in its table beside the time.
let movesMetric = BenchmarkMetric.custom("Moves reported", polarity: .prefersSmaller, useScalingFactor: false)

/// A post: identity `id`, content `title`; stdlib diffs it by `==` on both.
struct Post: Diffable, Hashable {
    var id: Int
    var title: String
    var diffIdentifier: Int { id }
    func isContentEqual(to other: Post) -> Bool { title == other.title }
}

/// The scattered scenario of `DiffScenario` over posts whose titles follow their ids.
func scatteredPosts(count: Int, seed: UInt64) -> (old: [Post], new: [Post]) {
    let (old, new) = DiffScenario.scatteredIDs(count: count, seed: seed)
    let post = { (id: Int) in Post(id: id, title: "Post \(id)") }
    return (old.map(post), new.map(post))
}
