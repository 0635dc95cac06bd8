#if WEFT_INTERNAL_CHECKS
/// The checks behind `_checkInvariants()`: what every flat level of a diff
/// (a list, or the sections of a sectioned diff) must satisfy.
enum _EditInvariants {
    /// Traps unless deletes and inserts ascend strictly and lie in range, the
    /// counts balance, and moves and updates ascend by `to`, lie in range and
    /// touch no deleted or inserted index.
    static func check(
        oldCount: Int, newCount: Int, deletes: [Int], inserts: [Int],
        moves: [DiffMove<Int>], updates: [DiffUpdate<Int>], what: String
    ) {
        precondition(isAscending(deletes, below: oldCount), "\(what): deletes \(deletes) not ascending in 0..<\(oldCount)")
        precondition(isAscending(inserts, below: newCount), "\(what): inserts \(inserts) not ascending in 0..<\(newCount)")
        precondition(
            oldCount - deletes.count == newCount - inserts.count,
            "\(what): \(oldCount) old - \(deletes.count) deletes != \(newCount) new - \(inserts.count) inserts")
        let deleted = Set(deletes), inserted = Set(inserts)
        precondition(isAscending(moves.map(\.to), below: newCount), "\(what): moves not ascending by destination")
        precondition(Set(moves.map(\.from)).count == moves.count, "\(what): two moves from one index")
        for move in moves {
            precondition(
                (0 ..< oldCount).contains(move.from) && !deleted.contains(move.from) && !inserted.contains(move.to),
                "\(what): \(move) starts at a deleted index or ends at an inserted one")
        }
        precondition(isAscending(updates.map(\.to), below: newCount), "\(what): updates not ascending by destination")
        for update in updates {
            precondition(
                (0 ..< oldCount).contains(update.from) && !deleted.contains(update.from)
                    && !inserted.contains(update.to),
                "\(what): \(update) names a deleted or an inserted index")
        }
    }

    static func isAscending(_ values: [Int], below limit: Int) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { $0 < $1 } && values.allSatisfy { (0 ..< limit).contains($0) }
    }
}
#endif
