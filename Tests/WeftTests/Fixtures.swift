import Foundation
import Weft
import WeftDiff
import WeftTestSupport
import WeftHeadless
import WeftMemory
import WeftCore
import WeftDataController

/// A story of the test feed.
struct Story: Hashable, Sendable, Diffable {
    var id: Int
    var version = 0

    var diffIdentifier: Int { id }
    func isContentEqual(to other: Story) -> Bool { version == other.version }
}

/// A story's node, 100 points tall. A reload hands it the story's new version
/// (the node model), which it shows from then on.
class StoryNode: CellNode, @unchecked Sendable {
    private let shownStory: PosixMutex<Story>
    var story: Story { shownStory.withLock { $0 } }

    init(story: Story) {
        shownStory = PosixMutex(story)
        super.init()
    }

    override func updateNodeModel(_ model: any Hashable & Sendable) {
        super.updateNodeModel(model)
        if let story = model as? Story { shownStory.withLock { $0 = story } }
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: 100)
    }
}

/// A collection node over a headless view, a list of stories, and a manual main context.
@MainActor
final class StoryFeed: CollectionNodeDataSource, CollectionNodeDelegate {
    var stories: [Story]
    let scheduler = ManualMainScheduler()
    let node: CollectionNode
    var fetchContexts: [BatchContext] = []
    /// What a fetch does after it is recorded; nothing by default.
    var onFetch: ((BatchContext) -> Void)?
    /// How often ``shouldBatchFetch(for:)`` was asked.
    var fetchQuestions = 0
    var fetchesAllowed = true
    /// Makes each story's node instead of a ``StoryNode`` of 100 points.
    var makeNode: (@Sendable (Story) -> StoryNode)?
    /// How many node blocks the collection asked for.
    var nodeBlockRequests = 0
    /// Whether new nodes refuse new models (``FixedStoryNode``), so reloads replace them.
    var makesFixedNodes = false
    /// Whether the feed answers on any thread too (``sendableItemPartsAsker(for:)``).
    var answersOffMain = false
    /// The items the off-main function answered, and how many of them it
    /// answered on main, which it never should.
    let offMainAnswers = OffMainAnswers()

    init(count: Int, node makeNode: ((ManualMainScheduler, DeallocQueue) throws -> CollectionNode)? = nil) throws {
        stories = (0 ..< count).map { Story(id: $0) }
        let deallocQueue = try DeallocQueue()
        node = try makeNode?(scheduler, deallocQueue)
            ?? CollectionNode(layout: try ListLayout(), view: HeadlessCollectionView(), mainScheduler: scheduler, deallocQueue: deallocQueue)
        node.dataSource = self
        node.delegate = self
        node.viewportSize = CGSize(width: 320, height: 500)
        node.isVisible = true
    }

    var view: HeadlessCollectionView { node.headlessView }

    /// The stories the view shows, read from its cells' nodes.
    var shown: [Story] {
        view.allCells.flatMap { $0 }.map { (($0 as! CollectionElement).nodeIfAllocated as! StoryNode).story }
    }

    func load() {
        node.reloadData()
        node.waitUntilAllUpdatesAreProcessed()
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        stories.count
    }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        nodeBlockRequests += 1
        let story = stories[indexPath.item]
        if makesFixedNodes { return { FixedStoryNode(story: story) } }
        if let makeNode { return { makeNode(story) } }
        return { StoryNode(story: story) }
    }

    func collectionNode(_ collectionNode: CollectionNode, nodeModelForItemAt indexPath: IndexPath) -> (any Hashable & Sendable)? {
        stories[indexPath.item]
    }

    func sendableItemPartsAsker(
        for collectionNode: CollectionNode
    ) -> (@Sendable (IndexPath) -> (
        nodeBlock: CellNodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?
    ))? {
        guard answersOffMain else { return nil }
        let stories = stories, size = collectionNode.defaultConstrainedSize, answers = offMainAnswers
        return { indexPath in
            answers.record()
            let story = stories[indexPath.item]
            return ({ StoryNode(story: story) }, size, story)
        }
    }

    func shouldBatchFetch(for collectionNode: CollectionNode) -> Bool {
        fetchQuestions += 1
        return fetchesAllowed
    }

    func collectionNode(_ collectionNode: CollectionNode, willBeginBatchFetchWith context: BatchContext) {
        fetchContexts.append(context)
        onFetch?(context)
    }
}

extension CollectionNode {
    /// The headless view every fixture gives its container, which checks each
    /// commit and mounts the visible cells: the tests' one downcast of `view`.
    var headlessView: HeadlessCollectionView {
        guard let view = view as? HeadlessCollectionView else {
            preconditionFailure("the fixture's container was made without a HeadlessCollectionView")
        }
        return view
    }
}

/// What a feed's off-main function answered: every answer, and those given on main.
final class OffMainAnswers: Sendable {
    private let counts = PosixMutex((all: 0, onMain: 0))

    func record() {
        let onMain = MainQueue.isCurrent
        counts.withLock {
            $0.all += 1
            if onMain { $0.onMain += 1 }
        }
    }

    var all: Int { counts.withLock { $0.all } }
    var onMain: Int { counts.withLock { $0.onMain } }
}

extension StoryFeed {
    /// Runs `body` with the data controller's map queue held, so that a
    /// derivation `body` starts is seen in flight however fast the other core is.
    func holdingMapQueue(_ body: () throws -> Void) rethrows {
        node.dataController.mapQueue.suspend()
        defer { node.dataController.mapQueue.resume() }
        try body()
    }
}
