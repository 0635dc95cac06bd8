/// The nodes a spec names so far, by address. A cell names a dozen: looking
/// through the elements numbered so far costs less than hashing into a set, which
/// takes over past 32 nodes.
struct _NameSet {
    private var count = 0
    private var large: Set<UnsafeMutableRawPointer>?

    /// Adds the node at `address`, unless one of `elements` already names it;
    /// returns whether it was new.
    mutating func insert(_ address: UnsafeMutableRawPointer, among elements: UnsafeBufferPointer<_SpecElement>) -> Bool {
        if large != nil { return large!.insert(address).inserted }
        if elements.contains(where: { $0.nodeAddress == address }) { return false }
        count += 1
        if count > 32 { large = Set(elements.lazy.compactMap(\.nodeAddress)).union([address]) }
        return true
    }
}
