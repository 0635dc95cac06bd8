import Testing
import Foundation
import WeftDiff
import WeftTestSupport

extension DiffModel {
    /// Checks `diff` against the model for `old` and `new`: every pair joins
    /// equal identities, as many pairs as the identities allow, exactly the
    /// unpaired elements deleted and inserted, the fewest moves any pairing
    /// allows, exactly the changed pairs updated, and `applied(to:)` giving `new`.
    ///
    /// With repeated identities several pairings are optimal, so the pairing
    /// is read from the diff and its properties checked; the fewest moves come
    /// from a longest common subsequence where its table is affordable (up to
    /// 4M cells), and must at least match pairing in order of occurrence
    /// elsewhere.
    static func expectExact<E: Diffable & Equatable>(
        _ diff: Diff<E>, old: [E], new: [E], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        diff._checkInvariants()
        let oldIDs = old.map(\.diffIdentifier), newIDs = new.map(\.diffIdentifier)
        let small = old.count * new.count <= 250_000
        let implied = pairing(of: diff)
        let matched = implied.compactMap { $0 }
        let kept = small ? longestIncreasingLength(matched) : patienceLength(matched)
        let pairedOld = Set(matched)

        #expect(
            implied.indices.allSatisfy { j in implied[j].map { oldIDs[$0] == newIDs[j] } ?? true },
            "pairs join equal identities", sourceLocation: sourceLocation)
        #expect(matched.count == maximalPairCount(old: oldIDs, new: newIDs), "pair count", sourceLocation: sourceLocation)
        #expect(diff.deletes == old.indices.filter { !pairedOld.contains($0) }, "deletes", sourceLocation: sourceLocation)
        #expect(diff.inserts == new.indices.filter { implied[$0] == nil }, "inserts", sourceLocation: sourceLocation)
        #expect(diff.moves.count == matched.count - kept, "move count", sourceLocation: sourceLocation)
        if old.count * new.count <= 4_000_000 {
            let best = longestCommonSubsequenceLength(oldIDs[...], newIDs[...])
            #expect(kept == best, "fewest moves", sourceLocation: sourceLocation)
        } else {
            let inOrder = patienceLength(linearPairing(old: oldIDs, new: newIDs).compactMap { $0 })
            #expect(kept >= inOrder, "no more moves than pairing in order", sourceLocation: sourceLocation)
        }
        let updates = new.indices.compactMap { j in
            implied[j].flatMap { old[$0].isContentEqual(to: new[j]) ? nil : DiffUpdate(from: $0, to: j) }
        }
        #expect(diff.updates == updates, "updates", sourceLocation: sourceLocation)
        #expect(diff.applied(to: old) == new, "applied(to:)", sourceLocation: sourceLocation)
    }
}
