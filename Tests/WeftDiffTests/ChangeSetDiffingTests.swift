import Testing
import WeftChangeSet
import WeftDiff
import WeftTestSupport
import WeftCore

/// `ChangeSet(diffing:to:)` must give a strictly valid batch for any two snapshots, one
/// that rebuilds the new snapshot and keeps moved items' identity.
@Suite struct ChangeSetDiffingTests {
    struct Item: Diffable, Hashable {
        var id: Int
        var version: Int
        var diffIdentifier: Int { id }
        func isContentEqual(to other: Item) -> Bool { version == other.version }
    }

    struct Header: Diffable, Hashable {
        var id: Int
        var title: String
        var diffIdentifier: Int { id }
        func isContentEqual(to other: Header) -> Bool { title == other.title }
    }

    typealias Section = DiffSection<Header, Item>

    /// Old and new snapshots: items deleted, inserted, updated and moved within and
    /// across sections; sections deleted, inserted, moved and retitled.
    static func snapshots(seed: UInt64) -> (old: [Section], new: [Section]) {
        var random = SplitMix64(seed: seed)
        var nextID = 0
        func items(_ count: Int) -> [Item] {
            (0 ..< count).map { _ in nextID += 1; return Item(id: nextID, version: 0) }
        }
        let old = (0 ..< Int.random(in: 0 ... 5, using: &random)).map { s in
            Section(model: Header(id: 1_000 + s, title: "s\(s)"), items: items(Int.random(in: 0 ... 6, using: &random)))
        }
        var new = old.filter { _ in Int.random(in: 0 ..< 6, using: &random) != 0 }
        for _ in 0 ..< Int.random(in: 0 ... 2, using: &random) {
            new.insert(Section(model: Header(id: 2_000 + nextID, title: "new"), items: items(Int.random(in: 0 ... 3, using: &random))),
                       at: Int.random(in: 0 ... new.count, using: &random))
            nextID += 1
        }
        if new.count > 1, Bool.random(using: &random) {
            new.swapAt(0, Int.random(in: 1 ..< new.count, using: &random))
        }
        for s in new.indices {
            if Int.random(in: 0 ..< 5, using: &random) == 0 { new[s].model.title += "!" }
            new[s].items.removeAll { _ in Int.random(in: 0 ..< 5, using: &random) == 0 }
            for i in new[s].items.indices where Int.random(in: 0 ..< 4, using: &random) == 0 { new[s].items[i].version += 1 }
            for _ in 0 ..< Int.random(in: 0 ... 2, using: &random) {
                new[s].items.insert(contentsOf: items(1), at: Int.random(in: 0 ... new[s].items.count, using: &random))
            }
        }
        for _ in 0 ..< Int.random(in: 0 ... 3, using: &random) where !new.isEmpty {
            let from = Int.random(in: 0 ..< new.count, using: &random), to = Int.random(in: 0 ..< new.count, using: &random)
            guard !new[from].items.isEmpty else { continue }
            let item = new[from].items.remove(at: Int.random(in: 0 ..< new[from].items.count, using: &random))
            new[to].items.insert(item, at: Int.random(in: 0 ... new[to].items.count, using: &random))
        }
        return (old, new)
    }

    @Test(arguments: 0 ..< 4)
    func diffedBatchesAreValidRebuildTheSnapshotAndKeepIdentity(chunk: UInt64) throws {
        for seed in chunk * 1_000 ..< (chunk + 1) * 1_000 {
            let (old, new) = Self.snapshots(seed: seed)
            let changes = ChangeSet(diffing: old, to: new)
            let done: CompletedChangeSet
            do {
                done = try changes.completed(newItemCounts: new.map(\.items.count))
            } catch {
                Issue.record("seed \(seed): \(error); edits \(changes.edits.map(\.edit))")
                return
            }
            // The model agrees that the batch is valid and what it does.
            let problems = changeSetDisagreements(
                old: changes.oldItemCounts, edits: changes.edits.map(\.edit), new: new.map(\.items.count))
            #expect(problems.isEmpty, "\(problems.first ?? "")")
            let rebuilt = try done.applied(to: old.map(\.items)) { new[$0.section].items[$0.item] }
            #expect(rebuilt == new.map(\.items), "seed \(seed)")
            // An item that survives unchanged is found where it really is.
            let newPlace = Dictionary(uniqueKeysWithValues: new.enumerated().flatMap { s, section in
                section.items.enumerated().map { ($1, IndexPath(item: $0, section: s)) }
            })
            for (s, section) in old.enumerated() {
                for (i, item) in section.items.enumerated() {
                    guard let mapped = done.newIndexPath(forOld: IndexPath(item: i, section: s)) else { continue }
                    #expect(newPlace[item] == mapped || new[mapped.section].items[mapped.item].id == item.id, "seed \(seed)")
                }
            }
            if !problems.isEmpty { return }
        }
    }

    @Test func anInPlaceUpdateIsAReload() throws {
        let old = [Section(model: Header(id: 1, title: "a"), items: [Item(id: 1, version: 0), Item(id: 2, version: 0)])]
        let new = [Section(model: Header(id: 1, title: "a"), items: [Item(id: 1, version: 1), Item(id: 2, version: 0)])]
        let changes = ChangeSet(diffing: old, to: new)
        #expect(changes.edits.map(\.edit) == [.reloadItem(IndexPath(item: 0, section: 0))])
        let done = try changes.completed(newItemCounts: [2])
        #expect(done.newIndexPath(forOld: IndexPath(item: 0, section: 0)) == IndexPath(item: 0, section: 0))
    }

    @Test func movedItemsKeepTheirIdentity() throws {
        let old = [Section(model: Header(id: 1, title: "a"), items: [Item(id: 1, version: 0), Item(id: 2, version: 0), Item(id: 3, version: 0)])]
        let new = [Section(model: Header(id: 1, title: "a"), items: [Item(id: 3, version: 0), Item(id: 1, version: 0), Item(id: 2, version: 1)])]
        let changes = ChangeSet(diffing: old, to: new)
        // Item 3 moves; item 2 changed behind that move, so UIKit would misplace its reload.
        #expect(Set(changes.edits.map(\.edit)) == [
            .moveItem(IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0)),
            .deleteItem(IndexPath(item: 1, section: 0)), .insertItem(IndexPath(item: 2, section: 0)),
        ])
        let done = try changes.completed(newItemCounts: [3])
        #expect(done.newIndexPath(forOld: IndexPath(item: 2, section: 0)) == IndexPath(item: 0, section: 0))
        #expect(done.newIndexPath(forOld: IndexPath(item: 0, section: 0)) == IndexPath(item: 1, section: 0))
    }
}
