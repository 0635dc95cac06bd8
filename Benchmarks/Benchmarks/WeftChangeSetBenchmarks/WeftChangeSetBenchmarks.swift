import Benchmark
import BenchmarkSupport
import WeftChangeSet
import WeftDiff

/// Validate and normalize batches of 1k and 10k mixed edits over 100 sections of 1,000
/// items: Weft's strict validation against a model of Texture's change set (moves split
/// into delete + insert, item reloads placed through a full per-section integer map,
/// per-section validation scanning every edit), both in the same run.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(2)
    )
    for editCount in [1_000, 10_000] {
        let label = editCount == 1_000 ? "1k" : "10k"
        let batch = MixedBatch(editCount: editCount, seed: 42)
        Benchmark("ChangeSet.validate.\(label)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try batch.changeSet.completed(newItemCounts: batch.newCounts))
            }
        }
        Benchmark("ChangeSet.validate.\(label) (Texture model)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(TextureChangeSetModel.validate(batch))
            }
        }
    }

    // 100 sections x 1,000 items, ~10% of items deleted, inserted, updated or moved
    // (1% across sections): the batch from a diff, beside the diff alone.
    let (old, new) = snapshots(seed: 7)
    Benchmark("ChangeSet.fromDiff.100k") { benchmark in
        for _ in benchmark.scaledIterations {
            let changes = ChangeSet(diffing: old, to: new)
            blackHole(try changes.completed(newItemCounts: new.map(\.items.count)))
        }
    }
    Benchmark("ChangeSet.fromDiff.100k (diff only)") { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(SectionedDiff(from: old, to: new))
        }
    }
}

func snapshots(seed: UInt64) -> (old: [DiffSection<Int, Int>], new: [DiffSection<Int, Int>]) {
    var random = SplitMix64(seed: seed)
    var nextID = 0
    var old: [DiffSection<Int, Int>] = []
    for s in 0 ..< 100 {
        old.append(DiffSection(model: s, items: Array(nextID ..< nextID + 1_000)))
        nextID += 1_000
    }
    var new = old
    for s in new.indices {
        // Int items are their own content, so an "update" is a replacement here.
        new[s].items.removeAll { _ in Int.random(in: 0 ..< 30, using: &random) == 0 }
        for _ in 0 ..< 33 {
            new[s].items.insert(nextID, at: Int.random(in: 0 ... new[s].items.count, using: &random))
            nextID += 1
        }
        for _ in 0 ..< 33 {
            let item = new[s].items.remove(at: Int.random(in: 0 ..< new[s].items.count, using: &random))
            new[s].items.insert(item, at: Int.random(in: 0 ... new[s].items.count, using: &random))
        }
    }
    for _ in 0 ..< 1_000 {
        let from = Int.random(in: 0 ..< 100, using: &random), to = Int.random(in: 0 ..< 100, using: &random)
        let item = new[from].items.remove(at: Int.random(in: 0 ..< new[from].items.count, using: &random))
        new[to].items.insert(item, at: Int.random(in: 0 ... new[to].items.count, using: &random))
    }
    return (old, new)
}

/// A strictly valid batch: reloads in sections 0..<25, deletes, inserts and moves
/// (across sections too) in sections 25..<100, each at a distinct place.
struct MixedBatch {
    let oldCounts = Array(repeating: 1_000, count: 100)
    let newCounts: [Int]
    let deletes: [IndexPath], inserts: [IndexPath], reloads: [IndexPath]
    let moves: [(from: IndexPath, to: IndexPath)]
    let changeSet: ChangeSet

