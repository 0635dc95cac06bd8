import Foundation
import Testing
import WeftCore
import WeftDiff
import WeftTestSupport

@Suite struct SectionedDiffTests {
    static func section(_ id: Int, _ items: [Int], title: String = "t") -> EntrySection {
        EntrySection(model: Header(id: id, title: title), items: items.map { Entry(id: $0, version: 0) })
    }

    @Test(
        arguments: [(0, 0), (1, 0), (1, 1), (2, 3), (3, 5), (5, 10), (10, 30), (40, 100)],
        [false, true])
    func randomSectionsMatchTheModel(shape: (sections: Int, items: Int), duplicates: Bool) {
        let seeds = shape.sections * shape.items <= 50 ? 60 : 8
        for seed in 0 ..< UInt64(seeds) {
            let scenario = SectionScenario(
                sections: shape.sections, itemsPerSection: shape.items, seed: seed &+ 31 &* UInt64(shape.items),
                duplicates: duplicates)
            let diff = SectionedDiff(from: scenario.old, to: scenario.new)
            SectionedModel.expectExact(diff, old: scenario.old, new: scenario.new)
        }
    }

    /// Sections of a few repeated identities, past Hunt and Szymanski's
    /// budget: each section pair still keeps a longest common subsequence.
    @Test func fewIdentitiesPerSectionGetTheFewestMoves() {
        var random = SplitMix64(seed: 77)
        let old = (0 ..< 3).map { s in
            Self.section(s, (0 ..< 700).map { _ in Int.random(in: 0 ..< 4, using: &random) })
        }
        var new = old
        for s in new.indices {
            for _ in 0 ..< 120 {
                let item = new[s].items.remove(at: Int.random(in: 0 ..< new[s].items.count, using: &random))
                new[s].items.insert(item, at: Int.random(in: 0 ... new[s].items.count, using: &random))
            }
        }
        new[1].items.removeLast(50)
        new[2].items += (0 ..< 40).map { _ in Entry(id: Int.random(in: 0 ..< 4, using: &random), version: 0) }
        SectionedModel.expectExact(SectionedDiff(from: old, to: new), old: old, new: new)
    }

    @Test func itemsMoveAcrossSections() {
        let old = [Self.section(0, [1, 2, 3]), Self.section(1, [4, 5])]
        let new = [Self.section(0, [1, 3]), Self.section(1, [4, 2, 5])]
        let diff = SectionedDiff(from: old, to: new)
        #expect(diff.itemMoves == [DiffMove(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 1, section: 1))])
        #expect(diff.itemDeletes.isEmpty && diff.itemInserts.isEmpty)
        #expect(diff.sectionMoves.isEmpty)
        #expect(diff.applied(to: old) == new)
    }

    /// A moved section carries its items; only edits relative to the section show.
    @Test func sectionMovesWithItemEditsInside() {
        let old = [Self.section(0, [1, 2]), Self.section(1, [3, 4, 5]), Self.section(2, [6])]
        let new = [Self.section(1, [5, 3, 7], title: "u"), Self.section(0, [1, 2]), Self.section(2, [6])]
        let diff = SectionedDiff(from: old, to: new)
        #expect(diff.sectionMoves.count == 1)
        #expect(diff.sectionUpdates == [DiffUpdate(from: 1, to: 0)])
        #expect(diff.itemDeletes == [IndexPath(item: 1, section: 1)])            // 4, old path
        #expect(diff.itemInserts == [IndexPath(item: 2, section: 0)])            // 7, new path
        #expect(diff.itemMoves.count == 1)                                       // 5 or 3, not both
        #expect(diff.applied(to: old) == new)
    }

    /// Items of a deleted section that live on elsewhere are inserts there,
    /// never moves out of the deleted section.
    @Test func deletedSectionWhoseItemsMovedOut() {
        let old = [Self.section(0, [1, 2]), Self.section(1, [3, 4])]
        let new = [Self.section(1, [3, 1, 4, 2])]
        let diff = SectionedDiff(from: old, to: new)
        #expect(diff.sectionDeletes == [0])
        #expect(diff.itemInserts == [IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0)])
        #expect(diff.itemMoves.isEmpty && diff.itemDeletes.isEmpty)
        #expect(diff.applied(to: old) == new)
    }

    /// Items that end up in an inserted section are deletes where they were.
    @Test func itemsMovedIntoAnInsertedSection() {
        let old = [Self.section(0, [1, 2, 3])]
        let new = [Self.section(0, [1]), Self.section(9, [3, 2])]
        let diff = SectionedDiff(from: old, to: new)
        #expect(diff.sectionInserts == [1])
        #expect(diff.itemDeletes == [IndexPath(item: 1, section: 0), IndexPath(item: 2, section: 0)])
        #expect(diff.itemInserts.isEmpty && diff.itemMoves.isEmpty)
        #expect(diff.applied(to: old) == new)
    }

    @Test func emptySectionsAndEmptySnapshots() {
        let some = [Self.section(0, []), Self.section(1, [1])]
        #expect(SectionedDiff(from: [EntrySection](), to: []).isEmpty)
        let fromNothing = SectionedDiff(from: [], to: some)
        #expect(fromNothing.sectionInserts == [0, 1] && fromNothing.itemInserts.isEmpty)
        #expect(fromNothing.applied(to: []) == some)
        let toNothing = SectionedDiff(from: some, to: [])
        #expect(toNothing.sectionDeletes == [0, 1] && toNothing.itemDeletes.isEmpty)
        #expect(toNothing.applied(to: some) == [])
        #expect(SectionedDiff(from: some, to: some).isEmpty)
    }

    /// String section identities and constant-hash item identities take the
    /// callback paths of the core and still diff exactly.
    @Test func hashedAndCollidingIdentities() {
        typealias Named = DiffSection<String, CollidingEntry>
        func named(_ scenario: [EntrySection]) -> [Named] {
            scenario.map { section in
                Named(
                    model: "section \(section.model.id)",
                    items: section.items.map { CollidingEntry(id: ConstantHashID($0.id), version: $0.version) })
            }
        }
        for seed in 0 ..< UInt64(8) {
            let scenario = SectionScenario(sections: 6, itemsPerSection: 12, seed: seed &+ 500, duplicates: seed % 2 == 0)
            let plain = SectionedDiff(from: scenario.old, to: scenario.new)
            let old = named(scenario.old), new = named(scenario.new)
            let diff = SectionedDiff(from: old, to: new)
            diff._checkInvariants()
            #expect(diff.applied(to: old) == new)
            #expect(diff.sectionDeletes == plain.sectionDeletes && diff.sectionInserts == plain.sectionInserts)
            #expect(diff.sectionMoves == plain.sectionMoves)
            #expect(diff.itemDeletes == plain.itemDeletes && diff.itemInserts == plain.itemInserts)
            #expect(diff.itemMoves == plain.itemMoves && diff.itemUpdates == plain.itemUpdates)
            // Section titles differ from Header titles, so only identities line up.
            #expect(diff.sectionUpdates.isEmpty)
        }
    }
}
