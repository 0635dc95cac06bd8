public import WeftCore
public import WeftDiff

/// The diff benchmarks' input, generated from a seed so that every run diffs
/// the same lists.
///
/// Scenario "scattered": ids 0..<n, then n/30 deletes, n/30 single-element moves
/// and n/30 inserts of new ids, each at a random place. Sectioned: sections with
/// that scenario inside each, 1% of all items moved to another section, and one
/// section deleted, one inserted and one moved.
public enum DiffScenario {
    /// Ids 0..<count with count/30 deletes, moves and inserts at random places.
    public static func scatteredIDs(count: Int, seed: UInt64) -> (old: [Int], new: [Int]) {
        var random = SplitMix64(seed: seed)
        let old = Array(0 ..< count)
        return (old, scattered(old, edits: max(1, count / 30), nextID: count, using: &random))
    }

    /// `ids` spelled as URLs of 22 to 24 characters: text identities too long
    /// for Swift's inline small strings, as server ids usually are.
    public static func spelledAsURLs(_ ids: [Int]) -> [String] {
        ids.map { "https://ex.com/p/\(100_000 + $0)" }
    }

    /// `sections` sections of `itemsPerSection` ids, each with the scattered
    /// scenario inside it, and the section and cross-section edits on top.
    public static func scatteredSections(sections: Int, itemsPerSection: Int, seed: UInt64)
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
    public static func scattered(_ values: [Int], edits: Int, nextID: Int, using random: inout SplitMix64) -> [Int] {
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
}
