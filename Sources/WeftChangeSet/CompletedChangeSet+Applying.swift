public import Foundation
import WeftCore

extension CompletedChangeSet {
    /// Returns the sections after the batch, given the sections before it.
    ///
    /// Surviving and moved elements are carried over; `makeElement` supplies each inserted
    /// or reloaded item and every item of an inserted or reloaded section, by its new index
    /// path. This is the batch's meaning stated as code: tests and fuzzers compare
    /// storage against it.
    ///
    /// - Parameters:
    ///   - sections: The elements before the batch; its counts must be ``oldItemCounts``.
    ///   - makeElement: Creates the element at a new index path.
    /// - Returns: The elements after the batch; its counts are ``newItemCounts``.
    /// - Throws: ``ChangeSetError/Reason/sectionsDoNotMatchOldCounts(expected:actual:)``
    ///   if `sections` does not have the old item counts.
    /// - Complexity: O(*n* + *k* log *k*) for *n* elements and *k* edits.
    public func applied<Element>(
        to sections: [[Element]], makeElement: (IndexPath) -> Element
    ) throws(ChangeSetError) -> [[Element]] {
        let counts = sections.map(\.count)
        guard counts == oldItemCounts else {
            throw ChangeSetError(.sectionsDoNotMatchOldCounts(expected: oldItemCounts, actual: counts))
        }
        if includesReloadData {
            return newItemCounts.enumerated().map { section, count in
                (0 ..< count).map { makeElement(IndexPath(item: $0, section: section)) }
            }
        }
        var working: [[Element]?] = sections
        // Phase 1, old index space: lift moved items out, drop deleted ones, then sections.
        var movedItems: [_Path: Element] = [:]
        for move in normalized.movedItems {
            let from = _Path(move.from)
            movedItems[_Path(move.to)] = sections[from.section][from.item]
        }
        var removedBySection: [Int: [Int]] = [:]
        for p in normalized.deletedItems { removedBySection[p.section, default: []].append(p.item) }
        for move in normalized.movedItems { removedBySection[move.from.section, default: []].append(move.from.item) }
        for (section, items) in removedBySection where !deletedSectionSet.contains(section) {
            for item in items.sorted(by: >) { working[section]!.remove(at: item) }
        }
        var movedSections: [Int: [Element]] = [:]
        for move in normalized.movedSections { movedSections[move.to] = working[move.from] }
        for section in Set(normalized.deletedSections).union(normalized.movedSections.map(\.from)) {
            working[section] = nil
        }
        var result = working.compactMap { $0 }
        // Phase 2, new index space: place sections, then items, ascending.
        let placedSections = (normalized.insertedSections + normalized.movedSections.map(\.to)).sorted()
        for section in placedSections {
            let content = movedSections[section]
                ?? (0 ..< newItemCounts[section]).map { makeElement(IndexPath(item: $0, section: section)) }
            result.insert(content, at: section)
        }
        var placedItems = normalized.insertedItems.map { (_Path($0), nil as Element?) }
        placedItems += normalized.movedItems.map { (_Path($0.to), movedItems[_Path($0.to)]) }
        for (p, moved) in placedItems.sorted(by: { $0.0 < $1.0 }) {
            result[p.section].insert(moved ?? makeElement(p.indexPath), at: p.item)
        }
        return result
    }
}
