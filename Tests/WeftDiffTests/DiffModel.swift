import Testing
import Foundation
import WeftDiff
import WeftTestSupport

/// A deliberately simple model of what a diff must report, to check WeftDiff
/// against: pairing by scanning (quadratic), the optimal move count by the
/// textbook O(k²) longest-increasing-subsequence recurrence, and UIKit's
/// rules for sections written out by hand.
enum DiffModel {
    /// For each new element, the old element it pairs with: the first old
    /// element of equal identity not taken by an earlier new element.
    static func pairing<ID: Equatable>(old: [ID], new: [ID]) -> [Int?] {
        var taken = [Bool](repeating: false, count: old.count)
        return new.map { id in
            guard let i = old.indices.first(where: { !taken[$0] && old[$0] == id }) else { return nil }
            taken[i] = true
            return i
        }
    }

    /// Length of a longest strictly increasing subsequence, by the O(k²) recurrence.
    static func longestIncreasingLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for p in values.indices {
            for q in 0 ..< p where values[q] < values[p] { best[p] = max(best[p], best[q] + 1) }
        }
        return best.max() ?? 0
    }

    /// The fewest moves for `pairing`: pairs minus a longest increasing run of their old indexes.
    static func minimalMoveCount(_ pairing: [Int?]) -> Int {
        let matched = pairing.compactMap { $0 }
        return matched.count - longestIncreasingLength(matched)
    }

    /// The pairing a diff's edits imply when applied as one batch update.
    static func pairing(deletes: [Int], inserts: [Int], moves: [(from: Int, to: Int)], oldCount: Int, newCount: Int)
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
    static func pairing<E>(of diff: Diff<E>) -> [Int?] {
        pairing(
            deletes: diff.deletes, inserts: diff.inserts, moves: diff.moves.map { ($0.from, $0.to) },
            oldCount: diff.oldCount, newCount: diff.newCount)
    }
}

/// A list element with an identity and a version for its content.
struct Entry: Diffable, Equatable, CustomStringConvertible {
    var id: Int
    var version: Int
    var diffIdentifier: Int { id }
    func isContentEqual(to other: Entry) -> Bool { version == other.version }
    var description: String { "\(id)v\(version)" }
}

/// The same, with an identity whose hash always collides.
struct CollidingEntry: Diffable, Equatable {
    var id: ConstantHashID
    var version: Int
    var diffIdentifier: ConstantHashID { id }
    func isContentEqual(to other: CollidingEntry) -> Bool { version == other.version }
}

/// The same, with a `String` identity (hashed, confirmed by `==`).
struct NamedEntry: Diffable, Equatable {
    var name: String
    var version: Int
    var diffIdentifier: String { name }
    func isContentEqual(to other: NamedEntry) -> Bool { version == other.version }
}

extension DiffModel {
    /// ``pairing(old:new:)`` in linear time, for inputs too large to scan:
    /// a queue of old indexes per identity, taken in order.
    static func linearPairing<ID: Hashable>(old: [ID], new: [ID]) -> [Int?] {
        var queues: [ID: (indexes: [Int], next: Int)] = [:]
        for (i, id) in old.enumerated() { queues[id, default: ([], 0)].indexes.append(i) }
        return new.map { id in
            guard let queue = queues[id], queue.next < queue.indexes.count else { return nil }
            queues[id]!.next += 1
            return queue.indexes[queue.next]
        }
    }

    /// ``longestIncreasingLength(_:)`` in O(k log k), for large inputs.
    static func patienceLength(_ values: [Int]) -> Int {
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

    /// Checks `diff` against the model for `old` and `new`: the same pairing,
    /// exactly the unpaired elements deleted and inserted, the fewest moves,
    /// exactly the changed pairs updated, and `applied(to:)` giving `new`.
    static func expectExact<E: Diffable & Equatable>(
        _ diff: Diff<E>, old: [E], new: [E], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        diff._checkInvariants()
        let oldIDs = old.map(\.diffIdentifier), newIDs = new.map(\.diffIdentifier)
        let small = old.count * new.count <= 250_000
        let expected = small ? pairing(old: oldIDs, new: newIDs) : linearPairing(old: oldIDs, new: newIDs)
        let matched = expected.compactMap { $0 }
        let kept = small ? longestIncreasingLength(matched) : patienceLength(matched)
        let pairedOld = Set(matched)

        #expect(pairing(of: diff) == expected, "pairing", sourceLocation: sourceLocation)
        #expect(diff.deletes == old.indices.filter { !pairedOld.contains($0) }, "deletes", sourceLocation: sourceLocation)
        #expect(diff.inserts == new.indices.filter { expected[$0] == nil }, "inserts", sourceLocation: sourceLocation)
        #expect(diff.moves.count == matched.count - kept, "move count", sourceLocation: sourceLocation)
        let updates = new.indices.compactMap { j in
            expected[j].flatMap { old[$0].isContentEqual(to: new[j]) ? nil : DiffUpdate(from: $0, to: j) }
        }
        #expect(diff.updates == updates, "updates", sourceLocation: sourceLocation)
        #expect(diff.applied(to: old) == new, "applied(to:)", sourceLocation: sourceLocation)
    }
}
