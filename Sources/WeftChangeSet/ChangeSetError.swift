public import Foundation
import WeftCore

/// Why a change set was refused. Nothing was applied.
///
/// ``description`` is the message: UIKit's own wording for what UIKit refuses, in the
/// noun of the ``ViewKind`` validated against, and a message that starts "Strict
/// validation:" for what only ``ValidationMode/strict(_:)`` refuses. Index paths
/// print as UIKit prints them, without the object address.
public struct ChangeSetError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule that failed, with the sections, items and counts involved.
    public let reason: Reason
    /// The wording the message uses.
    public let viewKind: ViewKind

    public init(_ reason: Reason, viewKind: ViewKind = .collection) {
        self.reason = reason
        self.viewKind = viewKind
    }

    /// Whether UIKit itself would accept the batch (only strict validation refuses it).
    public var isStrictOnly: Bool {
        switch reason {
        case .duplicateEdit, .editInMovedSection, .reloadDisplacedByMoves, .sectionReloadDisplacedByMoves,
             .reloadInRemovedSection, .itemOutOfBoundsInReplacedSection, .moveMiscountedBySectionNumber:
            true
        default:
            false
        }
    }

    public var description: String { reason.message(viewKind) }
}

extension ChangeSetError {
    /// The rules a change set can break. Old indexes are before the batch, new ones after it.
    public enum Reason: Hashable, Sendable {
        // Misuse of the builder.
        /// `endUpdates` was called more often than `beginUpdates`.
        case unbalancedEndUpdates
        /// An item edit names an index path that is not a (section, item) pair.
        case malformedIndexPath(ChangeSet.Edit, indexPath: IndexPath)
        /// The change set was completed inside `depth` open `beginUpdates`.
        case unfinishedBeginUpdates(depth: Int)
        /// One section edit named `count` sections, more than any collection holds
        /// (``ChangeSet/maximumSectionsPerEdit``); nothing of it was recorded.
        case tooManySections(count: Int, limit: Int)
        /// `reloadData` was combined with `otherEditCount` other edits in one batch.
        case reloadDataWithOtherEdits(otherEditCount: Int)
        /// A section count was negative (`isAfterUpdate`: in the new counts).
        case negativeItemCount(section: Int, count: Int, isAfterUpdate: Bool)
        /// Sections handed to ``CompletedChangeSet/applied(to:makeElement:)`` do not
        /// have the batch's old item counts.
        case sectionsDoNotMatchOldCounts(expected: [Int], actual: [Int])

