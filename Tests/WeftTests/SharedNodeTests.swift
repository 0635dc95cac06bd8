import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftHeadless
import WeftMemory
import WeftCore

/// Node blocks that hand out nodes they made before: one node for every item is
/// refused (a node shows one item), a node passed on from an item the same update
/// removes is not. End to end through the three containers.
@MainActor
@Suite struct SharedNodeTests {
    /// Stories whose nodes the data source keeps by story id, as an app with a node
    /// cache would, or one node for every story.
    final class CachingFeed: CollectionNodeDataSource {
        enum Blocks { case oneNodeForAll, cachedByStory }
        var stories: [Story]
        let blocks: Blocks
        let cache = NodeCache()
        let theNode = StoryNode(story: Story(id: -1))

        init(count: Int, blocks: Blocks) {
            stories = (0 ..< count).map { Story(id: $0) }
            self.blocks = blocks
        }

        func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int {
            stories.count
        }

        func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
            let story = stories[indexPath.item]
            switch blocks {
            case .oneNodeForAll:
                let node = theNode
                return { node }
            case .cachedByStory:
                let cache = cache
                return {
                    cache.nodes.withLock { nodes in
                        if let node = nodes[story.id] { return node }
                        let node = FixedStoryNode(story: story)
                        nodes[story.id] = node
                        return node
                    }
                }
            }
        }

