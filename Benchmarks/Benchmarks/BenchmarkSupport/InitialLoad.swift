import Foundation
public import WeftDataController

/// A data controller ready to load a feed for the first time. ``start()`` runs
/// steps 1 and 2 on main; ``waitForAllocation()`` returns when step 3 (allocate
/// and measure every node, on the editing queue) has handed its commit over,
/// so timing it alone measures what the performance target compares: parallel against serial
/// allocation. ``commit()`` runs step 5.
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

    /// Steps 1 and 2: derives the map of new elements and starts step 3.
    public func start() {
        controller.reloadData()
    }

    /// Blocks until step 3 has allocated and measured every node.
    public func waitForAllocation() {
        scheduler.waitForPass()
    }

    /// Step 5: commits the load.
    public func commit() {
        scheduler.runPass()
    }
}
