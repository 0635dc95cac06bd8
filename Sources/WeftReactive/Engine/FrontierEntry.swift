/// A node waiting in the propagation frontier, ordered by rank and then by the
/// order in which it was scheduled, so that equal ranks run first-come, first-served.
///
/// The entry does not retain its node: a node that dies while scheduled cancels its
/// entry by `order` (see `PropagationEngine.finishWave`). So the entry is a plain
/// value, and neither scheduling nor the heap's moves retain or release.
struct FrontierEntry: Comparable {
    let rank: Int
    let order: UInt64
    let node: Unmanaged<AnyValueNode>

    static func < (lhs: FrontierEntry, rhs: FrontierEntry) -> Bool {
        lhs.rank != rhs.rank ? lhs.rank < rhs.rank : lhs.order < rhs.order
    }

    static func == (lhs: FrontierEntry, rhs: FrontierEntry) -> Bool {
        lhs.rank == rhs.rank && lhs.order == rhs.order
    }
}
