import Benchmark
import BenchmarkSupport
import WeftDiff

/// WeftDiff against the standard library's `difference(from:).inferringMoves()`,
/// the only peer that also reports the fewest moves (perf-anchors.md §3, §7).
///
/// Scenario "scattered": ids 0..<n, then n/30 deletes, n/30 single-element moves
/// and n/30 inserts of new ids, each at a random place (seeded, so every run
/// diffs the same input). Sectioned: 100 sections of 1,000 items with that
/// scenario inside each section, 1% of the items moved to another section, and
/// one section deleted, one inserted and one moved. The stdlib peer diffs each
/// section against the old section of the same id, so it cannot see moves
/// across sections. Each benchmark reports the moves it found as a metric.
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
        listBenchmarks("Diff.\(label).scattered", peer: peer) { scatteredIDs(count: count, seed: 42) }
        listBenchmarks("Diff.\(label).scattered.struct", peer: peer) { scatteredPosts(count: count, seed: 42) }
    }

    Benchmark("SectionedDiff.100x1000.scattered") { benchmark in
        let (old, new) = scatteredSections(sections: 100, itemsPerSection: 1_000, seed: 42)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let diff = SectionedDiff(from: old, to: new)
            benchmark.measurement(movesMetric, diff.sectionMoves.count + diff.itemMoves.count)
            blackHole(diff)
        }
    }
    Benchmark("SectionedDiff.100x1000.scattered (stdlib)") { benchmark in
        let (old, new) = scatteredSections(sections: 100, itemsPerSection: 1_000, seed: 42)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            // Pair sections by id as a caller of the stdlib would, then diff each pair.
            let oldByID = Dictionary(uniqueKeysWithValues: old.map { ($0.model, $0.items) })
            let sections = new.map(\.model).difference(from: old.map(\.model)).inferringMoves()
            var moves = moveCount(sections)
            for section in new {
                guard let oldItems = oldByID[section.model] else { continue }
                let items = section.items.difference(from: oldItems).inferringMoves()
                moves += moveCount(items)
                blackHole(items)
            }
            benchmark.measurement(movesMetric, moves)
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
            benchmark.measurement(movesMetric, moveCount(difference))
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

/// Moves in a `CollectionDifference` after `inferringMoves()`: each is an
/// insertion associated with a removal.
func moveCount<Element>(_ difference: CollectionDifference<Element>) -> Int {
    difference.insertions.reduce(0) { count, change in
        guard case .insert(_, _, let associated) = change, associated != nil else { return count }
        return count + 1
    }
}

/// Ids 0..<count with count/30 deletes, moves and inserts at random places.
func scatteredIDs(count: Int, seed: UInt64) -> (old: [Int], new: [Int]) {
    var random = SplitMix64(seed: seed)
    let old = Array(0 ..< count)
    return (old, scattered(old, edits: max(1, count / 30), nextID: count, using: &random))
}

func scatteredPosts(count: Int, seed: UInt64) -> (old: [Post], new: [Post]) {
    let (old, new) = scatteredIDs(count: count, seed: seed)
    let post = { (id: Int) in Post(id: id, title: "Post \(id)") }
    return (old.map(post), new.map(post))
}

func scatteredSections(sections: Int, itemsPerSection: Int, seed: UInt64)
    -> (old: [DiffSection<Int, Int>], new: [DiffSection<Int, Int>])
{
    var random = SplitMix64(seed: seed)
    let old = (0 ..< sections).map { s in
        DiffSection(model: s, items: Array(s * itemsPerSection ..< (s + 1) * itemsPerSection))
    }
    var nextID = sections * itemsPerSection
    var new = old.map { section in
        let items = scattered(section.items, edits: itemsPerSection / 30, nextID: nextID, using: &random)
        nextID += itemsPerSection / 30
        return DiffSection(model: section.model, items: items)
    }
    // 1% of all items move to another section.
    for _ in 0 ..< sections * itemsPerSection / 100 {
        let from = Int.random(in: 0 ..< new.count, using: &random)
        var to = Int.random(in: 0 ..< new.count - 1, using: &random)
        if to >= from { to += 1 }
        guard !new[from].items.isEmpty else { continue }
        let item = new[from].items.remove(at: Int.random(in: 0 ..< new[from].items.count, using: &random))
        new[to].items.insert(item, at: Int.random(in: 0 ... new[to].items.count, using: &random))
    }
    new.remove(at: Int.random(in: 0 ..< new.count, using: &random))
    let moved = new.remove(at: Int.random(in: 0 ..< new.count, using: &random))
    new.insert(moved, at: Int.random(in: 0 ... new.count, using: &random))
    let inserted = DiffSection(model: sections, items: Array(nextID ..< nextID + itemsPerSection))
    new.insert(inserted, at: Int.random(in: 0 ... new.count, using: &random))
    return (old, new)
}

/// `values` with `edits` deletes, `edits` single-element moves and `edits` new
/// ids from `nextID`, all at distinct random places. O(n log n): the moved and
/// new elements are dropped into random gaps of the survivors in one merge.
func scattered(_ values: [Int], edits: Int, nextID: Int, using random: inout SplitMix64) -> [Int] {
    var order = Array(values.indices)
    // The first `edits` shuffled indexes are deleted, the next `edits` moved.
    for k in 0 ..< min(2 * edits, order.count) {
        order.swapAt(k, Int.random(in: k ..< order.count, using: &random))
    }
    let deleted = Set(order.prefix(edits)), moved = Set(order.dropFirst(edits).prefix(edits))
    let survivors = values.indices.filter { !deleted.contains($0) && !moved.contains($0) }.map { values[$0] }
    let arriving = moved.sorted().map { values[$0] } + (nextID ..< nextID + edits)
    let landings = arriving.map { (gap: Int.random(in: 0 ... survivors.count, using: &random), value: $0) }
        .sorted { $0.gap < $1.gap }
    var result: [Int] = []
    result.reserveCapacity(survivors.count + landings.count)
    var next = 0
    for (gap, survivor) in survivors.enumerated() {
        while next < landings.count && landings[next].gap == gap {
            result.append(landings[next].value)
            next += 1
        }
        result.append(survivor)
    }
    result += landings[next...].map(\.value)
    return result
}
