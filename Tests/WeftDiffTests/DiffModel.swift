import Testing
import Foundation
import WeftDiff
import WeftTestSupport

extension DiffModel {
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
