public import Foundation
import WeftCore

/// A validated batch in the form that storage applies: reloads decomposed, duplicates
/// gone, and every list sorted in the order that applying it one edit at a time needs.
///
/// Apply it in two phases, as ``CompletedChangeSet/applied(to:makeElement:)`` does:
/// first, in the old index space, remove ``deletedItems`` and the sources of
/// ``movedItems`` from their sections, then remove ``deletedSections`` and the sources of
/// ``movedSections``; then, in the new index space, place ``insertedSections`` and the
/// moved sections, and finally ``insertedItems`` and the moved items, ascending.
public struct NormalizedEdits: Hashable, Sendable {
    /// A section that keeps its identity while changing index.
    public struct SectionMove: Hashable, Sendable {
        /// The old index.
        public var from: Int
        /// The new index.
        public var to: Int

        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }
    }

    /// An item that keeps its identity while changing index path.
    public struct ItemMove: Hashable, Sendable {
        /// The old index path.
        public var from: IndexPath
        /// The new index path.
        public var to: IndexPath

        public init(from: IndexPath, to: IndexPath) {
            self.from = from
            self.to = to
        }
    }

    /// Old indexes of deleted sections, descending; includes each reloaded section.
    public var deletedSections: [Int]
    /// New indexes of inserted sections, ascending; includes each reloaded section's new index.
    public var insertedSections: [Int]
    /// Section moves, ascending by new index.
    public var movedSections: [SectionMove]
    /// Old index paths of deleted items, descending; includes reloaded items, and leaves
    /// out items of deleted sections (the section delete removes them).
    public var deletedItems: [IndexPath]
    /// New index paths of inserted items, ascending; includes reloaded items' new paths,
    /// and leaves out items of inserted sections (the data source fills those whole).
    public var insertedItems: [IndexPath]
    /// Item moves, ascending by new index path.
    public var movedItems: [ItemMove]
    /// Reloaded sections: old index and the new index of the insert half.
    public var reloadedSections: [SectionMove]
    /// Reloaded items: old index path and the new index path of the insert half.
    public var reloadedItems: [ItemMove]

    /// The number of edits, counting a reload once.
    public var count: Int {
        deletedSections.count + insertedSections.count + movedSections.count + deletedItems.count
            + insertedItems.count + movedItems.count - reloadedSections.count - reloadedItems.count
    }

    static let empty = NormalizedEdits(
        deletedSections: [], insertedSections: [], movedSections: [], deletedItems: [],
        insertedItems: [], movedItems: [], reloadedSections: [], reloadedItems: [])
}
