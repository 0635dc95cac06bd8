/// The nodes a spec names so far, by address. A cell names a dozen: looking
/// through a few addresses side by side costs less than hashing into a set, which
/// takes over past 32 nodes.
struct _NameSet {
    /// The addresses so far, in memory the resolver took for the call.
    private let addresses: UnsafeMutableBufferPointer<UnsafeMutableRawPointer>
    private var count = 0
    private var large: Set<UnsafeMutableRawPointer>?

    init(addresses: UnsafeMutableBufferPointer<UnsafeMutableRawPointer>) {
        self.addresses = addresses
    }

    /// Adds the node at `address` unless it is in the set already; returns
    /// whether it was new.
    mutating func insert(_ address: UnsafeMutableRawPointer) -> Bool {
        if large != nil { return large!.insert(address).inserted }
        for index in 0 ..< count where addresses[index] == address { return false }
        precondition(count < addresses.count, "a spec names more nodes than it has elements")
        addresses.initializeElement(at: count, to: address)
        count += 1
        if count > 32 { large = Set(addresses[..<count]) }
        return true
    }
}
