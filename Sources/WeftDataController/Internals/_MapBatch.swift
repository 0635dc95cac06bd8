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
/// O(1) asks. A kept reload becomes a move from its old path to the new path of
/// its insert half, so its element survives.
package struct _MapBatch<Element: AnyObject> {
    package var batch = ElementMap<Element>.Batch()
    /// Items of the old map that leave it: deleted, or reloaded and not kept.
    package private(set) var removedItems: [IndexPath] = []
    /// Sections of the old map that leave it, with every element in them.
    package private(set) var removedSections: [Int] = []

    package init(
        _ changeSet: CompletedChangeSet,
        keepsReloadedItem: (NormalizedEdits.ItemMove) -> Bool = { _ in false },
        makesSections: Bool = true,
        makeItem: (IndexPath) -> Element?,
        makeSupplementaries: (Int) -> [(kind: String, element: Element)] = { _ in [] }
    ) {
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
            for (kind, element) in makeSupplementaries(section) {
                batch.setSupplementaryElement(element, ofKind: kind, at: IndexPath(item: 0, section: section))
            }
        }
        for path in edits.insertedItems where !keptTo.contains(path) {
            batch.insertItem(makeItem(path), at: path)
        }
    }

    /// A batch that fills an empty map with `counts` items per section; with
    /// `makesItems` false every item is absent and `makeItem` is never asked.
    package init(
        loading counts: [Int],
        makesItems: Bool = true,
        makeItem: (IndexPath) -> Element?,
        makeSupplementaries: (Int) -> [(kind: String, element: Element)] = { _ in [] }
    ) {
        for (section, count) in counts.enumerated() {
            insertSection(section, count: count, makesItems: makesItems, makeItem)
            for (kind, element) in makeSupplementaries(section) {
                batch.setSupplementaryElement(element, ofKind: kind, at: IndexPath(item: 0, section: section))
            }
        }
    }

    private mutating func insertSection(_ section: Int, count: Int, makesItems: Bool, _ makeItem: (IndexPath) -> Element?) {
        guard makesItems else {
            batch.insertSection(section, absentItems: count)
            return
        }
        batch.insertSection(section, items: (0 ..< count).map { makeItem(IndexPath(item: $0, section: section)) })
    }
}
