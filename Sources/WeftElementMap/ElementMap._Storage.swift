extension ElementMap {
    /// Owns one reference to a C version and gives it back in `deinit`.
    ///
    /// Safe to share across threads: `version` never changes, the C core never
    /// writes a version after making it, and deriving and releasing versions of
    /// one family serialize on that family's mutex inside CWeftElementMap.
    final class _Storage: @unchecked Sendable {
        let version: OpaquePointer

        init(version: OpaquePointer) {
            self.version = version
        }

        deinit {
            CElementMap.release(version)
        }
    }
}
