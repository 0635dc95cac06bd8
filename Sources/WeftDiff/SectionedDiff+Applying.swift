import Foundation
import WeftCore   // IndexPath's section and item where UIKit is absent

extension SectionedDiff {
    /// Returns the sections this diff makes of `old`, applying it as one UIKit
    /// batch update would.
    ///
    /// Sections are placed first (deleted and moved sections leave, inserted
    /// and moved ones land, the rest fill in order), then each surviving
    /// section's items the same way: deleted items and items moved away
    /// leave, inserted items and items moved in (from any section) land, the
    /// rest fill in order. Updated sections and items take the new value;
    /// everything else keeps the old one. Inserted sections come whole from
    /// the new sections the diff was made with.
    ///
    /// - Parameter old: The sections the diff was made from.
    /// - Returns: Sections equal, in identity and content, to the new ones.
    /// - Precondition: `old` has ``oldSectionCount`` sections holding
    ///   ``oldItemCount`` items, laid out as when the diff was made.
    /// - Complexity: O(*s* + *n*) for *s* sections and *n* items in both snapshots.
    public func applied(to old: [Section]) -> [Section] {
        let oldItems = old.reduce(0) { $0 + $1.items.count }
        precondition(
            old.count == oldSectionCount && oldItems == oldItemCount,
            "applied(to:) needs the \(oldSectionCount) sections (\(oldItemCount) items) this diff was made "
                + "from; got \(old.count) sections (\(oldItems) items)")

        let sources: [Int?] = _Placement.place(
            count: newSectionCount, old: (0 ..< old.count).map { Optional($0) },
            leaving: sectionDeletes + sectionMoves.map(\.from),
            arriving: sectionInserts.map { (index: $0, element: nil) }
                + sectionMoves.map { (index: $0.to, element: $0.from) },
            what: "\(old.count) sections")

        var leaving = [[Int]](repeating: [], count: old.count)
        var arriving = [[(index: Int, element: Section.Item)]](repeating: [], count: newSectionCount)
        for path in itemDeletes { leaving[path.section].append(path.item) }
        for path in itemInserts {
            arriving[path.section].append((path.item, newSections[path.section].items[path.item]))
        }
        for move in itemMoves {
            leaving[move.from.section].append(move.from.item)
            arriving[move.to.section].append((move.to.item, old[move.from.section].items[move.from.item]))
        }
        var updated = [Bool](repeating: false, count: newSectionCount)
        for update in sectionUpdates { updated[update.to] = true }

        var result: [Section] = []
        result.reserveCapacity(newSectionCount)
        for (t, source) in sources.enumerated() {
            guard let s = source else {
                result.append(newSections[t])
                continue
            }
            var section = updated[t] ? newSections[t] : old[s]
            section.items = _Placement.place(
                count: newSections[t].items.count, old: old[s].items, leaving: leaving[s],
                arriving: arriving[t], what: "the items of old section \(s) (new section \(t))")
            result.append(section)
        }
        for update in itemUpdates {
            result[update.to.section].items[update.to.item] = newSections[update.to.section].items[update.to.item]
        }
        return result
    }
}