        func collectionNode(_ collectionNode: CollectionNode, nodeModelForItemAt indexPath: IndexPath) -> (any Hashable & Sendable)? {
            stories[indexPath.item]
        }
    }

    /// Nodes by story id; node blocks run on the allocation threads. A pthread lock,
    /// which ThreadSanitizer sees (a contended `Mutex` hands over inside the runtime).
    final class NodeCache: Sendable {
        let nodes = PosixMutex<[Int: StoryNode]>([:])
    }

    @MainActor
    struct Container {
        let node: CollectionNode
        let feed: CachingFeed
        var view: HeadlessCollectionView { node.headlessView }

        /// The nodes of the items, in the data source's index space.
        var nodes: [CellNode?] {
            (0 ..< node.numberOfItems(inSection: 0)).map { node.nodeForItem(at: IndexPath(item: $0, section: 0)) }
        }
    }

    func load(_ kind: ContainerKind, count: Int, blocks: CachingFeed.Blocks) throws -> Container {
        let node = try kind.make(scheduler: ManualMainScheduler(), queue: try DeallocQueue())
        let feed = CachingFeed(count: count, blocks: blocks)
        node.dataSource = feed
        node.viewportSize = CGSize(width: 320, height: 500)
        node.isVisible = true
        node.reloadData()
        node.waitUntilAllUpdatesAreProcessed()
        return Container(node: node, feed: feed)
    }

    @Test(arguments: ContainerKind.allCases)
    func aBlockThatReturnsOneNodeForEveryItemIsRefused(_ kind: ContainerKind) throws {
        let container = try load(kind, count: 5, blocks: .oneNodeForAll)
        let nodes = container.nodes.compactMap { $0 }
        #expect(nodes.count == 5)
        #expect(Set(nodes.map(ObjectIdentifier.init)).count == 5, "every item has a node of its own")
        // Blocks run in parallel, so any one item may have won the node.
        let holder = try #require(container.node.indexPath(for: container.feed.theNode))
        let errors = container.node.sharedNodeErrors
        #expect(errors.count == 4)
        #expect(Set(errors.compactMap(\.indexPath)) == Set((0 ..< 5).map { IndexPath(item: $0, section: 0) }).subtracting([holder]))
        #expect(errors.allSatisfy { $0.holderIndexPath == holder })
        #expect(errors.first?.description.contains("item \(holder.item) of section 0 already holds") == true)
        // The refused items show empty cell nodes, each where it belongs.
        for (item, node) in nodes.enumerated() where item != holder.item {
            #expect(!(node is StoryNode))
            #expect(container.node.indexPath(for: node) == IndexPath(item: item, section: 0))
        }
        #expect(container.view.inconsistencies.isEmpty && container.view.divergences.isEmpty)
    }

    @Test(arguments: ContainerKind.allCases)
    func aReloadMayHandTheNewElementTheOldItemsNode(_ kind: ContainerKind) throws {
        let container = try load(kind, count: 5, blocks: .cachedByStory)
        let before = container.nodes
        // A new version that a FixedStoryNode cannot take: the reload makes a new
        // element, whose block returns the cached node of the element it replaces.
        container.feed.stories[2].version = 1
        try container.node.reloadItems(at: [IndexPath(item: 2, section: 0)])
        container.node.waitUntilAllUpdatesAreProcessed()
        #expect(container.nodes.map { $0.map(ObjectIdentifier.init) } == before.map { $0.map(ObjectIdentifier.init) })
        #expect(container.node.sharedNodeErrors.isEmpty)
        #expect(container.node.indexPath(for: try #require(before[2])) == IndexPath(item: 2, section: 0))
    }

    @Test(arguments: ContainerKind.allCases)
    func aNodeMayPassFromADeletedItemButNotFromOneThatStays(_ kind: ContainerKind) throws {
        let container = try load(kind, count: 5, blocks: .cachedByStory)
        let first = try #require(container.nodes[0])
        // Story 0 leaves and comes back at the end in one batch: its node passes on.
        try container.node.performBatchUpdates {
            container.feed.stories.append(container.feed.stories.removeFirst())
            try container.node.deleteItems(at: [IndexPath(item: 0, section: 0)])
            try container.node.insertItems(at: [IndexPath(item: 4, section: 0)])
        }
        container.node.waitUntilAllUpdatesAreProcessed()
        #expect(container.nodes[4] === first)
        #expect(container.node.sharedNodeErrors.isEmpty)
        // Story 1 (now first) appears a second time: its node stays with the first
        // item, so the new item is refused and shows an empty node.
        let kept = try #require(container.nodes[0])
        try container.node.performBatchUpdates {
            container.feed.stories.append(container.feed.stories[0])
            try container.node.insertItems(at: [IndexPath(item: 5, section: 0)])
        }
        container.node.waitUntilAllUpdatesAreProcessed()
        #expect(container.nodes[0] === kept && container.nodes[5] !== kept)
        #expect(container.node.sharedNodeErrors == [SharedNodeError(
            indexPath: IndexPath(item: 5, section: 0), supplementaryKind: nil,
            holderIndexPath: IndexPath(item: 0, section: 0), holderSupplementaryKind: nil)])
    }

    /// The same rule when the map queue derives the pending map and retires the
    /// removed elements there: the moved stories' nodes pass to their new items,
    /// and a story that stays keeps its node from a second item in the same batch.
    @Test(arguments: ContainerKind.allCases)
    func aNodeMayPassFromADeletedItemWhenTheMapQueueRetiresIt(_ kind: ContainerKind) throws {
        let container = try load(kind, count: 20, blocks: .cachedByStory)
        container.node.dataController.offMainMapEditThreshold = 0
        let moved = try (0 ..< 5).map { try #require(container.nodes[$0]) }
        let stays = try #require(container.nodes[5])
        try container.node.performBatchUpdates {
            let leaving = container.feed.stories.prefix(5)
            container.feed.stories.removeFirst(5)
            container.feed.stories += leaving + [container.feed.stories[0]]
            try container.node.deleteItems(at: (0 ..< 5).map { IndexPath(item: $0, section: 0) })
            try container.node.insertItems(at: (15 ... 20).map { IndexPath(item: $0, section: 0) })
        }
        #expect(container.node.dataController.isDerivingPendingMap, "the map queue derives this batch")
        container.node.waitUntilAllUpdatesAreProcessed()
        #expect(container.nodes[15 ..< 20].map { $0.map(ObjectIdentifier.init) } == moved.map(ObjectIdentifier.init))
        #expect(container.nodes[0] === stays && container.nodes[20] !== stays)
        #expect(container.node.sharedNodeErrors == [SharedNodeError(
            indexPath: IndexPath(item: 20, section: 0), supplementaryKind: nil,
            holderIndexPath: IndexPath(item: 0, section: 0), holderSupplementaryKind: nil)])
        #expect(container.view.inconsistencies.isEmpty && container.view.divergences.isEmpty)
    }
}
