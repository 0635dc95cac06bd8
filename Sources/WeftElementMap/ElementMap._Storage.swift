import Foundation
import WeftCore

extension ElementMap {
    /// The storage of every ``ElementMap``, whatever its element type.
    @usableFromInline typealias _Storage = ElementMapStorage
}

/// Owns one reference to a C version and gives it back in `deinit`.
///
/// Not nested in the generic ``ElementMap``, so that making one needs no
/// generic metadata. Safe to share across threads: `version` never changes,
/// the C core never writes a version after making it, and deriving and
/// releasing versions of one family serialize on that family's mutex inside
/// CWeftElementMap.
@usableFromInline
// @unchecked Sendable: `version` is immutable and the C version it points to is
// never written after it is made; deriving and releasing versions serialize on
// the family's mutex inside CWeftElementMap (the lock TSan sees is that one).
final class ElementMapStorage: @unchecked Sendable {
    let version: OpaquePointer

    init(version: OpaquePointer) {
        self.version = version
    }

    deinit {
        _CElementMap.release(version)
    }

    /// The handle of the item at `indexPath`, or `nil` if the path has not two
    /// indexes, is out of range or holds an absent item: ``ElementMap/element(at:)``'s
    /// lookup, out of line so that inlined callers see no C type, and taking
    /// the path whole so that the caller's copy of it, and the generic
    /// metadata of the map's element type, stay out of the caller's loop.
    @usableFromInline
    func itemHandle(at indexPath: consuming IndexPath) -> UnsafeMutableRawPointer? {
        guard indexPath.count == 2 else { return nil }
        return _CElementMap.item(version, section: indexPath.section, item: indexPath.item)
    }
}
