/// Turns identities into the 64-bit hashes the C core matches on.
///
/// Integer identities are passed as their own bits: equal bits are equal
/// identities, so the core needs no equality callback, and dense ids keep
/// their order in its table. Every other identity passes its `hashValue`, and
/// the core confirms each hash match with `==`.
@usableFromInline
enum _IdentityHash {
    /// Whether equal bits of ``bits(of:exact:)`` mean equal identities of type `ID`.
    ///
    /// - Complexity: O(1); constant-folded where the caller is specialized.
    @inlinable
    static func isExact<ID>(_: ID.Type) -> Bool {
        ID.self == Int.self || ID.self == UInt.self || ID.self == Int64.self
            || ID.self == UInt64.self || ID.self == Int32.self || ID.self == UInt32.self
    }

    /// The 64-bit hash of `id`; its own bits when `exact` (see ``isExact(_:)``).
    ///
    /// - Complexity: O(1) for integers; one `hashValue` otherwise.
    @inlinable @inline(__always)
    static func bits<ID: Hashable>(of id: ID, exact: Bool) -> UInt64 {
        if exact {
            if ID.self == Int.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self))) }
            if ID.self == UInt.self { return UInt64(unsafeBitCast(id, to: UInt.self)) }
            if ID.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)) }
            if ID.self == UInt64.self { return unsafeBitCast(id, to: UInt64.self) }
            if ID.self == Int32.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int32.self))) }
            if ID.self == UInt32.self { return UInt64(unsafeBitCast(id, to: UInt32.self)) }
        }
        return UInt64(bitPattern: Int64(id.hashValue))
    }
}
