import Foundation
public import WeftDataController

/// A data controller ready to load a feed for the first time: setup outside
/// the measurement, ``run()`` inside it.
@MainActor
public final class InitialLoad {
    private let feed: PostFeed
    private let scheduler = HandOffScheduler()
    public let controller: DataController

    /// A controller over `count` posts that allocates their nodes as `allocation` says.
    public init(count: Int, allocation: DataController.NodeAllocation) {
        feed = PostFeed(count: count)
        controller = DataController(nodeAllocation: allocation, mainScheduler: scheduler)
        controller.viewportSize = CGSize(width: 375, height: 667)
        controller.dataSource = feed
    }

    /// Loads the feed: allocates and measures every node, then commits.
    public func run() {
        controller.reloadData()
        scheduler.waitForPass()
        scheduler.runPass()
    }
}
