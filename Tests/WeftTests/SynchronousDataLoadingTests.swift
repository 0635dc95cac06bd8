import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftMemory

/// `usesSynchronousDataLoading` (Texture's name): every update returns committed,
/// through every container and every way of updating.
@MainActor
@Suite struct SynchronousDataLoadingTests {
    func container(_ kind: ContainerKind, synchronous: Bool) throws -> CollectionNode {
        let node = try kind.make(scheduler: ManualMainScheduler(), queue: try DeallocQueue())
        node.usesSynchronousDataLoading = synchronous
        node.viewportSize = CGSize(width: 320, height: 500)
        node.isVisible = true
        return node
    }

    /// The items the committed map holds: what the view shows.
    func shown(_ node: CollectionNode) -> Int {
        let map = node.dataController.visibleMap
        return map.numberOfSections == 0 ? 0 : map.numberOfItems(inSection: 0)
    }

    @Test(arguments: ContainerKind.allCases)
    func reloadsAndBatchesReturnCommitted(kind: ContainerKind) throws {
        let chat = Chat(Array(0 ..< 4))
        let node = try container(kind, synchronous: true)
        node.dataSource = chat
        var reloaded = false
        node.reloadData { reloaded = true }
        #expect(reloaded, "\(kind): the reload's completion ran before reloadData returned")
        #expect(shown(node) == 4)
        let first = try #require(node.nodeForItem(at: IndexPath(item: 0, section: 0)))
        #expect(first.calculatedLayout != nil, "\(kind): measured")
        var finished: Bool?
        try node.performBatchUpdates({
            chat.messages.insert(10, at: 0)
            try node.insertItems(at: [IndexPath(item: 0, section: 0)])
        }, completion: { finished = $0 })
        #expect(finished == true, "\(kind): the batch committed before performBatchUpdates returned")
        #expect(shown(node) == 5)
        chat.messages.removeLast()
        try node.deleteItems(at: [IndexPath(item: 4, section: 0)])
        #expect(shown(node) == 4, "\(kind): a lone edit too")
    }

    /// The default, for contrast: the same reload returns before it commits.
    @Test(arguments: ContainerKind.allCases)
    func byDefaultUpdatesReturnBeforeTheyCommit(kind: ContainerKind) throws {
        let chat = Chat(Array(0 ..< 4))
        let node = try container(kind, synchronous: false)
        node.dataSource = chat
        var reloaded = false
        node.reloadData { reloaded = true }
        #expect(!reloaded && shown(node) == 0)
        node.waitUntilAllUpdatesAreProcessed()
        #expect(reloaded)
    }

    @Test func aSnapshotAppliedOnMainReturnsCommitted() throws {
        let node = try container(.collection, synchronous: true)
        let source = CollectionDiffableDataSource<Int, Int>(collectionNode: node) { _, id in { MessageNode(id: id) } }
        var snapshot = CollectionSnapshot<Int, Int>()
        try snapshot.appendSections([0])
        try snapshot.appendItems([1, 2, 3])
        try source.apply(snapshot)
        #expect(shown(node) == 3)
        try snapshot.appendItems([4])
        var finished: Bool?
        try source.apply(snapshot) { finished = $0 }
        #expect(finished == true && shown(node) == 4)
    }
}
