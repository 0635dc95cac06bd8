import Foundation
import Testing
import WeftChangeSet
import WeftCore
import WeftDiff
import WeftTestSupport

/// `ChangeSet(diffingSections:items:to:items:replacing:_:)` diffs identifiers as
/// they are: the same batch as `ChangeSet(diffing:to:)` over sections of the
/// same identities, and a replaced identifier deleted and inserted as if it
/// were a new one.
@Suite struct IdentifierDiffingTests {
    /// An identifier that is neither an integer, text nor a UUID: hashed by `hashValue`.
    struct Tag: Hashable, Diffable {
        var id: Int
        var kind: String
    }

    /// Random snapshots of integer ids, with duplicates, moves across
    /// sections, and sections deleted, inserted and moved.
    static func snapshots(seed: UInt64) -> (old: [(Int, [Int])], new: [(Int, [Int])]) {
        var random = SplitMix64(seed: seed)
        var nextID = 0
        func ids(_ count: Int) -> [Int] {
            (0 ..< count).map { _ in
                nextID += 1
                return Int.random(in: 0 ..< 8, using: &random) == 0 ? nextID / 2 : nextID  // some duplicates
            }
        }
        let old = (0 ..< Int.random(in: 0 ... 5, using: &random)).map { (1_000 + $0, ids(Int.random(in: 0 ... 9, using: &random))) }
        var new = old.filter { _ in Int.random(in: 0 ..< 6, using: &random) != 0 }
        if Bool.random(using: &random) { new.insert((2_000 + Int(seed % 100), ids(3)), at: Int.random(in: 0 ... new.count, using: &random)) }
        if new.count > 1, Bool.random(using: &random) { new.swapAt(0, new.count - 1) }
        for s in new.indices {
            new[s].1.removeAll { _ in Int.random(in: 0 ..< 5, using: &random) == 0 }
            new[s].1.insert(contentsOf: ids(Int.random(in: 0 ... 2, using: &random)), at: Int.random(in: 0 ... new[s].1.count, using: &random))
            if new[s].1.count > 1, Bool.random(using: &random) { new[s].1.swapAt(0, new[s].1.count - 1) }
        }
        return (old, new)
    }

    private func sections<ID: Diffable & Hashable>(_ snapshot: [(Int, [Int])], _ id: (Int) -> ID) -> [DiffSection<Int, ID>] {
        snapshot.map { DiffSection(model: $0.0, items: $0.1.map(id)) }
    }

    /// Integer, text and `hashValue` identities: the same edits as the Diffable
    /// diff, and a batch that rebuilds the new snapshot.
    @Test(arguments: 0 ..< 3)
    func identifiersDiffAsTheirDiffableSectionsDo(kind: Int) throws {
        for seed in UInt64(0) ..< 600 {
            let (old, new) = Self.snapshots(seed: seed)
            let (byIdentifiers, byDiffable): (ChangeSet, ChangeSet)
            switch kind {
            case 0:
                byIdentifiers = ChangeSet(diffingSections: old.map(\.0), items: old.map(\.1), to: new.map(\.0), items: new.map(\.1))
                byDiffable = ChangeSet(diffing: sections(old) { $0 }, to: sections(new) { $0 })
            case 1:
                let text = { (id: Int) in "post-\(id)" }
                byIdentifiers = ChangeSet(
                    diffingSections: old.map(\.0), items: old.map { $0.1.map(text) }, to: new.map(\.0), items: new.map { $0.1.map(text) })
                byDiffable = ChangeSet(diffing: sections(old, text), to: sections(new, text))
            default:
                let tag = { (id: Int) in Tag(id: id, kind: "k\(id % 3)") }
                byIdentifiers = ChangeSet(
                    diffingSections: old.map(\.0), items: old.map { $0.1.map(tag) }, to: new.map(\.0), items: new.map { $0.1.map(tag) })
                byDiffable = ChangeSet(diffing: sections(old, tag), to: sections(new, tag))
            }
            #expect(byIdentifiers.edits.map(\.edit) == byDiffable.edits.map(\.edit), "seed \(seed)")
            let done = try byIdentifiers.completed(newItemCounts: new.map(\.1.count))
            let rebuilt = try done.applied(to: old.map(\.1)) { new[$0.section].1[$0.item] }
            #expect(rebuilt == new.map(\.1), "seed \(seed)")
        }
    }

