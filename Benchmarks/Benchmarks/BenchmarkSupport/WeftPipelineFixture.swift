import Foundation
public import WeftDataController
public import WeftNode

/// Weft's side of the batch-update benchmark: a data controller loaded with a
/// feed, driven through its hand-off scheduler.
@MainActor
public final class WeftPipelineFixture {
    public let feed: PostFeed
    public let controller: DataController
    public let scheduler = HandOffScheduler()
    private let delegate = SwapOnlyDelegate()

    /// The size range the batch-update jobs measure posts in: 375 points wide, any height.
    public static func postSizeRange() throws -> SizeRange {
        try SizeRange(min: CGSize(width: 375, height: 0), max: CGSize(width: 375, height: CGFloat.infinity))
    }

    /// Loads `count` posts, every node allocated and measured; with a header
    /// if `feed` says so.
    public init(count: Int, sizeRange: SizeRange, hasHeader: Bool = false, reloadsHeader: Bool = true) {
        feed = PostFeed(count: count, hasHeader: hasHeader, reloadsHeader: reloadsHeader)
        controller = DataController(mainScheduler: scheduler)
        controller.viewportSize = sizeRange.max.width.isFinite ? CGSize(width: sizeRange.max.width, height: 667) : .zero
        controller.dataSource = feed
        controller.delegate = delegate
        controller.reloadData()
        scheduler.waitForPass()
        scheduler.runPass()
    }

    /// Inserts `count` posts spread through the feed as one batch update, and
    /// returns the nanoseconds main spent in steps 1, 2 and 5; the wait for the
    /// background steps in between does not count.
    public func insertSpread(_ count: Int) -> Int {
        let paths = feed.insertSpread(count)
        var changeSet = controller.makeChangeSet()
        changeSet.insertItems(at: paths)
        let start = ContinuousClock.now
        controller.updateWithChangeSet(changeSet)
        let handedOver = ContinuousClock.now
        scheduler.waitForPass()
        let commitStart = ContinuousClock.now
        scheduler.runPass()
        let end = ContinuousClock.now
        return nanoseconds(start, handedOver) + nanoseconds(commitStart, end)
    }
}
