/// A node waiting in the propagation frontier, ordered by rank and then by the
/// order in which it was scheduled, so that equal ranks run first-come, first-served.
///
/// The entry owns one reference to its node, taken when it is scheduled and given
/// back after the node is evaluated, so that nothing frees a scheduled node. It is
/// `Unmanaged` so that the entry is a plain value and the heap moves it without
/// retaining and releasing.
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
