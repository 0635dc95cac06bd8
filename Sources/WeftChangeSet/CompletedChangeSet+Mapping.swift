public import Foundation
import WeftCore

extension CompletedChangeSet {
    /// Returns the new index of an old section, or `nil` if the batch deletes it.
    ///
    /// A moved section maps to its destination; a reloaded one to its insert half.
    ///
    /// - Parameter oldSection: An index in the old index space.
    /// - Complexity: O(log *k*) for *k* section edits (expected, hashing).
    public func newSection(forOld oldSection: Int) -> Int? {
        guard !includesReloadData, oldSection >= 0, oldSection < oldItemCounts.count else { return nil }
        if let to = sectionMoveForward[oldSection] ?? sectionReloadForward[oldSection] { return to }
        if deletedSectionSet.contains(oldSection) { return nil }
        return sectionShift.forward(oldSection).flatMap { $0 < newItemCounts.count ? $0 : nil }
    }

    /// Returns the old index of a new section, or `nil` if the batch inserts it.
    ///
    /// - Parameter newSection: An index in the new index space.
    /// - Complexity: O(log *k*) for *k* section edits (expected, hashing).
    public func oldSection(forNew newSection: Int) -> Int? {
        guard !includesReloadData, newSection >= 0, newSection < newItemCounts.count else { return nil }
        if let from = sectionMoveBackward[newSection] ?? sectionReloadBackward[newSection] { return from }
        if insertedSectionSet.contains(newSection) { return nil }
        return sectionShift.backward(newSection).flatMap { $0 < oldItemCounts.count ? $0 : nil }
    }

    /// Returns where an item before the batch is after it, or `nil` if the batch deletes it.
    ///
    /// Moves are native, so a moved item maps to its destination and keeps its identity;
    /// a reloaded item maps to its reload's insert half. Items of a moved or reloaded
    /// section follow their section.
    ///
    /// - Parameter oldIndexPath: An index path in the old index space.
    /// - Complexity: O(log *k*) for *k* edits (expected, hashing).
    public func newIndexPath(forOld oldIndexPath: IndexPath) -> IndexPath? {
        let p = _Path(oldIndexPath)
        guard p.section >= 0, p.section < oldItemCounts.count, p.item >= 0, p.item < oldItemCounts[p.section],
              let section = newSection(forOld: p.section)
        else { return nil }
        if let to = itemJumpForward[p] { return to.indexPath }
        // A reloaded section's items are all replaced.
        if deletedSectionSet.contains(p.section) { return nil }
        let shift = _IndexShift(
            removed: itemRemovedByOldSection[p.section] ?? [],
            occupied: itemOccupiedByNewSection[section] ?? [])
        guard let item = shift.forward(p.item), item < newItemCounts[section] else { return nil }
        return IndexPath(item: item, section: section)
    }

    /// Returns where an item after the batch was before it, or `nil` if the batch inserts it.
    ///
    /// - Parameter newIndexPath: An index path in the new index space.
    /// - Complexity: O(log *k*) for *k* edits (expected, hashing).
    public func oldIndexPath(forNew newIndexPath: IndexPath) -> IndexPath? {
        let p = _Path(newIndexPath)
        guard p.section >= 0, p.section < newItemCounts.count, p.item >= 0, p.item < newItemCounts[p.section],
              let section = oldSection(forNew: p.section)
        else { return nil }
        if let from = itemJumpBackward[p] { return from.indexPath }
        if insertedSectionSet.contains(p.section) { return nil }
        let shift = _IndexShift(
            removed: itemRemovedByOldSection[section] ?? [],
            occupied: itemOccupiedByNewSection[p.section] ?? [])
        guard let item = shift.backward(p.item), item < oldItemCounts[section] else { return nil }
        return IndexPath(item: item, section: section)
    }
}
