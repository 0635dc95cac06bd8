import Foundation
import Weft
public import WeftMemory
import WeftHeadless
import WeftCore
import WeftNode

/// A loaded `CollectionNode` whose cells hold 100k nodes in all (16,667 cells of a
/// cell node and five subnodes), ready to be dropped: the container-release jobs.
///
/// Every sample builds a fresh container, outside the measurement, with a dealloc
/// queue of its own, so `drain()` waits for this container's nodes only.
@MainActor
public final class ContainerReleaseFixture {
    /// 16,667 cells x 6 nodes = 100,002 nodes.
    public static let cellCount = 16_667
    public let queue: DeallocQueue
    private var collection: CollectionNode?
    private let feed: ReleaseFeed

    /// Loads the collection: every node allocated and measured, the first screen visible.
    public init() throws {
        queue = try DeallocQueue()
        feed = ReleaseFeed(count: Self.cellCount)
        let collection = CollectionNode(
            layout: try ListLayout(), view: HeadlessCollectionView(), mainScheduler: FrameDrivenScheduler(),
            deallocQueue: queue)
        collection.dataSource = feed
        collection.viewportSize = CGSize(width: 320, height: 640)
        collection.isVisible = true
        collection.reloadData()
        collection.waitUntilAllUpdatesAreProcessed()
        self.collection = collection
    }

    /// Drops the last reference to the collection, and returns the time the
    /// releasing thread spent on it; with `draining`, also the time until the
    /// dealloc queue has released everything.
    public func drop(draining: Bool) throws -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        collection = nil
        if draining { try queue.drain() }
        let time = clock.now - start
        try queue.drain()
        return time
    }

    /// The same tree of nodes, 16,667 cells with five subnodes each, held by an
    /// array and released on the calling thread: Texture without its dealloc queue.
    public static func synchronousRelease() -> Duration {
        var cells = (0 ..< cellCount).map { ReleaseCell(id: $0) }
        let clock = ContinuousClock()
        let start = clock.now
        replaceOpaquely(&cells, with: [])
        return clock.now - start
    }
}

/// A cell node with five subnodes, as a post with avatar, name, title, body and footer.
public final class ReleaseCell: CellNode, @unchecked Sendable {
    public init(id: Int) {
        super.init()
        for _ in 0 ..< 5 { try? addSubnode(DisplayNode()) }
    }

    override public func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: 80)
    }
}

/// One section of release cells.
@MainActor
final class ReleaseFeed: CollectionNodeDataSource {
    let count: Int

    init(count: Int) { self.count = count }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath
    ) -> CellNodeBlock {
        let id = indexPath.item
        return { ReleaseCell(id: id) }
    }
}

/// Views of loaded nodes released on main a few per turn, against all at once.
@MainActor
public enum ViewReleaseFixture {
    /// Loads the views of `count` nodes, drops the nodes (their views go to a
    /// main-context release queue) and returns the median main-thread time of one
    /// release turn of ``MainContextReleaseQueue/defaultBatchSize`` views.
    public static func medianTurn(views count: Int) throws -> Duration {
        let queue = try MainContextReleaseQueue(scheduler: FrameDrivenScheduler())
        var nodes = (0 ..< count).map { _ in DisplayNode() }
        for node in nodes {
            node.viewReleaseQueue = queue
            _ = node.view
        }
        nodes = []
        consumeOpaquely(nodes)
        var turns: [Duration] = []
        let clock = ContinuousClock()
        while queue.statistics.pendingCount > 0 {
            let start = clock.now
            try queue.releaseNextBatch()
            turns.append(clock.now - start)
        }
        return turns.sorted()[turns.count / 2]
    }

    /// The same number of views released in one go on main, as a node that
    /// dropped its view where it died would.
    public static func allAtOnce(views count: Int) -> Duration {
        var views = (0 ..< count).map { _ in HeadlessNodeView() }
        let clock = ContinuousClock()
        let start = clock.now
        replaceOpaquely(&views, with: [])
        return clock.now - start
    }
}
