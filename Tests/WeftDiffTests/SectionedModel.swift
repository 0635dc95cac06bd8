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

/// UIKit's rules for a sectioned batch update, written out plainly over the
/// model's quadratic pairing, to check ``SectionedDiff`` against.
enum SectionedModel {
    static func expectExact(
        _ diff: SectionedDiff<EntrySection>, old: [EntrySection], new: [EntrySection],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        diff._checkInvariants()
        let sectionPairing = DiffModel.pairing(old: old.map(\.model.id), new: new.map(\.model.id))
        var sectionPartner = [Int?](repeating: nil, count: old.count)
        for (t, s) in sectionPairing.enumerated() { if let s { sectionPartner[s] = t } }

        // Items, flattened in section order, with their paths.
        let oldPaths = old.indices.flatMap { s in old[s].items.indices.map { IndexPath(item: $0, section: s) } }
        let newPaths = new.indices.flatMap { t in new[t].items.indices.map { IndexPath(item: $0, section: t) } }
        let oldItems = old.flatMap(\.items), newItems = new.flatMap(\.items)
        let itemPairing = oldItems.count * newItems.count <= 250_000
            ? DiffModel.pairing(old: oldItems.map(\.id), new: newItems.map(\.id))
            : DiffModel.linearPairing(old: oldItems.map(\.id), new: newItems.map(\.id))

        var itemInserts: [IndexPath] = [], itemUpdates: [DiffUpdate<IndexPath>] = []
        var keptOld = Set<Int>()   // flat old items that stay visible as pairs
        var pairs = 0, kept = 0
        for t in new.indices {
            guard let s = sectionPairing[t] else { continue }   // inserted: items come with it
            var sameSection: [Int] = []
            for j in newPaths.indices where newPaths[j].section == t {
                guard let i = itemPairing[j], sectionPartner[oldPaths[i].section] != nil else {
                    itemInserts.append(newPaths[j])   // new, or its old section is deleted
                    continue
                }
                pairs += 1
                keptOld.insert(i)
                if oldPaths[i].section == s { sameSection.append(i) }
                if !oldItems[i].isContentEqual(to: newItems[j]) {
                    itemUpdates.append(DiffUpdate(from: oldPaths[i], to: newPaths[j]))
                }
            }
            kept += DiffModel.longestIncreasingLength(sameSection)
        }
        let itemDeletes = oldPaths.indices
            .filter { sectionPartner[oldPaths[$0].section] != nil && !keptOld.contains($0) }
            .map { oldPaths[$0] }

        #expect(diff.sectionDeletes == old.indices.filter { sectionPartner[$0] == nil }, sourceLocation: sourceLocation)
        #expect(diff.sectionInserts == new.indices.filter { sectionPairing[$0] == nil }, sourceLocation: sourceLocation)
        #expect(diff.sectionMoves.count == DiffModel.minimalMoveCount(sectionPairing), sourceLocation: sourceLocation)
        let sectionUpdates = new.indices.compactMap { t in
            sectionPairing[t].flatMap { old[$0].isContentEqual(to: new[t]) ? nil : DiffUpdate(from: $0, to: t) }
        }
        #expect(diff.sectionUpdates == sectionUpdates, sourceLocation: sourceLocation)
        #expect(diff.itemDeletes == itemDeletes, sourceLocation: sourceLocation)
        #expect(diff.itemInserts == itemInserts, sourceLocation: sourceLocation)
        #expect(diff.itemMoves.count == pairs - kept, sourceLocation: sourceLocation)
        #expect(
            diff.itemMoves.allSatisfy { old[$0.from.section].items[$0.from.item].id == new[$0.to.section].items[$0.to.item].id },
            sourceLocation: sourceLocation)
        #expect(diff.itemUpdates == itemUpdates, sourceLocation: sourceLocation)
        #expect(diff.applied(to: old) == new, sourceLocation: sourceLocation)
    }
}
