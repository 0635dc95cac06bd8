extension ElementMap {
    /// The storage of every ``ElementMap``, whatever its element type.
    typealias _Storage = ElementMapStorage
}

/// Owns one reference to a C version and gives it back in `deinit`.
///
/// Not nested in the generic ``ElementMap``, so that making one needs no
/// generic metadata. Safe to share across threads: `version` never changes,
/// the C core never writes a version after making it, and deriving and
/// releasing versions of one family serialize on that family's mutex inside
/// CWeftElementMap.
final class ElementMapStorage: @unchecked Sendable {
    let version: OpaquePointer

    init(version: OpaquePointer) {
        self.version = version
    }

    deinit {
        _CElementMap.release(version)
    }
}
