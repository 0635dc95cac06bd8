import Foundation
import WeftCore   // IndexPath's section and item where UIKit is absent

extension SectionedDiff {
    /// Traps if the diff's edits do not fit together: the section edits as for
    /// a ``Diff``; item edits sorted, inside their sections of the new
    /// snapshot, and never in a deleted (old side) or inserted (new side) section.
    ///
    /// Runs only in builds with `WEFT_INTERNAL_CHECKS` (debug builds); every
    /// diff checks itself when created, and tests call it.
    ///
    /// - Complexity: O(*s* + *e*) for *s* sections and *e* item edits when
    ///   enabled, O(1) otherwise.
    @usableFromInline
    package func _checkInvariants() {
        #if WEFT_INTERNAL_CHECKS
        _EditInvariants.check(
            oldCount: oldSectionCount, newCount: newSectionCount, deletes: sectionDeletes,
            inserts: sectionInserts, moves: sectionMoves, updates: sectionUpdates, what: "SectionedDiff sections")
        let deleted = Set(sectionDeletes), inserted = Set(sectionInserts)
        func oldPathIsValid(_ path: IndexPath) -> Bool {
            (0 ..< oldSectionCount).contains(path.section) && !deleted.contains(path.section) && path.item >= 0
        }
        func newPathIsValid(_ path: IndexPath) -> Bool {
            (0 ..< newSectionCount).contains(path.section) && !inserted.contains(path.section)
                && (0 ..< newSections[path.section].items.count).contains(path.item)
        }
        func isAscending(_ paths: [IndexPath]) -> Bool { zip(paths, paths.dropFirst()).allSatisfy { $0 < $1 } }

        precondition(
            isAscending(itemDeletes) && itemDeletes.allSatisfy(oldPathIsValid),
            "SectionedDiff: item deletes not ascending, or in a deleted section")
        precondition(
            isAscending(itemInserts) && itemInserts.allSatisfy(newPathIsValid),
            "SectionedDiff: item inserts not ascending, or outside the new surviving sections")
        precondition(
            isAscending(itemMoves.map(\.to)) && itemMoves.allSatisfy { oldPathIsValid($0.from) && newPathIsValid($0.to) },
            "SectionedDiff: item moves not ascending by destination, or touching a deleted or inserted section")
        precondition(
            isAscending(itemUpdates.map(\.to))
                && itemUpdates.allSatisfy { oldPathIsValid($0.from) && newPathIsValid($0.to) },
            "SectionedDiff: item updates not ascending by destination, or touching a deleted or inserted section")
        #endif
    }
}
