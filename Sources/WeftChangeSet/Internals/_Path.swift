import Foundation

/// A two-level index as the validator uses it: cheaper to hash and compare than
/// Foundation's general `IndexPath`, which the public API keeps. `package` because
/// `ChangeSet(diffing:to:)` in WeftDiff plans its batch with it too.
package struct _Path: Hashable, Comparable, Sendable {
    package var section: Int
    package var item: Int

    package init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    package init(_ indexPath: IndexPath) {
        section = indexPath.count > 0 ? indexPath[0] : -1
        item = indexPath.count > 1 ? indexPath[1] : -1
    }

    package var indexPath: IndexPath { IndexPath(item: item, section: section) }

    package static func < (a: _Path, b: _Path) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }
}
