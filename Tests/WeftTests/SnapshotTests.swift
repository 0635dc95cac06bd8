import Foundation
import Testing
import Weft
import WeftCore
import WeftTestSupport
import WeftHeadless
import WeftMemory

@MainActor
@Suite struct SnapshotTests {
    /// One random snapshot call, made on the model and the snapshot alike.
    private func randomEdit(
        _ model: inout SnapshotModel<Int, Int>, _ snapshot: inout CollectionSnapshot<Int, Int>, _ random: inout SplitMix64
    ) -> (String, Result<Void, SnapshotError>, Result<Void, SnapshotError>) {
        func s() -> Int { Int.random(in: 0 ..< 6, using: &random) }
        func i() -> Int { Int.random(in: 0 ..< 30, using: &random) }
        func items() -> [Int] { (0 ..< Int.random(in: 1 ... 3, using: &random)).map { _ in i() } }
        let after = Bool.random(using: &random)
        let (a, b, list, sections) = (i(), i(), items(), [s()])
        let (x, y) = (s(), s())
        func both(
            _ name: String, _ m: (inout SnapshotModel<Int, Int>) throws -> Void,
            _ c: (inout CollectionSnapshot<Int, Int>) throws -> Void
        ) -> (String, Result<Void, SnapshotError>, Result<Void, SnapshotError>) {
            func run<T>(_ body: (inout T) throws -> Void, on value: inout T) -> Result<Void, SnapshotError> {
                do {
                    try body(&value)
                    return .success(())
                } catch {
                    return .failure(error as! SnapshotError)
                }
            }
            return (name, run(m, on: &model), run(c, on: &snapshot))
        }
        switch Int.random(in: 0 ..< 16, using: &random) {
        case 0: return both("appendSections \(sections)", { m in try m.appendSections(sections) }, { try $0.appendSections(sections) })
        case 1: return both("insertSections \(sections) \(after) \(x)", { m in try m.insertSections(sections, relativeTo: x, after: after) }) {
            after ? try $0.insertSections(sections, afterSection: x) : try $0.insertSections(sections, beforeSection: x)
        }
        case 2: return both("deleteSections \(sections)", { m in try m.deleteSections(sections) }, { try $0.deleteSections(sections) })
        case 3: return both("moveSection \(x) \(after) \(y)", { m in try m.moveSection(x, relativeTo: y, after: after) }) {
            after ? try $0.moveSection(x, afterSection: y) : try $0.moveSection(x, beforeSection: y)
        }
        case 4: return both("reloadSections \(sections)", { m in try m.reloadSections(sections) }, { try $0.reloadSections(sections) })
        case 5, 6, 7: return both("appendItems \(list) \(x)", { m in try m.appendItems(list, toSection: after ? x : nil) }) {
            try $0.appendItems(list, toSection: after ? x : nil)
        }
        case 8: return both("insertItems \(list) \(after) \(a)", { m in try m.insertItems(list, relativeTo: a, after: after) }) {
            after ? try $0.insertItems(list, afterItem: a) : try $0.insertItems(list, beforeItem: a)
        }
        case 9, 10: return both("deleteItems \(list)", { m in try m.deleteItems(list) }, { try $0.deleteItems(list) })
        case 11, 12: return both("moveItem \(a) \(after) \(b)", { m in try m.moveItem(a, relativeTo: b, after: after) }) {
            after ? try $0.moveItem(a, afterItem: b) : try $0.moveItem(a, beforeItem: b)
        }
        case 13: return both("reloadItems \(list)", { m in try m.reloadItems(list) }, { try $0.reloadItems(list) })
        case 14: return both("reconfigureItems \(list)", { m in try m.reconfigureItems(list) }, { try $0.reconfigureItems(list) })
        default:
            guard Int.random(in: 0 ..< 8, using: &random) == 0 else { return ("nothing", .success(()), .success(())) }
            return both("deleteAllItems", { m in m.deleteAllItems() }, { $0.deleteAllItems() })
        }
    }

