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

    /// The 64-bit hash of `id` by `method`, byte hashes under `seed`
    /// (``_CDiff/hashSeed``, read once per diff); for text, sets `nonASCII` if
    /// a byte is not ASCII.
    ///
    /// - Complexity: O(1) for integers and UUIDs; O(length) for text; one
    ///   `hashValue` otherwise.
    @inlinable @inline(__always)
    static func bits<ID: Hashable>(of id: ID, _ method: Method, _ seed: UInt64, _ nonASCII: inout Bool) -> UInt64 {
        switch method {
        case .exact:
            if ID.self == Int.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self))) }
            if ID.self == UInt.self { return UInt64(unsafeBitCast(id, to: UInt.self)) }
            if ID.self == Int64.self { return UInt64(bitPattern: unsafeBitCast(id, to: Int64.self)) }
            if ID.self == UInt64.self { return unsafeBitCast(id, to: UInt64.self) }
            if ID.self == Int32.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int32.self))) }
            if ID.self == UInt32.self { return UInt64(unsafeBitCast(id, to: UInt32.self)) }
        case .text:
            if ID.self == String.self { return _CDiff.hash(text: unsafeBitCast(id, to: String.self), seed: seed, nonASCII: &nonASCII) }
            if ID.self == Substring.self {
                return _CDiff.hash(text: unsafeBitCast(id, to: Substring.self), seed: seed, nonASCII: &nonASCII)
            }
        case .uuid:
            if ID.self == UUID.self { return _CDiff.hash(uuid: unsafeBitCast(id, to: UUID.self), seed: seed) }
        case .hashValue:
            break
        }
        return UInt64(bitPattern: Int64(id.hashValue))
    }

    /// Whether `a` and `b` are the same identity, for identities hashed by
    /// `method`: text that hashed as ASCII compares its bytes, which for ASCII
    /// is what `==` decides, without `==`'s call into the standard library
    /// (which made the caller copy both strings, a retain and a release each).
    ///
    /// - Complexity: O(length) for text; one `==` otherwise.
    @inlinable @inline(__always)
    static func equal<ID: Hashable>(_ a: ID, _ b: ID, _ method: Method) -> Bool {
        if method == .text {
            if ID.self == String.self {
                return sameBytes(unsafeBitCast(a, to: String.self).utf8, unsafeBitCast(b, to: String.self).utf8)
            }
            if ID.self == Substring.self {
                return sameBytes(unsafeBitCast(a, to: Substring.self).utf8, unsafeBitCast(b, to: Substring.self).utf8)
            }
        }
        return a == b
    }

    @inlinable @inline(__always)
    static func sameBytes<UTF8: Collection<UInt8>>(_ a: UTF8, _ b: UTF8) -> Bool {
        let same = a.withContiguousStorageIfAvailable { a in
            b.withContiguousStorageIfAvailable { b in
                a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
            }
        }
        return same.flatMap { $0 } ?? a.elementsEqual(b)
    }

    /// Whether hashes made by `method` must be made again with ``Method/hashValue``:
    /// true when the text hashed was not all ASCII.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    static func mustRehash(_ method: Method, _ nonASCII: Bool) -> Bool {
        method == .text && nonASCII
    }
}
