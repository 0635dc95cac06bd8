/// A node waiting in the propagation frontier, ordered by rank and then by the
/// order in which it was scheduled, so that equal ranks run first-come, first-served.
struct FrontierEntry: Comparable {
    let rank: Int
    let order: UInt64
    let node: AnyValueNode

    static func < (lhs: FrontierEntry, rhs: FrontierEntry) -> Bool {
        lhs.rank != rhs.rank ? lhs.rank < rhs.rank : lhs.order < rhs.order
    }

    static func == (lhs: FrontierEntry, rhs: FrontierEntry) -> Bool {
        lhs.rank == rhs.rank && lhs.order == rhs.order
    }
}
