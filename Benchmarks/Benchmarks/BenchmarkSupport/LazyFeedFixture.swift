public import Foundation
import Synchronization
public import Weft
import WeftHeadless
import WeftDataController

/// A feed of 100-point rows in a `CollectionNode`, loaded lazily or eagerly: the
/// lazy-loading jobs. It counts the nodes its blocks make, and drives frames as
/// a device's run loop would: every job handed to main runs inside a measured
/// frame, and between frames the editing queue gets the time it needs.
@MainActor
public final class LazyFeedFixture: CollectionNodeDataSource {
    public let node: CollectionNode
    private let scheduler = QueueScheduler()
    private let count: Int
    private let made = MadeCount()

    /// A feed of `count` rows, not loaded yet.
    public init(count: Int, loading: DataController.ItemLoading) throws {
        self.count = count
        node = CollectionNode(
            layout: try ListLayout(estimatedItemLength: ScrollFixture.itemLength), view: HeadlessCollectionView(),
            itemLoading: loading,
            mainScheduler: scheduler, deallocQueue: .shared)
        node.dataSource = self
        node.viewportSize = CGSize(width: ScrollFixture.width, height: 667)
        node.isVisible = true
    }

    /// The nodes the feed's blocks made so far.
    public var nodesMade: Int { made.value.load(ordering: .relaxed) }

    /// What loading the feed cost until its first screen had measured nodes.
    public struct LoadTimes {
        /// From `reloadData()` until the first screen's nodes were committed.
        public var firstContent: Duration = .zero
        /// The part of it main spent: every commit, range pass and load.
        public var main: Duration = .zero
    }

    /// Loads the feed and runs main's jobs until the visible rows have nodes.
    ///
    /// - Throws: `LazyFeedFixture.Stalled` if no job reaches main for 60 seconds.
    public func load() throws -> LoadTimes {
        let clock = ContinuousClock()
        let start = clock.now
        var times = LoadTimes()
        times.main += measure { node.reloadData() }
        while !firstScreenIsShown {
            guard scheduler.waitForJob(timeout: .seconds(60)) else { throw Stalled() }
            times.main += measure { scheduler.runJob() }
        }
        times.firstContent = clock.now - start
        return times
    }

    /// Main's jobs stopped arriving before the first screen was shown.
    public struct Stalled: Error {}

    private var firstScreenIsShown: Bool {
        let visible = node.indexPathsForVisibleItems
        return !visible.isEmpty && node.visibleNodes.count == visible.count
    }

    /// Scrolls `frames` frames of `points` each toward the end and returns each
    /// frame's main-thread time: the jobs waiting for main (commits, loads, range
    /// passes), the scroll and the frame's range update and mount pass.
    public func scroll(frames: Int, points: CGFloat) -> [Duration] {
        var times: [Duration] = []
        times.reserveCapacity(frames)
        let limit = max(node.layout.contentSize.height - node.viewportSize.height, 0)
        for _ in 0 ..< frames {
            // A device's frame gives the editing queue about 16 ms; these frames
            // take microseconds, so wait for what it has in hand.
            while node.isProcessingUpdates, !scheduler.hasScheduledJobs {
                scheduler.waitUntilJobScheduled()
            }
            times.append(measure {
                scheduler.runScheduledJobs()
                node.contentOffset.y = min(node.contentOffset.y + points, limit)
                node.layoutIfNeeded()
            })
        }
        return times
    }

    private func measure(_ body: () -> Void) -> Duration {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        return clock.now - start
    }

    public func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        count
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath
    ) -> CollectionElement.NodeBlock {
        let made = made
        return {
            made.value.add(1, ordering: .relaxed)
            return RowNode()
        }
    }

    /// The same answers on any thread, as a data source whose rows are values
    /// gives them: an eager load's items are then made off main.
    public func sendableItemPartsAsker(
        for collectionNode: CollectionNode
    ) -> (@Sendable (IndexPath) -> (
        nodeBlock: CellNodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?
    ))? {
        let made = made, size = collectionNode.defaultConstrainedSize
        return { _ in
            ({
                made.value.add(1, ordering: .relaxed)
                return RowNode()
            }, size, nil)
        }
    }
}

/// The nodes a feed's blocks made, counted on the threads that make them.
private final class MadeCount: Sendable {
    let value = Atomic(0)
}
