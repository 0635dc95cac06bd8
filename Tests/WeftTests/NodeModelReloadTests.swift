import Foundation
import Testing
import Weft
import WeftTestSupport

/// A story node that cannot show another version: its reloads make a new node.
final class FixedStoryNode: StoryNode, @unchecked Sendable {
    override func canUpdate(toNodeModel model: any Hashable & Sendable) -> Bool { false }
}

/// Texture's rule for reloads with node models, end to end through the containers:
/// a node that can take the new model keeps its place and gets the model; any other
/// is replaced.
@MainActor
@Suite struct NodeModelReloadTests {
    func feed(_ kind: ContainerKind) throws -> StoryFeed {
        let feed = try StoryFeed(count: 10) { scheduler, queue in try kind.make(scheduler: scheduler, queue: queue) }
        feed.load()
        return feed
    }

    func reloadFirst(_ feed: StoryFeed) throws {
        try feed.node.performBatchUpdates {
            feed.stories[0].version += 1
            try feed.node.reloadItems(at: [IndexPath(item: 0, section: 0)])
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
    }

    @Test(arguments: ContainerKind.allCases)
    func aNodeThatCanTakeTheNewModelIsKeptAndGetsIt(kind: ContainerKind) throws {
        let feed = try feed(kind)
        let before = try #require(feed.node.nodeForItem(at: IndexPath(item: 0, section: 0)) as? StoryNode)
        try reloadFirst(feed)
        let after = try #require(feed.node.nodeForItem(at: IndexPath(item: 0, section: 0)) as? StoryNode)
        #expect(after === before)
        #expect(after.story == Story(id: 0, version: 1))
        #expect(after.nodeModel as? Story == Story(id: 0, version: 1))
        #expect(feed.shown == feed.stories)
        #expect(feed.view.inconsistencies.isEmpty)
    }

    @Test(arguments: ContainerKind.allCases)
    func aNodeThatCannotTakeTheNewModelIsReplaced(kind: ContainerKind) throws {
        let feed = try StoryFeed(count: 10) { scheduler, queue in try kind.make(scheduler: scheduler, queue: queue) }
        feed.makesFixedNodes = true
        feed.load()
        let before = try #require(feed.node.nodeForItem(at: IndexPath(item: 0, section: 0)) as? FixedStoryNode)
        try reloadFirst(feed)
        let after = try #require(feed.node.nodeForItem(at: IndexPath(item: 0, section: 0)) as? FixedStoryNode)
        #expect(after !== before)
        #expect(after.story == Story(id: 0, version: 1) && before.story == Story(id: 0, version: 0))
        #expect(feed.shown == feed.stories)
        #expect(feed.view.inconsistencies.isEmpty)
    }
}
