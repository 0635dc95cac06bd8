import WeftDiff

/// A deliberately simple model of what a diff must report, to check WeftDiff
/// against: pairing by scanning (quadratic), the optimal move count by the
/// textbook O(k²) longest-increasing-subsequence recurrence, and UIKit's
/// rules for sections written out by hand.
public enum DiffModel {
    /// For each new element, the old element it pairs with: the first old
    /// element of equal identity not taken by an earlier new element.
    public static func pairing<ID: Equatable>(old: [ID], new: [ID]) -> [Int?] {
        var taken = [Bool](repeating: false, count: old.count)
        return new.map { id in
            guard let i = old.indices.first(where: { !taken[$0] && old[$0] == id }) else { return nil }
            taken[i] = true
            return i
        }
    }

    /// Length of a longest strictly increasing subsequence, by the O(k²) recurrence.
    public static func longestIncreasingLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for p in values.indices {
            for q in 0 ..< p where values[q] < values[p] { best[p] = max(best[p], best[q] + 1) }
        }
        return best.max() ?? 0
    }

    /// The fewest moves for `pairing`: pairs minus a longest increasing run of their old indexes.
    public static func minimalMoveCount(_ pairing: [Int?]) -> Int {
        let matched = pairing.compactMap { $0 }
        return matched.count - longestIncreasingLength(matched)
    }

    /// The pairing a diff's edits imply when applied as one batch update.
    public static func pairing(deletes: [Int], inserts: [Int], moves: [(from: Int, to: Int)], oldCount: Int, newCount: Int)
        -> [Int?]
    {
        var leaves = [Bool](repeating: false, count: oldCount)
        var result = [Int?](repeating: nil, count: newCount)
        var fixed = [Bool](repeating: false, count: newCount)
        for i in deletes { leaves[i] = true }
        for j in inserts { fixed[j] = true }
        for move in moves {
            leaves[move.from] = true
            fixed[move.to] = true
            result[move.to] = move.from
        }
        var i = 0
        for j in 0 ..< newCount where !fixed[j] {
            while leaves[i] { i += 1 }
            result[j] = i
            i += 1
        }
        return result
    }

    /// The pairing a list diff implies.
    public static func pairing<E>(of diff: Diff<E>) -> [Int?] {
        pairing(
            deletes: diff.deletes, inserts: diff.inserts, moves: diff.moves.map { ($0.from, $0.to) },
            oldCount: diff.oldCount, newCount: diff.newCount)
    }
}


/// A list element with an identity and a version for its content.
public struct Entry: Diffable, Hashable, Sendable, CustomStringConvertible {
    public var id: Int
    public var version: Int

    public init(id: Int, version: Int) {
        self.id = id
        self.version = version
    }

    public var diffIdentifier: Int { id }
    public func isContentEqual(to other: Entry) -> Bool { version == other.version }
    public var description: String { "\(id)v\(version)" }
}

/// The same, with an identity whose hash always collides.
public struct CollidingEntry: Diffable, Equatable, Sendable {
    public var id: ConstantHashID
    public var version: Int

    public init(id: ConstantHashID, version: Int) {
        self.id = id
        self.version = version
    }

    public var diffIdentifier: ConstantHashID { id }
    public func isContentEqual(to other: CollidingEntry) -> Bool { version == other.version }
}

/// The same, with a `String` identity (hashed, confirmed by `==`).
public struct NamedEntry: Diffable, Equatable, Sendable {
    public var name: String
    public var version: Int

    public init(name: String, version: Int) {
        self.name = name
        self.version = version
    }

    public var diffIdentifier: String { name }
    public func isContentEqual(to other: NamedEntry) -> Bool { version == other.version }
}

extension DiffModel {
    /// ``pairing(old:new:)`` in linear time, for inputs too large to scan:
    /// a queue of old indexes per identity, taken in order.
    public static func linearPairing<ID: Hashable>(old: [ID], new: [ID]) -> [Int?] {
        var queues: [ID: (indexes: [Int], next: Int)] = [:]
        for (i, id) in old.enumerated() { queues[id, default: ([], 0)].indexes.append(i) }
        return new.map { id in
            guard let queue = queues[id], queue.next < queue.indexes.count else { return nil }
            queues[id]!.next += 1
            return queue.indexes[queue.next]
        }
    }

    /// How many pairs the identities allow: per identity, the smaller of its
    /// old and new occurrence counts.
    public static func maximalPairCount<ID: Hashable>(old: [ID], new: [ID]) -> Int {
        var counts: [ID: (old: Int, new: Int)] = [:]
        for id in old { counts[id, default: (0, 0)].old += 1 }
        for id in new { counts[id, default: (0, 0)].new += 1 }
        return counts.values.reduce(0) { $0 + min($1.old, $1.new) }
    }

    /// Length of a longest common subsequence, by the O(n x m) table: the most
    /// elements that can keep their places, so a diff needs at least
    /// pairs minus this many moves.
    public static func longestCommonSubsequenceLength<ID: Equatable>(_ old: ArraySlice<ID>, _ new: ArraySlice<ID>) -> Int {
        var previous = [Int](repeating: 0, count: new.count + 1)
        var current = previous
        for a in old {
            for (k, b) in new.enumerated() {
                current[k + 1] = a == b ? previous[k] + 1 : max(previous[k + 1], current[k])
            }
            swap(&previous, &current)
        }
        return previous[new.count]
    }

    /// ``longestIncreasingLength(_:)`` in O(k log k), for large inputs.
    public static func patienceLength(_ values: [Int]) -> Int {
        var piles: [Int] = []
        for value in values {
            var lo = 0, hi = piles.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if piles[mid] < value { lo = mid + 1 } else { hi = mid }
            }
            if lo == piles.count { piles.append(value) } else { piles[lo] = value }
        }
        return piles.count
    }

}
