import Foundation
extension CollectionSnapshot {
    /// Appends items to `section`, or to the last section if `nil`.
    ///
    /// - Throws: ``SnapshotError/noSuchSection(_:)``, ``SnapshotError/noSections``
    ///   or ``SnapshotError/itemAlreadyInSnapshot(_:)``.
    /// - Complexity: O(*k*) for *k* items, expected.
    public mutating func appendItems(_ identifiers: [Item], toSection section: Section? = nil) throws(SnapshotError) {
        let s: Int
        if let section {
            s = try index(of: section)
        } else {
            guard !sectionIdentifiers.isEmpty else { throw .noSections }
            s = sectionIdentifiers.count - 1
        }
        try insertItems(identifiers, intoSection: s, at: itemsBySection[s].count)
    }

    /// Inserts items just before `item`, in its section.
    ///
    /// - Throws: ``SnapshotError/noSuchItem(_:)`` or ``SnapshotError/itemAlreadyInSnapshot(_:)``.
    /// - Complexity: O(*m* + *k*) for *m* items in the section and *k* new ones.
    public mutating func insertItems(_ identifiers: [Item], beforeItem item: Item) throws(SnapshotError) {
        let path = try indexPath(ofExisting: item)
        try insertItems(identifiers, intoSection: path.section, at: path.item)
    }

    /// Inserts items just after `item`, in its section.
    ///
    /// - Throws: ``SnapshotError/noSuchItem(_:)`` or ``SnapshotError/itemAlreadyInSnapshot(_:)``.
    /// - Complexity: O(*m* + *k*) for *m* items in the section and *k* new ones.
    public mutating func insertItems(_ identifiers: [Item], afterItem item: Item) throws(SnapshotError) {
        let path = try indexPath(ofExisting: item)
        try insertItems(identifiers, intoSection: path.section, at: path.item + 1)
    }

    /// Deletes items.
    ///
    /// - Throws: ``SnapshotError/noSuchItem(_:)``.
    /// - Complexity: O(*k* + *m*) for *k* items and *m* items in their sections.
    public mutating func deleteItems(_ identifiers: [Item]) throws(SnapshotError) {
        for item in identifiers where sectionOfItem[item] == nil { throw .noSuchItem("\(item)") }
        let doomed = Set(identifiers)
        var sections = Set<Int>()
        for item in doomed {
            sections.insert(sectionIndexes[sectionOfItem[item]!]!)
            sectionOfItem[item] = nil
        }
        for s in sections { itemsBySection[s].removeAll { doomed.contains($0) } }
        forgetMarks(of: doomed)
    }

    /// Moves `item` to just before `other`, into `other`'s section.
    ///
    /// - Throws: ``SnapshotError/movedRelativeToItself(_:)`` or ``SnapshotError/noSuchItem(_:)``.
    /// - Complexity: O(*m*) for *m* items in the two sections.
    public mutating func moveItem(_ item: Item, beforeItem other: Item) throws(SnapshotError) {
        try moveItem(item, relativeTo: other, after: false)
    }

    /// Moves `item` to just after `other`, into `other`'s section.
    ///
    /// - Throws: ``SnapshotError/movedRelativeToItself(_:)`` or ``SnapshotError/noSuchItem(_:)``.
    /// - Complexity: O(*m*) for *m* items in the two sections.
    public mutating func moveItem(_ item: Item, afterItem other: Item) throws(SnapshotError) {
        try moveItem(item, relativeTo: other, after: true)
    }

    /// Marks items to be reloaded when the snapshot is applied: as UIKit's
    /// reload replaces the cell, each gets a new node (the batch deletes and
    /// inserts it), whatever its node model, and loses its selection.
    ///
    /// This differs from ``CollectionNode/reloadItems(at:)``, which follows
    /// Texture: there a node whose model is unchanged, or that can take the new
    /// one, stays.
    ///
    /// - Throws: ``SnapshotError/noSuchItem(_:)`` or ``SnapshotError/reloadedAndReconfigured(_:)``.
    /// - Complexity: O(*k* + *r*) for *k* items named and *r* already marked.
    public mutating func reloadItems(_ identifiers: [Item]) throws(SnapshotError) {
        try mark(identifiers, in: \.reloadedItemIdentifiers, conflictingWith: \.reconfiguredItemIdentifiers)
    }

    /// Marks items to be reconfigured when the snapshot is applied: UIKit's
    /// `reconfigureItems`. Each keeps its node (and its selection), which is
    /// handed the item's model through `CellNode.updateNodeModel(_:)`
    /// and measured again, even when it moves in the same apply. A node that
    /// cannot take the model (`CellNode.canUpdate(toNodeModel:)`) is
    /// replaced.
    ///
    /// - Throws: ``SnapshotError/noSuchItem(_:)`` or ``SnapshotError/reloadedAndReconfigured(_:)``.
    /// - Complexity: O(*k* + *r*) for *k* items named and *r* already marked.
    public mutating func reconfigureItems(_ identifiers: [Item]) throws(SnapshotError) {
        try mark(identifiers, in: \.reconfiguredItemIdentifiers, conflictingWith: \.reloadedItemIdentifiers)
    }

    private func indexPath(ofExisting item: Item) throws(SnapshotError) -> IndexPath {
        guard let path = indexPath(of: item) else { throw .noSuchItem("\(item)") }
        return path
    }

    private mutating func insertItems(_ identifiers: [Item], intoSection s: Int, at index: Int) throws(SnapshotError) {
        var seen = Set<Item>()
        for item in identifiers where sectionOfItem[item] != nil || !seen.insert(item).inserted {
            throw .itemAlreadyInSnapshot("\(item)")
        }
        itemsBySection[s].insert(contentsOf: identifiers, at: index)
        let section = sectionIdentifiers[s]
        for item in identifiers { sectionOfItem[item] = section }
    }

    private mutating func moveItem(_ item: Item, relativeTo other: Item, after: Bool) throws(SnapshotError) {
        guard item != other else { throw .movedRelativeToItself("Item \(item)") }
        let from = try indexPath(ofExisting: item)
        _ = try indexPath(ofExisting: other)
        itemsBySection[from.section].remove(at: from.item)
        let to = try indexPath(ofExisting: other)
        itemsBySection[to.section].insert(item, at: to.item + (after ? 1 : 0))
        sectionOfItem[item] = sectionIdentifiers[to.section]
    }

    private mutating func mark(
        _ identifiers: [Item], in marks: WritableKeyPath<Self, [Item]>, conflictingWith other: KeyPath<Self, [Item]>
    ) throws(SnapshotError) {
        let conflicting = Set(self[keyPath: other])
        for item in identifiers {
            guard sectionOfItem[item] != nil else { throw .noSuchItem("\(item)") }
            guard !conflicting.contains(item) else { throw .reloadedAndReconfigured("\(item)") }
        }
        var marked = Set(self[keyPath: marks])
        for item in identifiers where marked.insert(item).inserted { self[keyPath: marks].append(item) }
    }
}