    init(editCount: Int, seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let quarter = editCount / 4
        var used = Set<IndexPath>()
        func freshOldPath(in sections: Range<Int>) -> IndexPath {
            while true {
                let p = IndexPath(item: Int.random(in: 0 ..< 1_000, using: &random),
                                  section: Int.random(in: sections, using: &random))
                if used.insert(p).inserted { return p }
            }
        }
        let reloads = (0 ..< quarter).map { _ in freshOldPath(in: 0 ..< 25) }
        let deletes = (0 ..< quarter).map { _ in freshOldPath(in: 25 ..< 100) }
        let moveSources = (0 ..< quarter).map { _ in freshOldPath(in: 25 ..< 100) }
        let moveTargets = (0 ..< quarter).map { _ in Int.random(in: 25 ..< 100, using: &random) }
        let insertSections = (0 ..< quarter).map { _ in Int.random(in: 25 ..< 100, using: &random) }
        var newCounts = oldCounts
        for p in deletes + moveSources { newCounts[p.section] -= 1 }
        for s in moveTargets + insertSections { newCounts[s] += 1 }
        // Arrivals take distinct new positions; survivors fill the rest.
        var taken: [Int: Set<Int>] = [:]
        func freshNewPath(in section: Int) -> IndexPath {
            while true {
                let item = Int.random(in: 0 ..< newCounts[section], using: &random)
                if taken[section, default: []].insert(item).inserted { return IndexPath(item: item, section: section) }
            }
        }
        let moves = zip(moveSources, moveTargets).map { ($0, freshNewPath(in: $1)) }
        let inserts = insertSections.map { freshNewPath(in: $0) }
        var changeSet = ChangeSet(oldItemCounts: oldCounts)
        changeSet.reloadItems(at: reloads)
        changeSet.deleteItems(at: deletes)
        changeSet.insertItems(at: inserts)
        for move in moves { changeSet.moveItem(at: move.0, to: move.1) }
        (self.newCounts, self.deletes, self.inserts, self.reloads) = (newCounts, deletes, inserts, reloads)
        self.moves = moves.map { (from: $0.0, to: $0.1) }
        self.changeSet = changeSet
    }
}

/// Texture's `_ASHierarchyChangeSet` completion, modelled: moves become delete + insert,
/// reloads are placed through an integer map over every item of their section, changes
/// are sorted and coalesced, then each old section is validated by scanning all changes.
enum TextureChangeSetModel {
    static func validate(_ batch: MixedBatch) -> Bool {
        let deletes = batch.deletes + batch.moves.map(\.from)
        let inserts = batch.inserts + batch.moves.map(\.to)
        // Item maps per section, built over the whole section as ASIntegerMap does.
        var maps: [Int: [Int: Int]] = [:]
        func newPath(forOld p: IndexPath) -> IndexPath? {
            if maps[p.section] == nil {
                let deleted = Set(deletes.filter { $0.section == p.section }.map(\.item))
                let inserted = Set(inserts.filter { $0.section == p.section }.map(\.item))
                var map: [Int: Int] = [:]
                var next = 0
                for old in 0 ..< batch.oldCounts[p.section] where !deleted.contains(old) {
                    while inserted.contains(next) { next += 1 }
                    map[old] = next
                    next += 1
                }
                maps[p.section] = map
            }
            return maps[p.section]![p.item].map { IndexPath(item: $0, section: p.section) }
        }
        let reloadInserts = batch.reloads.compactMap(newPath(forOld:))
        let finalDeletes = (deletes + batch.reloads).sorted(by: >)
        let finalInserts = (inserts + reloadInserts).sorted()
        for p in finalDeletes where p.item >= batch.oldCounts[p.section] { return false }
        for p in finalInserts where p.item >= batch.newCounts[p.section] { return false }
        for section in batch.oldCounts.indices {
            let deleted = deletes.lazy.filter { $0.section == section }.count
            let inserted = inserts.lazy.filter { $0.section == section }.count
            let reloaded = Set(batch.reloads.filter { $0.section == section })
            if deletes.contains(where: { reloaded.contains($0) }) { return false }
            if batch.newCounts[section] != batch.oldCounts[section] + inserted - deleted { return false }
        }
        return true
    }
}
