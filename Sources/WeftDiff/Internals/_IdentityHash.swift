public import Foundation

/// Turns identities into the 64-bit hashes the C core matches on.
///
/// Integer identities are passed as their own bits: equal bits are equal
/// identities, so the core needs no equality callback, and dense ids keep
/// their order in its table. Text and UUIDs are hashed from their bytes in
/// the C core, several times faster than Swift's `hashValue`; every other
/// identity passes its `hashValue`. Except for integers, the core confirms
/// each hash match with `==`.
@usableFromInline
enum _IdentityHash {
    /// How the identities of one type become hashes.
    @usableFromInline
    enum Method {
        /// Integers: their own bits, which are the identity.
        case exact
        /// `String` and `Substring`: their UTF-8 bytes, hashed in C. Equal bytes
        /// are equal text only while the text is ASCII (elsewhere `==` sees
        /// canonically equivalent forms as equal), so a diff that meets other
        /// text hashes it all with ``hashValue`` instead (see ``mustRehash(_:_:)``).
        case text
        /// `UUID`: its 16 bytes, hashed in C.
        case uuid
        /// Anything else: `hashValue`.
        case hashValue
    }

    /// The method for identities of type `ID`.
    ///
    /// - Complexity: O(1); constant-folded where the caller is specialized.
    @inlinable
    static func method<ID>(for _: ID.Type) -> Method {
        if ID.self == Int.self || ID.self == UInt.self || ID.self == Int64.self || ID.self == UInt64.self
            || ID.self == Int32.self || ID.self == UInt32.self
        {
            return .exact
        }
        if ID.self == String.self || ID.self == Substring.self { return .text }
        if ID.self == UUID.self { return .uuid }
        return .hashValue
    }

    /// The 64-bit hash of `id` by `method`; for text, ORs the high bits of its
    /// bytes into `highBits`.
    ///
    /// - Complexity: O(1) for integers and UUIDs; O(length) for text; one
    ///   `hashValue` otherwise.
    @inlinable @inline(__always)
    static func bits<ID: Hashable>(of id: ID, _ method: Method, _ highBits: inout UInt8) -> UInt64 {
        switch method {
        case .exact:
            if ID.self == Int.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self))) }
            if ID.self == UInt.self { return UInt64(unsafeBitCast(id, to: UInt.self)) }
            if ID.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)) }
            if ID.self == UInt64.self { return unsafeBitCast(id, to: UInt64.self) }
            if ID.self == Int32.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int32.self))) }
            if ID.self == UInt32.self { return UInt64(unsafeBitCast(id, to: UInt32.self)) }
        case .text:
            if ID.self == String.self { return CDiff.hash(text: unsafeBitCast(id, to: String.self), highBits: &highBits) }
            if ID.self == Substring.self {
                return CDiff.hash(text: unsafeBitCast(id, to: Substring.self), highBits: &highBits)
            }
        case .uuid:
            if ID.self == UUID.self { return CDiff.hash(uuid: unsafeBitCast(id, to: UUID.self)) }
        case .hashValue:
            break
        }
        return UInt64(bitPattern: Int64(id.hashValue))
    }

    /// Whether hashes made by `method` must be made again with ``Method/hashValue``:
    /// true when the text hashed was not all ASCII.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    static func mustRehash(_ method: Method, _ highBits: UInt8) -> Bool {
        method == .text && highBits != 0
    }
}
