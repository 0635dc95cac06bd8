import Foundation
import WeftChangeSet
import WeftElementMap

/// Translates a validated change set into an element-map batch.
///
/// The normalized edits already come in the order and index spaces the map
/// applies (deletes descending in the old space, inserts ascending in the new),
/// so the translation is one pass over the edits: O(*k*) plus the elements it
/// makes. `makeItem` is asked only for positions that get a new element:
/// inserted items, every item of an inserted section, and reloaded items that
/// `keepsReloadedItem` does not keep; it returns `nil` for an item that stays
/// absent (lazy loading), and an inserted section is then all absent, in
/// O(1) asks. With `makesSections` and `makesInsertedItems` false it is never
/// asked: every new item is absent, for the caller to make later
/// (``ElementMap/Batch/makeAbsentInsertedItems(_:)``). A kept reload becomes a move from its old path to the new path of
/// its insert half, so its element survives.
///
/// A section that keeps its identity while items are inserted into, deleted
/// from, moved into or out of, or reloaded in it gets its supplementary
/// elements again (Texture's repopulation), unless `reloadsSupplementaries`
/// says no for it: the old ones leave, `makeSupplementaries` makes the new ones.
package struct _MapBatch<Element: AnyObject> {
    /// A supplementary element to place: its kind, its item in that kind's index
    /// space of the section, and the element.
    package typealias Supplementary = (kind: String, item: Int, element: Element)

    /// A supplementary place within one section: a kind and an item.
    private struct Place: Hashable {
        var kind: String
        var item: Int
    }

    package var batch = ElementMap<Element>.Batch()
    /// Items of the old map that leave it: deleted, or reloaded and not kept.
    package private(set) var removedItems: [IndexPath] = []
    /// Sections of the old map that leave it, with every element in them.
    package private(set) var removedSections: [Int] = []
    /// Supplementary elements of the old map that leave it because their
    /// section's were asked again (not those of removed sections).
    package private(set) var removedSupplementaries: [Element] = []
    /// New indexes of the sections whose supplementary elements were asked
    /// again for their item edits, ascending.
    package private(set) var repopulatedSections: [Int] = []

    package init<Failure: Error>(
        _ changeSet: CompletedChangeSet,
        keepsReloadedItem: (NormalizedEdits.ItemMove) -> Bool = { _ in false },
        makesSections: Bool = true,
        makesInsertedItems: Bool = true,
        makeItem: (IndexPath) -> Element?,
        makeSupplementaries: (Int) throws(Failure) -> [Supplementary],
        supplementariesBefore: (Int) -> [(kind: String, indexPath: IndexPath, element: Element)],
        reloadsSupplementaries: (Int) -> Bool,
        reloadsAskSupplementaries: Bool
    ) throws(Failure) {
        let edits = changeSet.normalized
        var keptFrom: Set<IndexPath> = []
        var keptTo: Set<IndexPath> = []
        for reload in edits.reloadedItems where keepsReloadedItem(reload) {
            keptFrom.insert(reload.from)
            keptTo.insert(reload.to)
            batch.moveItem(at: reload.from, to: reload.to)
        }
        for path in edits.deletedItems where !keptFrom.contains(path) {
            batch.deleteItem(at: path)
            removedItems.append(path)
        }
        for move in edits.movedItems {
            batch.moveItem(at: move.from, to: move.to)
        }
        for section in edits.deletedSections {
            batch.deleteSection(section)
            removedSections.append(section)
        }
        for move in edits.movedSections {
            batch.moveSection(move.from, toSection: move.to)
        }
        for section in edits.insertedSections {
            let count = changeSet.newItemCounts[section]
            insertSection(section, count: count, makesItems: makesSections, makeItem)
            for (kind, item, element) in try makeSupplementaries(section) {
                batch.setSupplementaryElement(element, ofKind: kind, at: IndexPath(item: item, section: section))
            }
        }
        batch.reserveCapacity(forItemInserts: edits.insertedItems.count)
        for path in edits.insertedItems where !keptTo.contains(path) {
            batch.insertItem(makesInsertedItems ? makeItem(path) : nil, at: path)
        }
        for section in Self.sectionsWithItemEdits(changeSet, reloadsCount: reloadsAskSupplementaries)
        where reloadsSupplementaries(section) {
            try repopulate(section, changeSet, makeSupplementaries, supplementariesBefore)
        }
    }

    /// A batch of items only: no supplementary element is made or asked again.
    package init(_ changeSet: CompletedChangeSet, makeItem: (IndexPath) -> Element?) {
        self.init(
            changeSet, makeItem: makeItem, makeSupplementaries: { (_: Int) throws(Never) in [] },
            supplementariesBefore: { _ in [] }, reloadsSupplementaries: { _ in false }, reloadsAskSupplementaries: false)
    }

    /// New indexes of the sections that keep their identity and whose items the
    /// batch changes, ascending: the sections of deleted and inserted items,
    /// both ends of item moves, and, if `reloadsCount`, of reloaded items.
    /// O(*k* log *k*) for *k* edits.
    private static func sectionsWithItemEdits(_ changeSet: CompletedChangeSet, reloadsCount: Bool) -> [Int] {
        let edits = changeSet.normalized
        guard !edits.deletedItems.isEmpty || !edits.insertedItems.isEmpty || !edits.movedItems.isEmpty else {
            return []
        }
        let reloadedFrom = reloadsCount ? [] : Set(edits.reloadedItems.map(\.from))
        let reloadedTo = reloadsCount ? [] : Set(edits.reloadedItems.map(\.to))
        var sections = Set<Int>()
        // Edits come sorted by section: one set insert per run of a section, not
        // per edit (10,000 hashes at a 10% update of 100k in one section). Moves
        // come in any order; a run of moves between the same sections still
        // inserts once.
        var lastOld = -1
        for path in edits.deletedItems where path.section != lastOld && !reloadedFrom.contains(path) {
            lastOld = path.section
            if let section = changeSet.newSection(forOld: path.section) { sections.insert(section) }
        }
        var lastNew = -1
        for path in edits.insertedItems where path.section != lastNew && !reloadedTo.contains(path) {
            lastNew = path.section
            sections.insert(path.section)
        }
        var lastMove = (from: -1, to: -1)
        for move in edits.movedItems where (move.from.section, move.to.section) != lastMove {
            lastMove = (move.from.section, move.to.section)
            if let section = changeSet.newSection(forOld: move.from.section) { sections.insert(section) }
            sections.insert(move.to.section)
        }
        // Inserted and reloaded sections are asked whole already.
        sections.subtract(edits.insertedSections)
        return sections.sorted()
    }

    /// Replaces the supplementary elements of `section` (a new index whose
    /// section was in the old map) with the ones asked now.
    private mutating func repopulate<Failure: Error>(
        _ section: Int, _ changeSet: CompletedChangeSet,
        _ makeSupplementaries: (Int) throws(Failure) -> [Supplementary],
        _ supplementariesBefore: (Int) -> [(kind: String, indexPath: IndexPath, element: Element)]
    ) throws(Failure) {
        guard let oldSection = changeSet.oldSection(forNew: section) else { return }
        let new = try makeSupplementaries(section)
        let placed = Set(new.map { Place(kind: $0.kind, item: $0.item) })
        for old in supplementariesBefore(oldSection) {
            removedSupplementaries.append(old.element)
            guard !placed.contains(Place(kind: old.kind, item: old.indexPath.item)) else { continue }
            batch.setSupplementaryElement(nil, ofKind: old.kind, at: IndexPath(item: old.indexPath.item, section: section))
        }
        for (kind, item, element) in new {
            batch.setSupplementaryElement(element, ofKind: kind, at: IndexPath(item: item, section: section))
        }
        repopulatedSections.append(section)
    }

    /// A batch that fills an empty map with `counts` items per section; with
    /// `makesItems` false every item is absent and `makeItem` is never asked.
    package init<Failure: Error>(
        loading counts: [Int],
        makesItems: Bool = true,
        makeItem: (IndexPath) -> Element?,
        makeSupplementaries: (Int) throws(Failure) -> [Supplementary]
    ) throws(Failure) {
        for (section, count) in counts.enumerated() {
            insertSection(section, count: count, makesItems: makesItems, makeItem)
            for (kind, item, element) in try makeSupplementaries(section) {
                batch.setSupplementaryElement(element, ofKind: kind, at: IndexPath(item: item, section: section))
            }
        }
    }

    /// A load of items only, with no supplementary element.
    package init(loading counts: [Int], makeItem: (IndexPath) -> Element?) {
        self.init(loading: counts, makeItem: makeItem, makeSupplementaries: { (_: Int) throws(Never) in [] })
    }

    private mutating func insertSection(_ section: Int, count: Int, makesItems: Bool, _ makeItem: (IndexPath) -> Element?) {
        guard makesItems else {
            batch.insertSection(section, absentItems: count)
            return
        }
        batch.insertSection(section, items: (0 ..< count).map { makeItem(IndexPath(item: $0, section: section)) })
    }
}
