import Foundation
import Testing
import WeftCore
import WeftDiff
import WeftTestSupport

/// A section header: identity `id`, content `title`.
struct Header: Diffable, Equatable, CustomStringConvertible {
    var id: Int
    var title: String
    var diffIdentifier: Int { id }
    func isContentEqual(to other: Header) -> Bool { title == other.title }
    var description: String { "S\(id)" }
}

typealias EntrySection = DiffSection<Header, Entry>

/// UIKit's rules for a sectioned batch update, written out plainly, to check
/// ``SectionedDiff`` against: the item pairing a batch update implies is read
/// from the diff and checked for what makes it right and minimal.
enum SectionedModel {
    static func expectExact(
        _ diff: SectionedDiff<EntrySection>, old: [EntrySection], new: [EntrySection],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        diff._checkInvariants()
        let sectionPairing = DiffModel.pairing(old: old.map(\.model.id), new: new.map(\.model.id))
        var sectionPartner = [Int?](repeating: nil, count: old.count)
        for (t, s) in sectionPairing.enumerated() { if let s { sectionPartner[s] = t } }

        #expect(diff.sectionDeletes == old.indices.filter { sectionPartner[$0] == nil }, sourceLocation: sourceLocation)
        #expect(diff.sectionInserts == new.indices.filter { sectionPairing[$0] == nil }, sourceLocation: sourceLocation)
        #expect(diff.sectionMoves.count == DiffModel.minimalMoveCount(sectionPairing), sourceLocation: sourceLocation)
        let sectionUpdates = new.indices.compactMap { t in
            sectionPairing[t].flatMap { old[$0].isContentEqual(to: new[t]) ? nil : DiffUpdate(from: $0, to: t) }
        }
        #expect(diff.sectionUpdates == sectionUpdates, sourceLocation: sourceLocation)

        guard let items = ItemPairing(diff, old: old, new: new, sectionPairing: sectionPairing) else {
            Issue.record("the item edits do not apply as a batch update", sourceLocation: sourceLocation)
            return
        }
        let oldItems = old.flatMap(\.items), newItems = new.flatMap(\.items)
        #expect(
            items.newToOld.indices.allSatisfy { j in items.newToOld[j].map { oldItems[$0].id == newItems[j].id } ?? true },
            "pairs join equal identities", sourceLocation: sourceLocation)

        // The fewest moves: each section pair keeps a longest increasing run of
        // its pairs, and no pairing could keep more than a longest common
        // subsequence of its items.
        var pairs = 0, kept = 0, best = 0
        var itemUpdates: [DiffUpdate<IndexPath>] = []
        for t in new.indices {
            guard let s = sectionPairing[t] else { continue }
            var sameSection: [Int] = []
            for j in items.newFirst[t] ..< items.newFirst[t] + new[t].items.count {
                guard let i = items.newToOld[j] else { continue }
                pairs += 1
                if items.oldSection[i] == s { sameSection.append(i) }
                if !oldItems[i].isContentEqual(to: newItems[j]) {
                    itemUpdates.append(DiffUpdate(from: items.oldPath(i), to: items.newPath(j)))
                }
            }
            kept += DiffModel.longestIncreasingLength(sameSection)
            let oldIDs = old[s].items.map(\.id), newIDs = new[t].items.map(\.id)
            best += DiffModel.longestCommonSubsequenceLength(oldIDs[...], newIDs[...])
        }
        #expect(diff.itemMoves.count == pairs - kept, "move count", sourceLocation: sourceLocation)
        #expect(kept == best, "fewest moves", sourceLocation: sourceLocation)
        // No identity is both deleted and inserted where a move would do.
        let deleted = Set(diff.itemDeletes.map { old[$0.section].items[$0.item].id })
        let inserted = Set(diff.itemInserts.map { new[$0.section].items[$0.item].id })
        #expect(deleted.isDisjoint(with: inserted), "a delete and an insert of one identity", sourceLocation: sourceLocation)
        #expect(diff.itemUpdates == itemUpdates, sourceLocation: sourceLocation)
        #expect(diff.applied(to: old) == new, sourceLocation: sourceLocation)
    }
}

/// The item pairing a sectioned diff's edits imply when applied as one batch
/// update: moves pair explicitly, and in every surviving section pair the old
/// items that are neither deleted nor moved fill the new places that are
/// neither inserted nor moved into, in order. Items of deleted and inserted
/// sections pair with nothing visible.
struct ItemPairing {
    var newToOld: [Int?]
    var oldSection: [Int]
    var oldFirst: [Int]
    var newFirst: [Int]

    init?(_ diff: SectionedDiff<EntrySection>, old: [EntrySection], new: [EntrySection], sectionPairing: [Int?]) {
        oldFirst = old.indices.map { s in old[..<s].reduce(0) { $0 + $1.items.count } }
        newFirst = new.indices.map { t in new[..<t].reduce(0) { $0 + $1.items.count } }
        oldSection = old.indices.flatMap { s in Array(repeating: s, count: old[s].items.count) }
        let oldCount = old.reduce(0) { $0 + $1.items.count }, newCount = new.reduce(0) { $0 + $1.items.count }
        var oldFree = [Bool](repeating: true, count: oldCount), newFree = [Bool](repeating: true, count: newCount)
        newToOld = [Int?](repeating: nil, count: newCount)
        for p in diff.itemDeletes { oldFree[oldFirst[p.section] + p.item] = false }
        for p in diff.itemInserts { newFree[newFirst[p.section] + p.item] = false }
        for move in diff.itemMoves {
            let i = oldFirst[move.from.section] + move.from.item, j = newFirst[move.to.section] + move.to.item
            oldFree[i] = false
            newFree[j] = false
            newToOld[j] = i
        }
        for t in new.indices {
            guard let s = sectionPairing[t] else { continue }
            let stayers = (oldFirst[s] ..< oldFirst[s] + old[s].items.count).filter { oldFree[$0] }
            let places = (newFirst[t] ..< newFirst[t] + new[t].items.count).filter { newFree[$0] }
            guard stayers.count == places.count else { return nil }
            for (i, j) in zip(stayers, places) { newToOld[j] = i }
        }
    }

    func oldPath(_ i: Int) -> IndexPath { IndexPath(item: i - oldFirst[oldSection[i]], section: oldSection[i]) }

    func newPath(_ j: Int) -> IndexPath {
        let t = newFirst.lastIndex { $0 <= j }!
        return IndexPath(item: j - newFirst[t], section: t)
    }
}