        // What UIKit refuses.
        /// The section count does not add up.
        case sectionCountMismatch(after: Int, before: Int, inserted: Int, deleted: Int)
        /// The item count of new section `section` does not add up.
        case itemCountMismatch(section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
        /// The edits would leave new section `section` with fewer than zero items.
        case deletingMoreItemsThanExist(section: Int)
        /// An item delete (or reload) beyond the end of its old section.
        case deleteItemBeyondSection(item: Int, section: Int, itemCount: Int)
        /// An item delete (or reload) in a section that did not exist.
        case deleteItemFromMissingSection(item: Int, section: Int, sectionCount: Int)
        /// A section delete (or reload) beyond the old section count.
        case deleteMissingSection(section: Int, sectionCount: Int)
        /// A section insert beyond the new section count.
        case insertSectionBeyondEnd(section: Int, sectionCount: Int)
        /// An item insert beyond the end of its new section.
        case insertItemBeyondSection(item: Int, section: Int, itemCount: Int)
        /// An item insert into a section that does not exist after the update.
        case insertItemIntoMissingSection(item: Int, section: Int, sectionCount: Int)
        /// The same item is deleted and reloaded.
        case deleteAndReloadItem(IndexPath)
        /// The same section is deleted and reloaded.
        case deleteAndReloadSection(Int)
        /// The same item is deleted (or reloaded) and moved.
        case deleteAndMoveItem(IndexPath)
        /// The same section is deleted (or reloaded) and moved.
        case deleteAndMoveSection(Int)
        /// An item moves out of a deleted section.
        case moveItemFromDeletedSection(Int)
        /// An insert (or a reload's insert half) and a move land on the same index path.
        case insertAndMoveItem(IndexPath)
        /// A section insert (or a reload's insert half) and a section move land on the same index.
        case insertAndMoveSection(Int)
        /// An item moves into an inserted section.
        case moveItemIntoInsertedSection(Int)
        /// A section move from beyond the old section count.
        case moveMissingSection(section: Int, sectionCount: Int)
        /// A section move to beyond the new section count.
        case moveSectionBeyondEnd(from: Int, to: Int, sectionCount: Int)
        /// An item move from a section that did not exist.
        case moveItemFromMissingSection(IndexPath, sectionCount: Int)
        /// An item move from beyond the end of its old section.
        case moveMissingItem(IndexPath, itemCount: Int)
        /// An item move into a section that does not exist after the update.
        case moveItemIntoMissingSection(from: IndexPath, to: IndexPath, sectionCount: Int)
        /// An item move to beyond the end of its new section.
        case moveItemBeyondSection(from: IndexPath, to: IndexPath, itemCount: Int)
        /// One section moved to two places.
        case sectionMovedTwice(Int, to: Int, and: Int)
        /// One item moved to two places.
        case itemMovedTwice(IndexPath, to: IndexPath, and: IndexPath)
        /// Two sections moved to one place.
        case sectionsMovedToOnePlace(Int, and: Int, to: Int)
        /// Two items moved to one place.
        case itemsMovedToOnePlace(IndexPath, and: IndexPath, to: IndexPath)

        // What only strict validation refuses.
        /// The batch names the same section or item twice in edits of one kind.
        case duplicateEdit(ChangeSet.Edit)
        /// An item edit inside a section that moves in the same batch.
        case editInMovedSection(ChangeSet.Edit, section: Int)
        /// UIKit would place a reload's insert half at `placedAt`, but the item ends at `actual`.
        case reloadDisplacedByMoves(IndexPath, placedAt: IndexPath, actual: IndexPath)
        /// An item delete inside a deleted section, or insert inside an inserted one, names
        /// an item the section does not have (`itemCount`: old or new count respectively).
        case itemOutOfBoundsInReplacedSection(ChangeSet.Edit, itemCount: Int)
        /// An item move between two different sections that have the same number before
        /// and after the batch, which UIKit counts as a move within one section.
        case moveMiscountedBySectionNumber(from: IndexPath, to: IndexPath, targetSectionWas: Int?)
        /// An item reload inside a section the batch deletes or reloads.
        case reloadInRemovedSection(IndexPath)
        /// UIKit would place a section reload's insert half at `placedAt`, but the section ends at `actual`.
        case sectionReloadDisplacedByMoves(Int, placedAt: Int, actual: Int)
    }
}

/// An index path as UIKit's `%@` prints it, less the object address: faithful
/// messages are UIKit's text, a contract that tools match on.
func render(_ path: IndexPath) -> String {
    "{length = \(path.count), path = \(path.map(String.init).joined(separator: " - "))}"
}

/// An index path as Weft's own messages print it. A path that is not a (section,
/// item) pair prints its indexes: `IndexPath.item` would trap on it.
func readable(_ path: IndexPath) -> String {
    path.count == 2
        ? "(section \(path.section), item \(path.item))"
        : "[\(path.map(String.init).joined(separator: ", "))]"
}

extension ChangeSetError.Reason {
    // Faithful messages are UIKit's, to the letter, including the two spaces after
    // "Invalid update: …" and the "to to" of the section-move message. Strict-only
    // messages are Weft's: readable paths and a sentence on what to do.
    func message(_ v: ViewKind) -> String {
        let strict = "Strict validation: UIKit accepts this batch, but"
        switch self {
        case .unbalancedEndUpdates:
            return "endUpdates was called more often than beginUpdates. Pair each endUpdates with one beginUpdates."
        case .tooManySections(let count, let limit):
            return "A section edit named \(count) sections; one edit may name at most \(limit), the most sections a collection holds."
        case .malformedIndexPath(let edit, let path):
            return "\(edit) names an index path of \(path.count) indexes (\(path.map(String.init).joined(separator: ", "))); an \(v.item)'s index path has exactly two, its section and its \(v.item). Make it with IndexPath(item:section:)."
        case .unfinishedBeginUpdates(let depth):
            return "the change set was completed with \(depth) beginUpdates still open. Call endUpdates once for each beginUpdates before completing it."
        case .sectionsDoNotMatchOldCounts(let expected, let actual):
            return "the sections have \(actual) \(v.items) per section, but the batch starts from \(expected). Apply a batch to the sections it was made against."
        case .reloadDataWithOtherEdits(let count):
            return "reloadData cannot be combined with other edits in one batch (\(count) other edits). Reload in a batch of its own: it replaces everything anyway."
        case .negativeItemCount(let section, let count, let after):
            return "section \(section) has a negative number of \(v.items) (\(count)) \(after ? "after" : "before") the update. The data source must report a count of 0 or more."
        case .sectionCountMismatch(let after, let before, let inserted, let deleted):
            return "Invalid update: invalid number of sections.  The number of sections contained in the \(v.view) after the update (\(after)) must be equal to the number of sections contained in the \(v.view) before the update (\(before)), plus or minus the number of sections inserted or deleted (\(inserted) inserted, \(deleted) deleted)."
        case .itemCountMismatch(let section, let after, let before, let inserted, let deleted, let movedIn, let movedOut):
            return "Invalid update: invalid number of \(v.items) in section \(section).  The number of \(v.items) contained in an existing section after the update (\(after)) must be equal to the number of \(v.items) contained in that section before the update (\(before)), plus or minus the number of \(v.items) inserted or deleted from that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of \(v.items) moved into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        case .deletingMoreItemsThanExist(let section):
            return "Invalid update: invalid number of \(v.items) in section \(section).  Attempt to delete more \(v.items) than exist in section."
        case .deleteItemBeyondSection(let item, let section, let count):
            return "attempt to delete \(v.item) \(item) from section \(section) which only contains \(count) \(v.items) before the update"
        case .deleteItemFromMissingSection(let item, let section, let sections):
            return "attempt to delete \(v.item) \(item) from section \(section), but there are only \(sections) sections before the update"
        case .deleteMissingSection(let section, let sections):
            return "attempt to delete section \(section), but there are only \(sections) sections before the update"
        case .insertSectionBeyondEnd(let section, let sections):
            return "attempt to insert section \(section) but there are only \(sections) sections after the update"
        case .insertItemBeyondSection(let item, let section, let count):
            return "attempt to insert \(v.item) \(item) into section \(section), but there are only \(count) \(v.items) in section \(section) after the update"
        case .insertItemIntoMissingSection(let item, let section, let sections):
            return "attempt to insert \(v.item) \(item) into section \(section), but there are only \(sections) sections after the update"
        case .deleteAndReloadItem(let path):
            return "attempt to delete and reload the same index path (\(render(path)))"
        case .deleteAndReloadSection(let section):
            return "attempt to delete and reload the same section (\(section))"
        case .deleteAndMoveItem(let path):
            return "attempt to perform a delete and a move from the same index path (\(render(path)))"
        case .deleteAndMoveSection(let section):
            return "attempt to perform a delete and a move from the same section (\(section))"
        case .moveItemFromDeletedSection(let section):
            return "cannot move \(v == .collection ? "an item" : "a row") from a deleted section (\(section))"
        case .insertAndMoveItem(let path):
            return "attempt to perform an insert and a move to the same index path (\(render(path)))"
        case .insertAndMoveSection(let section):
            return "attempt to perform an insert and a move to the same section (\(section))"
        case .moveItemIntoInsertedSection(let section):
            return "cannot move \(v == .collection ? "an item" : "a row") into a newly inserted section (\(section))"
        case .moveMissingSection(let section, let sections):
            return "attempt to move section \(section), but there are only \(sections) sections before the update"
        case .moveSectionBeyondEnd(let from, let to, let sections):
            return "attempt to to move section \(from) to section \(to), but there are only \(sections) sections after the update"
        case .moveItemFromMissingSection(let path, let sections):
            return "attempt to move index path (\(render(path))) from a section that does not exist - there are only \(sections) sections before the update"
        case .moveMissingItem(let path, let count):
            return "attempt to move index path (\(render(path))) that does not exist - there are only \(count) \(v.items) in section \(path.section) before the update"
        case .moveItemIntoMissingSection(let from, let to, let sections):
            return "attempt to move index path (\(render(from))) to index path (\(render(to))) in section that does not exist - there are only \(sections) sections after the update"
        case .moveItemBeyondSection(let from, let to, let count):
            return "attempt to move index path (\(render(from))) to index path (\(render(to))) that does not exist - there are only \(count) \(v.items) in section \(to.section) after the update"
        case .sectionMovedTwice(let section, let first, let second):
            return "attempt to move section \(section) to both section \(first) and section \(second)"
        case .itemMovedTwice(let path, let first, let second):
            return "attempt to move \(v.item) at index path \(render(path)) to both \(render(first)) and \(render(second))"
        case .sectionsMovedToOnePlace(let first, let second, let to):
            return "attempt to move both section \(first) and section \(second) to section \(to)"
        case .itemsMovedToOnePlace(let first, let second, let to):
            return "attempt to move both \(v.item) at index path \(render(first)) and \(render(second)) to \(render(to))"
        case .duplicateEdit(let edit):
            return "\(strict) it names the same place twice: \(edit) appears more than once. A duplicate is a bookkeeping bug in the caller, and duplicate deletes corrupt UIKit's state. Name each place once."
        case .editInMovedSection(let edit, let section):
            return "\(strict) \(edit) edits section \(section), which moves in the same batch; edits inside a moved section corrupt UIKit's state (rdar://26021018). Move the section in one batch and edit it in another."
        case .reloadDisplacedByMoves(let path, let placedAt, let actual):
            return "\(strict) it places the reload of \(readable(path)) at \(readable(placedAt)) without regard to moves, while the \(v.item) ends at \(readable(actual)). Reload it in a separate batch."
        case .itemOutOfBoundsInReplacedSection(let edit, let count):
            return "\(strict) \(edit) names an item that does not exist: its section has \(count) \(v.items). UIKit drops item edits inside deleted or inserted sections without checking them. Fix the index, or drop the edit: the section edit covers it."
        case .moveMiscountedBySectionNumber(let from, let to, let was):
            let origin = was.map { "was section \($0)" } ?? "is inserted"
            return "\(strict) it counts the move from \(readable(from)) to \(readable(to)) as staying in section \(from.section) because the numbers match, while section \(to.section) after the update \(origin) before it; the counts UIKit checks are not the counts it shows. Delete and insert the \(v.item) instead, or move it in a batch of its own."
        case .reloadInRemovedSection(let path):
            return "\(strict) it reloads \(readable(path)) inside a section the batch deletes or reloads; UIKit drops the delete half and places the insert half in another section. Drop the reload: the section's own delete or reload already covers the \(v.item)."
        case .sectionReloadDisplacedByMoves(let section, let placedAt, let actual):
            return "\(strict) it places the reload of section \(section) at section \(placedAt) without regard to moves, while the section ends at \(actual). Reload it in a separate batch."
        }
    }
}