    /// A replaced item or section is deleted and inserted, exactly as if its new
    /// self were another identity; everything else diffs as before.
    @Test func replacedIdentifiersAreDeletedAndInserted() throws {
        for seed in UInt64(0) ..< 400 {
            let (old, new) = Self.snapshots(seed: seed)
            let newItems = Set(new.flatMap(\.1)), oldItems = Set(old.flatMap(\.1))
            let replaced = Set(newItems.intersection(oldItems).filter { $0 % 3 == 0 })
            let replacedSections = Set(new.map(\.0).filter { $0 % 2 == 0 && old.map(\.0).contains($0) })
            let byIdentifiers = ChangeSet(
                diffingSections: old.map(\.0), items: old.map(\.1), to: new.map(\.0), items: new.map(\.1),
                replacing: replacedSections, replaced)
            // The same snapshots with each replaced identity in the new one made distinct.
            let renamed = new.map { section in
                (replacedSections.contains(section.0) ? -section.0 : section.0,
                 section.1.map { replaced.contains($0) ? -1 - $0 : $0 })
            }
            let byRenaming = ChangeSet(diffingSections: old.map(\.0), items: old.map(\.1), to: renamed.map(\.0), items: renamed.map(\.1))
            #expect(byIdentifiers.edits.map(\.edit) == byRenaming.edits.map(\.edit), "seed \(seed)")
            let done = try byIdentifiers.completed(newItemCounts: new.map(\.1.count))
            for (s, section) in old.enumerated() {
                for (i, item) in section.1.enumerated() where replaced.contains(item) {
                    let mapped = done.newIndexPath(forOld: IndexPath(item: i, section: s))
                    #expect(mapped.map { new[$0.section].1[$0.item] != item } ?? true, "a replaced \(item) kept its place, seed \(seed)")
                }
            }
        }
    }

    /// Large snapshots of the same sections with a few item edits, unique and
    /// repeated identifiers: Myers' search finds them without hashing, with as
    /// many deletes, inserts and moves as the hashing diff, and a batch that
    /// rebuilds the new snapshot; past its limit the hashing diff runs.
    @Test(arguments: [false, true])
    func aFewEditsInLargeSnapshotsAreFoundWithoutHashing(duplicates: Bool) throws {
        for seed in UInt64(0) ..< 60 {
            var random = SplitMix64(seed: seed &+ 9_000)
            var nextID = 0
            let old = (0 ..< 3).map { s in
                (s, (0 ..< Int.random(in: 500 ... 1_500, using: &random)).map { _ in
                    nextID += 1
                    return duplicates && Int.random(in: 0 ..< 4, using: &random) == 0 ? nextID % 50 : nextID
                })
            }
            var new = old
            let edits = seed < 50 ? Int.random(in: 1 ... 12, using: &random) : 80
            for _ in 0 ..< edits {
                let from = Int.random(in: 0 ..< 3, using: &random), to = Int.random(in: 0 ..< 3, using: &random)
                switch Int.random(in: 0 ..< 3, using: &random) {
                case 0 where !new[from].1.isEmpty:
                    new[from].1.remove(at: Int.random(in: 0 ..< new[from].1.count, using: &random))
                case 1 where !new[from].1.isEmpty:  // a move, within or across sections
                    let item = new[from].1.remove(at: Int.random(in: 0 ..< new[from].1.count, using: &random))
                    new[to].1.insert(item, at: Int.random(in: 0 ... new[to].1.count, using: &random))
                default:
                    nextID += 1
                    new[to].1.insert(nextID, at: Int.random(in: 0 ... new[to].1.count, using: &random))
                }
            }
            let text = { (id: Int) in "post-\(id)" }
            for kind in 0 ..< 2 {
                let (fast, hashed): (ChangeSet, ChangeSet)
                if kind == 0 {
                    fast = ChangeSet(diffingSections: old.map(\.0), items: old.map(\.1), to: new.map(\.0), items: new.map(\.1))
                    hashed = ChangeSet(diffing: sections(old) { $0 }, to: sections(new) { $0 })
                } else {
                    fast = ChangeSet(
                        diffingSections: old.map(\.0), items: old.map { $0.1.map(text) }, to: new.map(\.0),
                        items: new.map { $0.1.map(text) })
                    hashed = ChangeSet(diffing: sections(old, text), to: sections(new, text))
                }
                func counts(_ changes: ChangeSet) -> [Int] {
                    var counts = [0, 0, 0]
                    for edit in changes.edits.map(\.edit) {
                        switch edit {
                        case .deleteItem: counts[0] += 1
                        case .insertItem: counts[1] += 1
                        case .moveItem: counts[2] += 1
                        default: Issue.record("a section or reload edit: \(edit), seed \(seed)")
                        }
                    }
                    return counts
                }
                #expect(counts(fast) == counts(hashed), "deletes, inserts, moves; seed \(seed)")
                if edits > 64 { #expect(fast.edits.map(\.edit) == hashed.edits.map(\.edit), "past the limit; seed \(seed)") }
                let done = try fast.completed(newItemCounts: new.map(\.1.count))
                let rebuilt = try done.applied(to: old.map(\.1)) { new[$0.section].1[$0.item] }
                #expect(rebuilt == new.map(\.1), "seed \(seed)")
            }
        }
    }
}