    private func expectEqual(_ model: SnapshotModel<Int, Int>, _ snapshot: CollectionSnapshot<Int, Int>, _ step: String) {
        snapshot._checkInvariants()
        #expect(snapshot.sectionIdentifiers == model.sections.map(\.id), "\(step)")
        #expect(snapshot.numberOfSections == model.sections.count, "\(step)")
        #expect(snapshot.itemIdentifiers == model.itemIdentifiers, "\(step)")
        #expect(snapshot.numberOfItems == model.itemIdentifiers.count, "\(step)")
        for section in model.sections {
            #expect((try? snapshot.itemIdentifiers(inSection: section.id)) == section.items, "\(step)")
            #expect((try? snapshot.numberOfItems(inSection: section.id)) == section.items.count, "\(step)")
        }
        for s in 0 ..< 6 { #expect(snapshot.indexOfSection(s) == model.sectionIndex(s), "\(step)") }
        for i in 0 ..< 30 {
            #expect(snapshot.indexOfItem(i) == model.itemIdentifiers.firstIndex(of: i), "\(step)")
            #expect(snapshot.sectionIdentifier(containingItem: i) == model.path(i).map { model.sections[$0.section].id }, "\(step)")
        }
        #expect(snapshot.reloadedSectionIdentifiers == model.reloadedSections, "\(step)")
        #expect(snapshot.reloadedItemIdentifiers == model.reloadedItems, "\(step)")
        #expect(snapshot.reconfiguredItemIdentifiers == model.reconfiguredItems, "\(step)")
    }

    /// Every snapshot method, random calls valid and not, against the reference model.
    @Test func everyMethodMatchesTheReferenceModel() {
        var random = SplitMix64(seed: 19)
        var failures = 0
        for _ in 0 ..< 40 {
            var model = SnapshotModel<Int, Int>()
            var snapshot = CollectionSnapshot<Int, Int>()
            for _ in 0 ..< 60 {
                let (step, expected, actual) = randomEdit(&model, &snapshot, &random)
                switch (expected, actual) {
                case (.success, .success): break
                case (.failure(let e), .failure(let a)):
                    failures += 1
                    #expect(e == a, "\(step)")
                default:
                    Issue.record("\(step): model \(expected), snapshot \(actual)")
                }
                expectEqual(model, snapshot, step)
            }
        }
        #expect(failures > 200, "the sequences exercise the errors too (\(failures))")
    }

    /// Random sequences, applied now and then: the view equals the snapshot,
    /// moved and reconfigured items keep their nodes, reloaded ones get new ones.
    @Test func applyingRandomSnapshotsKeepsTheViewEqualAndNodesWhereUIKitKeepsCells() throws {
        let (node, source) = try makeTagSource()
        var random = SplitMix64(seed: 23)
        var model = SnapshotModel<Int, Int>()
        var snapshot = CollectionSnapshot<Int, Int>()
        try source.apply(snapshot)
        node.waitUntilAllUpdatesAreProcessed()
        var checked = (kept: 0, reloaded: 0, reconfigured: 0)
        for round in 0 ..< 150 {
            for _ in 0 ..< Int.random(in: 1 ... 5, using: &random) { _ = randomEdit(&model, &snapshot, &random) }
            if let item = model.itemIdentifiers.randomElement(using: &random) {
                if Bool.random(using: &random) {
                    try? model.reloadItems([item])
                    try? snapshot.reloadItems([item])
                } else {
                    try? model.reconfigureItems([item])
                    try? snapshot.reconfigureItems([item])
                }
            }
            let before = nodesByTag(node)
            let oldSections = source.snapshot.sectionIdentifiers.map { ($0, (try? source.snapshot.itemIdentifiers(inSection: $0)) ?? []) }
            let counts = before.mapValues(\.reconfigurations)
            try source.apply(snapshot)
            node.waitUntilAllUpdatesAreProcessed()
            #expect(shownTags(node) == model.sections.map(\.items), "round \(round)")
            let after = nodesByTag(node)
            let replacedSections = Set(model.reloadedSections)
            for (tag, old) in before {
                guard let new = after[tag], let s = snapshot.sectionIdentifier(containingItem: tag), !replacedSections.contains(s) else { continue }
                if model.reloadedItems.contains(tag) {
                    #expect(new !== old, "round \(round): reloaded \(tag) keeps its node")
                    checked.reloaded += 1
                } else {
                    #expect(new === old, "round \(round): \(tag) lost its node; \(oldSections) -> \(model.sections)")
                    checked.kept += 1
                    if model.reconfiguredItems.contains(tag) {
                        #expect(new.reconfigurations == counts[tag]! + 1, "round \(round): \(tag) not handed its model")
                        checked.reconfigured += 1
                    } else {
                        #expect(new.reconfigurations == counts[tag]!)
                    }
                }
            }
            #expect(source.snapshot.reloadedItemIdentifiers.isEmpty && source.snapshot.reconfiguredItemIdentifiers.isEmpty)
            model.reloadedItems = []
            model.reconfiguredItems = []
            model.reloadedSections = []
            snapshot = source.snapshot
        }
        #expect(checked.kept > 500 && checked.reloaded > 20 && checked.reconfigured > 20, "\(checked)")
        #expect(node.headlessView.inconsistencies.isEmpty)
    }

    @Test func aReconfiguredItemThatMovesKeepsItsNodeAndSelection() throws {
        let (node, source) = try makeTagSource()
        try source.apply(try CollectionSnapshot([(0, [1, 2, 3])]))
        node.waitUntilAllUpdatesAreProcessed()
        let three = try #require(node.nodeForItem(at: IndexPath(item: 2, section: 0)) as? TagNode)
        try node.selectItem(at: IndexPath(item: 2, section: 0))
        var next = source.snapshot
        try next.moveItem(3, beforeItem: 1)
        try next.reconfigureItems([3])
        try next.reloadItems([2])
        let two = node.nodeForItem(at: IndexPath(item: 1, section: 0))
        try source.apply(next)
        node.waitUntilAllUpdatesAreProcessed()
        #expect(shownTags(node) == [[3, 1, 2]])
        #expect(node.nodeForItem(at: IndexPath(item: 0, section: 0)) === three)
        #expect(three.reconfigurations == 1)
        #expect(node.nodeForItem(at: IndexPath(item: 2, section: 0)) !== two)
        #expect(node.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    }

    @Test func theContainerKeepsTheDiffableDataSourceWiredToIt() throws {
        let node = CollectionNode(layout: try ListLayout(), view: HeadlessCollectionView(), mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        node.viewportSize = CGSize(width: 320, height: 500)
        weak var dropped: CollectionDiffableDataSource<Int, Int>?
        do {
            let source = CollectionDiffableDataSource<Int, Int>(collectionNode: node) { _, id in { TagNode(tag: id) } }
            dropped = source
            try source.apply(try CollectionSnapshot([(0, [1, 2])]))
        }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(dropped != nil, "UIKit would have let it go, and the view would be empty")
        #expect(node.numberOfItems(inSection: 0) == 2)
        _ = CollectionDiffableDataSource<Int, Int>(collectionNode: node) { _, id in { TagNode(tag: id) } }
        #expect(dropped == nil, "a new data source replaces the kept one")
    }

    @Test func duplicateIdentitiesAreRefusedAndTheSnapshotStays() throws {
        #expect(throws: SnapshotError.duplicateItem("2", firstAt: IndexPath(item: 0, section: 0), againAt: IndexPath(item: 0, section: 1))) {
            _ = try CollectionSnapshot<Int, Int>([(0, [2]), (1, [2])])
        }
        #expect(throws: SnapshotError.duplicateSection("0", firstAt: 0, againAt: 1)) {
            _ = try CollectionSnapshot<Int, Int>([(0, []), (0, [])])
        }
        var snapshot = CollectionSnapshot<Int, Int>()
        #expect(throws: SnapshotError.noSections) { try snapshot.appendItems([1]) }
        try snapshot.appendSections([0])
        try snapshot.appendItems([1])
        #expect(throws: SnapshotError.itemAlreadyInSnapshot("1")) { try snapshot.appendItems([4, 1]) }
        #expect(snapshot.itemIdentifiers == [1], "a refused append adds nothing")
        #expect(SnapshotError.itemAlreadyInSnapshot("1").description.contains("1"))
    }

    @Test func aSectionedFeedWithHeadersFromSnapshots() throws {
        let (node, source) = try makeTagSource()
        source.supplementaryElementKinds = [CollectionNode.elementKindSectionHeader]
        source.supplementaryNodeBlockProvider = { _, _, section in { LabelNode("section \(section)", length: 30) } }
        var snapshot = CollectionSnapshot<Int, Int>()
        try snapshot.appendSections([10, 20])
        try snapshot.appendItems([1, 2], toSection: 10)
        try snapshot.appendItems([3], toSection: 20)
        try source.apply(snapshot)
        node.waitUntilAllUpdatesAreProcessed()
        let header = { (section: Int) in
            node.supplementaryNode(ofKind: CollectionNode.elementKindSectionHeader, at: IndexPath(item: 0, section: section)) as? LabelNode
        }
        #expect(header(1)?.label == "section 20")
        try snapshot.moveSection(20, beforeSection: 10)
        try source.apply(snapshot)
        node.waitUntilAllUpdatesAreProcessed()
        #expect(header(0)?.label == "section 20")
        #expect(node.layout.frameForItem(at: IndexPath(item: 0, section: 0))?.minY == 30)
    }
}
