import Foundation
import Weft

/// A reference model of UIKit's `NSDiffableDataSourceSnapshot`, written as
/// plainly as possible: an array of sections scanned linearly on every call. It
/// refuses what UIKit raises on, with the same errors `CollectionSnapshot` throws,
/// checked in the same order, and leaves itself unchanged then.
struct SnapshotModel<S: Hashable, I: Hashable> {
    var sections: [(id: S, items: [I])] = []
    var reloadedSections: [S] = []
    var reloadedItems: [I] = []
    var reconfiguredItems: [I] = []

    var itemIdentifiers: [I] { sections.flatMap(\.items) }

    func sectionIndex(_ s: S) -> Int? { sections.firstIndex { $0.id == s } }

    func path(_ i: I) -> (section: Int, item: Int)? {
        for (s, section) in sections.enumerated() {
            if let item = section.items.firstIndex(of: i) { return (s, item) }
        }
        return nil
    }

    private func requireSection(_ s: S) throws(SnapshotError) -> Int {
        guard let index = sectionIndex(s) else { throw .noSuchSection("\(s)") }
        return index
    }

    private func requireItem(_ i: I) throws(SnapshotError) -> (section: Int, item: Int) {
        guard let path = path(i) else { throw .noSuchItem("\(i)") }
        return path
    }

    private func checkNewSections(_ ids: [S]) throws(SnapshotError) {
        for (n, s) in ids.enumerated() where sectionIndex(s) != nil || ids[..<n].contains(s) {
            throw .sectionAlreadyInSnapshot("\(s)")
        }
    }

    private func checkNewItems(_ ids: [I]) throws(SnapshotError) {
        for (n, i) in ids.enumerated() where path(i) != nil || ids[..<n].contains(i) {
            throw .itemAlreadyInSnapshot("\(i)")
        }
    }

    mutating func appendSections(_ ids: [S]) throws(SnapshotError) {
        try checkNewSections(ids)
        sections += ids.map { ($0, []) }
    }

    mutating func insertSections(_ ids: [S], relativeTo other: S, after: Bool) throws(SnapshotError) {
        let index = try requireSection(other)
        try checkNewSections(ids)
        sections.insert(contentsOf: ids.map { ($0, []) }, at: index + (after ? 1 : 0))
    }

    mutating func deleteSections(_ ids: [S]) throws(SnapshotError) {
        for s in ids { _ = try requireSection(s) }
        let gone = sections.filter { ids.contains($0.id) }.flatMap(\.items)
        sections.removeAll { ids.contains($0.id) }
        reloadedSections.removeAll { ids.contains($0) }
        reloadedItems.removeAll { gone.contains($0) }
        reconfiguredItems.removeAll { gone.contains($0) }
    }

    mutating func moveSection(_ s: S, relativeTo other: S, after: Bool) throws(SnapshotError) {
        guard s != other else { throw .movedRelativeToItself("Section \(s)") }
        let from = try requireSection(s)
        _ = try requireSection(other)
        let section = sections.remove(at: from)
        sections.insert(section, at: sectionIndex(other)! + (after ? 1 : 0))
    }

    mutating func reloadSections(_ ids: [S]) throws(SnapshotError) {
        for s in ids { _ = try requireSection(s) }
        for s in ids where !reloadedSections.contains(s) { reloadedSections.append(s) }
    }

    mutating func appendItems(_ ids: [I], toSection s: S?) throws(SnapshotError) {
        let index: Int
        if let s {
            index = try requireSection(s)
        } else {
            guard !sections.isEmpty else { throw .noSections }
            index = sections.count - 1
        }
        try checkNewItems(ids)
        sections[index].items += ids
    }

    mutating func insertItems(_ ids: [I], relativeTo other: I, after: Bool) throws(SnapshotError) {
        let path = try requireItem(other)
        try checkNewItems(ids)
        sections[path.section].items.insert(contentsOf: ids, at: path.item + (after ? 1 : 0))
    }

    mutating func deleteItems(_ ids: [I]) throws(SnapshotError) {
        for i in ids { _ = try requireItem(i) }
        for s in sections.indices { sections[s].items.removeAll { ids.contains($0) } }
        reloadedItems.removeAll { ids.contains($0) }
        reconfiguredItems.removeAll { ids.contains($0) }
    }

    mutating func moveItem(_ i: I, relativeTo other: I, after: Bool) throws(SnapshotError) {
        guard i != other else { throw .movedRelativeToItself("Item \(i)") }
        let from = try requireItem(i)
        _ = try requireItem(other)
        sections[from.section].items.remove(at: from.item)
        let to = path(other)!
        sections[to.section].items.insert(i, at: to.item + (after ? 1 : 0))
    }

    mutating func reloadItems(_ ids: [I]) throws(SnapshotError) {
        for i in ids {
            _ = try requireItem(i)
            if reconfiguredItems.contains(i) { throw .reloadedAndReconfigured("\(i)") }
        }
        for i in ids where !reloadedItems.contains(i) { reloadedItems.append(i) }
    }

    mutating func reconfigureItems(_ ids: [I]) throws(SnapshotError) {
        for i in ids {
            _ = try requireItem(i)
            if reloadedItems.contains(i) { throw .reloadedAndReconfigured("\(i)") }
        }
        for i in ids where !reconfiguredItems.contains(i) { reconfiguredItems.append(i) }
    }

    mutating func deleteAllItems() {
        self = Self()
    }
}
