public import Foundation

/// The changes that turn one list of sections into another, in UIKit
/// batch-update terms: section edits, and item edits whose moves may cross
/// sections.
///
/// ```swift
/// let diff = SectionedDiff(from: oldSections, to: newSections)
/// diff.sectionMoves       // old section index -> new section index
/// diff.itemMoves          // old IndexPath -> new IndexPath, across sections too
/// diff.applied(to: oldSections) == newSections   // true
/// ```
///
/// Every field says which index space it uses, exactly as
/// `performBatchUpdates` reads it: deletes, and every `from`, in the old
/// snapshot; inserts, and every `to`, in the new one. The edits fit together
/// the way UIKit requires:
///
/// - Item edits never name a deleted section (old side) or an inserted section
///   (new side); those sections take and bring their items implicitly. An item
///   whose old section was deleted but which lives on in a surviving section
///   is an item insert there; an item that ends up in an inserted section is
///   an item delete where it was.
/// - An item that keeps its place within its section pair is not a move, even
///   when its section moves.
/// - Moves are the fewest possible, for sections and for items (see
///   <doc:HowWeftDiffWorks>).
///
/// A diff keeps the new sections (sharing their storage) so that
/// ``applied(to:)`` can supply inserted and updated sections and items.
public struct SectionedDiff<Section: DiffableSection> {
    /// A section move: old section index to new section index.
    public typealias SectionMove = DiffMove<Int>
    /// A section update: old section index to new section index.
    public typealias SectionUpdate = DiffUpdate<Int>
    /// An item move: old index path to new index path.
    public typealias ItemMove = DiffMove<IndexPath>
    /// An item update: old index path to new index path.
    public typealias ItemUpdate = DiffUpdate<IndexPath>

    /// Old indexes of the sections that are gone, ascending. Their items go
    /// with them and are not in ``itemDeletes``.
    public let sectionDeletes: [Int]

    /// New indexes of the sections that are new, ascending. Their items come
    /// with them and are not in ``itemInserts``.
    public let sectionInserts: [Int]

    /// Sections in both snapshots that must move (old index to new index),
    /// ascending by `to`; the fewest possible.
    public let sectionMoves: [SectionMove]

    /// Sections in both snapshots whose own content changed (old index to new
    /// index), ascending by `to`. Says nothing about their items, which have
    /// edits of their own; a section can also be in ``sectionMoves``.
    public let sectionUpdates: [SectionUpdate]

    /// Old index paths of the items that are gone, ascending. None lies in a
    /// deleted section.
    public let itemDeletes: [IndexPath]

    /// New index paths of the items that are new, ascending. None lies in an
    /// inserted section.
    public let itemInserts: [IndexPath]

    /// Items that must move (old index path to new index path), ascending by
    /// `to`; `from.section` and `to.section` may differ, but `from` never lies
    /// in a deleted section and `to` never in an inserted one. The fewest possible.
    public let itemMoves: [ItemMove]

    /// Items whose content changed (old index path to new index path),
    /// ascending by `to`; neither side lies in a deleted or inserted section.
    /// An item can also be in ``itemMoves``.
    public let itemUpdates: [ItemUpdate]

    /// The number of sections in the old snapshot.
    public let oldSectionCount: Int

    /// The number of items in all sections of the old snapshot.
    public let oldItemCount: Int

    /// The new sections, for ``applied(to:)``.
    @usableFromInline
    let newSections: [Section]

    /// The number of sections in the new snapshot.
    public var newSectionCount: Int { newSections.count }

    /// Whether the snapshots hold the same sections and items in the same
    /// order, with unchanged contents.
    public var isEmpty: Bool {
        sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty && sectionUpdates.isEmpty
            && itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty && itemUpdates.isEmpty
    }

    @usableFromInline
    init(_ output: _CDiff.SectionedOutput, oldSectionCount: Int, oldItemCount: Int, newSections: [Section]) {
        sectionDeletes = output.sectionDeletes
        sectionInserts = output.sectionInserts
        sectionMoves = output.sectionMoves
        sectionUpdates = output.sectionUpdates
        itemDeletes = output.itemDeletes
        itemInserts = output.itemInserts
        itemMoves = output.itemMoves
        itemUpdates = output.itemUpdates
        self.oldSectionCount = oldSectionCount
        self.oldItemCount = oldItemCount
        self.newSections = newSections
        _checkInvariants()
    }
}

extension SectionedDiff: Sendable where Section: Sendable {}
