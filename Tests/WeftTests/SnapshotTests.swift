import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftCore

@MainActor
@Suite struct SnapshotTests {
    private func makeSource() throws -> (CollectionNode, CollectionDiffableDataSource<Int, Story>) {
        let node = CollectionNode(layout: try ListLayout(), mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        node.viewportSize = CGSize(width: 320, height: 500)
        let source = CollectionDiffableDataSource<Int, Story>(collectionNode: node) { _, story in
            { StoryNode(story: story) }
        }
        return (node, source)
    }

    private func shown(_ node: CollectionNode) -> [[Story]] {
        let view = node.view as! HeadlessCollectionView
        return view.allCells.map { $0.map { (($0 as! CollectionElement).nodeIfAllocated as! StoryNode).story } }
    }

    @Test func movedItemsKeepTheirNodesAndChangedItemsReload() throws {
        let (node, source) = try makeSource()
        try source.apply(CollectionSnapshot([(0, (0 ..< 4).map { Story(id: $0) }), (1, [Story(id: 10)])]))
        node.waitUntilAllUpdatesAreProcessed()
        let moving = try #require(node.nodeForItem(at: IndexPath(item: 3, section: 0)))
        let changing = try #require(node.nodeForItem(at: IndexPath(item: 1, section: 0)))
        var changed = Story(id: 1)
        changed.version = 1
        try source.apply(CollectionSnapshot([(0, [Story(id: 0), changed, Story(id: 2)]), (1, [Story(id: 3), Story(id: 10)])]))
        node.waitUntilAllUpdatesAreProcessed()
        #expect(shown(node) == source.snapshot.sections.map(\.items))
        #expect(node.nodeForItem(at: IndexPath(item: 0, section: 1)) === moving)
        #expect(node.nodeForItem(at: IndexPath(item: 1, section: 0)) !== changing)
        #expect((node.view as! HeadlessCollectionView).inconsistencies.isEmpty)
    }

    @Test func randomSnapshotsNeverProduceAnInvalidBatch() throws {
        let (node, source) = try makeSource()
        var random = SplitMix64(seed: 42)
        var nextID = 0
        var sections: [(Int, [Story])] = [(0, []), (1, []), (2, [])]
        try source.apply(CollectionSnapshot(sections))
        for round in 0 ..< 300 {
            for _ in 0 ..< Int.random(in: 1 ... 6, using: &random) {
                let s = Int.random(in: 0 ..< sections.count, using: &random)
                switch Int.random(in: 0 ..< 5, using: &random) {
                case 0, 1:
                    sections[s].1.insert(Story(id: nextID), at: Int.random(in: 0 ... sections[s].1.count, using: &random))
                    nextID += 1
                case 2 where !sections[s].1.isEmpty:
                    sections[s].1.remove(at: Int.random(in: 0 ..< sections[s].1.count, using: &random))
                case 3 where !sections[s].1.isEmpty:
                    let story = sections[s].1.remove(at: Int.random(in: 0 ..< sections[s].1.count, using: &random))
                    let t = Int.random(in: 0 ..< sections.count, using: &random)
                    sections[t].1.insert(story, at: Int.random(in: 0 ... sections[t].1.count, using: &random))
                case 4 where !sections[s].1.isEmpty:
                    sections[s].1[Int.random(in: 0 ..< sections[s].1.count, using: &random)].version += 1
                default:
                    sections.swapAt(s, Int.random(in: 0 ..< sections.count, using: &random))
                }
            }
            try source.apply(CollectionSnapshot(sections))
            if round % 3 == 0 {
                node.waitUntilAllUpdatesAreProcessed()
                #expect(shown(node) == sections.map(\.1), "round \(round)")
            }
        }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(shown(node) == sections.map(\.1))
        #expect((node.view as! HeadlessCollectionView).inconsistencies.isEmpty)
    }

    @Test func duplicateIdentitiesAreRefusedAndTheSnapshotStays() throws {
        let (node, source) = try makeSource()
        try source.apply(CollectionSnapshot([(0, [Story(id: 1)])]))
        node.waitUntilAllUpdatesAreProcessed()
        #expect(throws: SnapshotError.duplicateItem("Story(id: 2, version: 0)", firstAt: IndexPath(item: 0, section: 0), againAt: IndexPath(item: 0, section: 1))) {
            try source.apply(CollectionSnapshot([(0, [Story(id: 2)]), (1, [Story(id: 2)])]))
        }
        #expect(source.snapshot.sections.map(\.items) == [[Story(id: 1)]])
        var snapshot = CollectionSnapshot<Int, Story>()
        #expect(throws: SnapshotError.self) { try snapshot.appendItems([Story(id: 1)]) }
        snapshot.appendSections([0])
        try snapshot.appendItems([Story(id: 1)], toSection: 0)
        #expect(snapshot.numberOfItems == 1)
    }
}
