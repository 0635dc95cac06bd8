import Foundation

/// A two-level index as the validator uses it: cheaper to hash and compare than
/// Foundation's general `IndexPath`, which the public API keeps.
struct Path: Hashable, Comparable, Sendable {
    var section: Int
    var item: Int

    init(section: Int, item: Int) {
        self.section = section
        self.item = item
    }

    init(_ indexPath: IndexPath) {
        section = indexPath.count > 0 ? indexPath[0] : -1
        item = indexPath.count > 1 ? indexPath[1] : -1
    }

    var indexPath: IndexPath { IndexPath(item: item, section: section) }

    static func < (a: Path, b: Path) -> Bool {
        a.section != b.section ? a.section < b.section : a.item < b.item
    }
}
