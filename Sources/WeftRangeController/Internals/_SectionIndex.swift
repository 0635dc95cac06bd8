import Foundation

/// Item counts per section, and the conversions between an index path and its
/// ordinal: the item's place in layout order over all sections.
///
/// The range controller keeps its ranges as ordinal ranges, so a range is two
/// integers however many sections it crosses.
struct _SectionIndex {
    private var counts: _Fenwick<Int>

    /// O(*s*) for *s* sections.
    init(itemCounts: [Int] = []) {
        counts = _Fenwick(itemCounts)
    }

    /// The item counts, section 0 first.
    var itemCounts: [Int] { counts.values }

    var numberOfSections: Int { counts.count }

    /// The number of items in every section. O(log *s*).
    var itemTotal: Int { counts.total }

    func numberOfItems(inSection section: Int) -> Int { counts.values[section] }

    /// The ordinal of the first item of `section` (or of where it would be). O(log *s*).
    func firstOrdinal(ofSection section: Int) -> Int { counts.prefix(section) }

    /// The ordinal of an item, or `nil` if the path is out of range. O(log *s*).
    func ordinal(of indexPath: IndexPath) -> Int? {
        guard indexPath.count == 2, indexPath.section >= 0, indexPath.section < counts.count,
              indexPath.item >= 0, indexPath.item < counts.values[indexPath.section]
        else { return nil }
        return counts.prefix(indexPath.section) + indexPath.item
    }

    /// The section and item of an ordinal in `0 ..< itemTotal`; empty sections
    /// are skipped. O(log *s*).
    func position(ofOrdinal ordinal: Int) -> (section: Int, item: Int) {
        let section = counts.leadingCount(withPrefixBelow: ordinal, orEqual: true)
        return (section, ordinal - counts.prefix(section))
    }

    /// Calls `body` with the section and item of every ordinal in `ordinals`, in
    /// order. O(log *s* + *k* + *e*) for *k* ordinals and *e* empty sections crossed.
    /// The index paths of the items at `ordinals`, ascending: the rect query of every
    /// layout whose items span its whole breadth (list, pager).
    ///
    /// - Complexity: O(log *s* + *k*) for *k* ordinals.
    func indexPaths(at ordinals: Range<Int>) -> [IndexPath] {
        var result: [IndexPath] = []
        result.reserveCapacity(ordinals.count)
        forEachPosition(in: ordinals) { result.append(IndexPath(item: $1, section: $0)) }
        return result
    }

    func forEachPosition(in ordinals: Range<Int>, _ body: (_ section: Int, _ item: Int) -> Void) {
        guard !ordinals.isEmpty else { return }
        var (section, item) = position(ofOrdinal: ordinals.lowerBound)
        for _ in ordinals {
            while item >= counts.values[section] {
                section += 1
                item = 0
            }
            body(section, item)
            item += 1
        }
    }

    func _checkInvariants() {
        counts._checkInvariants()
    }
}
