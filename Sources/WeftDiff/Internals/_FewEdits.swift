public import Foundation
public import WeftCore

/// The diff of two snapshots that differ by a few item edits, found without
/// hashing: Myers' greedy algorithm, section by section, with `==` alone.
///
/// Why: a diffable data source's update usually touches a handful of items in
/// a large snapshot, and hashing every identifier twice (SipHash for anything
/// that is not an integer, text or a UUID) was most of the cost, where
/// `CollectionDifference` compares elements and stops. With unique
/// identifiers, Myers' search costs O(*n* + *d*²) for *d* inserts and
/// deletes; it gives up past ``editLimit`` edits or a work budget linear in
/// the items (repeated identifiers can make it O(*n d*)), and the caller then
/// runs the hashing diff. The result keeps a longest common subsequence of
/// each section's items, as the hashing diff does, so the moves are as few;
/// which of several equally long ones it keeps may differ.
@usableFromInline
enum _FewEdits {
    /// The most inserts and deletes (a move counts two) tried before giving up.
    @usableFromInline static let editLimit = 64

    /// Snapshots with fewer items, old and new together, go to the hashing
    /// diff directly: it is cheap there.
    @usableFromInline static let minimumItemCount = 2_048

    /// The item edits between snapshots whose sections are the same, in the
    /// same order, and whose items differ by at most ``editLimit`` inserts and
    /// deletes in all; `nil` otherwise. A deleted and an inserted item of the
    /// same identity become a move.
    ///
    /// - Complexity: O(*n* + *d*²) comparisons for *n* items and *d* edits with
    ///   unique identifiers; at most about 4 *n* + 4,096 before giving up.
    @inlinable
    static func edits<SectionID: Equatable, ItemID: Hashable>(
        _ oldSections: [SectionID], _ oldItems: [[ItemID]], _ newSections: [SectionID], _ newItems: [[ItemID]],
        itemCount: Int
    ) -> (deletes: [IndexPath], inserts: [IndexPath], moves: [DiffMove<IndexPath>])? {
        guard itemCount >= minimumItemCount, oldSections == newSections else { return nil }
        var work = 4 * itemCount + 4_096
        var edits = editLimit
        var deletes: [IndexPath] = [], inserts: [IndexPath] = []
        for s in oldItems.indices {
            let found = oldItems[s].withUnsafeBufferPointer { old in
                newItems[s].withUnsafeBufferPointer { new in
                    script(old, new, section: s, edits: &edits, work: &work, deletes: &deletes, inserts: &inserts)
                }
            }
            guard found else { return nil }
        }
        // A deleted and an inserted item of one identity pair as a move; with
        // repeated identifiers any pairing of the leftovers is as good.
        var deleted: [ItemID: [Int]] = [:]
        for (k, path) in deletes.enumerated() { deleted[oldItems[path.section][path.item], default: []].append(k) }
        var moves: [DiffMove<IndexPath>] = [], inserted: [IndexPath] = []
        var movedFrom = Set<Int>()
        for path in inserts {
            let item = newItems[path.section][path.item]
            if let k = deleted[item]?.first {
                deleted[item]!.removeFirst()
                movedFrom.insert(k)
                moves.append(DiffMove(from: deletes[k], to: path))
            } else {
                inserted.append(path)
            }
        }
        return (deletes.indices.filter { !movedFrom.contains($0) }.map { deletes[$0] }, inserted, moves)
    }

    /// Appends the deletes and inserts that turn `old` into `new` (one
    /// section's items), the fewest by Myers' greedy search, and returns
    /// `true`; `false` once `edits` or `work` runs out.
    @inlinable
    static func script<ItemID: Equatable>(
        _ old: UnsafeBufferPointer<ItemID>, _ new: UnsafeBufferPointer<ItemID>, section: Int,
        edits: inout Int, work: inout Int, deletes: inout [IndexPath], inserts: inout [IndexPath]
    ) -> Bool {
        // The common ends cost one comparison an item and no search.
        var start = 0
        while start < old.count && start < new.count && old[start] == new[start] { start += 1 }
        var oldEnd = old.count, newEnd = new.count
        while oldEnd > start && newEnd > start && old[oldEnd - 1] == new[newEnd - 1] {
            oldEnd -= 1
            newEnd -= 1
        }
        work -= start + old.count - oldEnd
        let n = oldEnd - start, m = newEnd - start
        if n + m == 0 { return true }
        let limit = min(edits, n + m)
        // furthest[k + offset]: the furthest old index reached on diagonal k
        // (old index minus new index) with the edits so far; `trace` keeps its
        // span before each round, for the walk back.
        let offset = limit + 1
        var furthest = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [Int] = []
        var found = -1
        search: for d in 0 ... limit {
            trace.append(contentsOf: furthest[(offset - d - 1) ... (offset + d + 1)])
            for k in stride(from: -d, through: d, by: 2) {
                // Down from diagonal k + 1 (an insert) or right from k - 1 (a delete).
                let down = k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
                let entry = down ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                var x = entry, y = entry - k
                while x < n && y < m && old[start + x] == new[start + y] {
                    x += 1
                    y += 1
                }
                work -= 1 + x - entry
                furthest[offset + k] = x
                if x >= n && y >= m {
                    found = d
                    break search
                }
            }
            if work < 0 { return false }
        }
        guard found >= 0 else { return false }
        edits -= found
        // Walk back from (n, m): each round stepped right (a delete) or down
        // (an insert) from the diagonal it came from, then slid along a snake.
        var x = n, y = m
        var sectionDeletes: [Int] = [], sectionInserts: [Int] = []
        for d in stride(from: found, to: 0, by: -1) {
            // Rounds 0 ..< d saved 2j + 3 values each, d² + 2d in all; round d's
            // span covers diagonals -d - 1 ... d + 1.
            let base = d * d + 2 * d + d + 1
            let saved = { (k: Int) in trace[base + k] }
            let k = x - y
            let down = k == -d || (k != d && saved(k - 1) < saved(k + 1))
            let previous = down ? k + 1 : k - 1
            let previousX = saved(previous)
            let previousY = previousX - previous
            if down { sectionInserts.append(start + previousY) } else { sectionDeletes.append(start + previousX) }
            x = previousX
            y = previousY
        }
        for item in sectionDeletes.reversed() { deletes.append(IndexPath(item: item, section: section)) }
        for item in sectionInserts.reversed() { inserts.append(IndexPath(item: item, section: section)) }
        return true
    }
}
