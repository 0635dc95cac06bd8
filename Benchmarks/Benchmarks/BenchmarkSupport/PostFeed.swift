public import Foundation
public import WeftDataController

/// A feed of post ids in one section, the data source of the data-controller benchmarks.
@MainActor
public final class PostFeed: DataControllerDataSource {
    public private(set) var ids: [Int]
    private var nextID: Int

    public init(count: Int) {
        ids = Array(0 ..< count)
        nextID = count
    }

    public func numberOfSections(in dataController: DataController) -> Int { 1 }

    public func dataController(_ dataController: DataController, numberOfItemsInSection section: Int) -> Int {
        ids.count
    }

    public func dataController(
        _ dataController: DataController, nodeBlockForItemAt indexPath: IndexPath
    ) -> CollectionElement.NodeBlock {
        nodeBlock(forItem: indexPath.item)
    }

    public func nodeBlock(forItem item: Int) -> CollectionElement.NodeBlock {
        let id = ids[item]
        return { PostNode(id: id) }
    }

    /// Inserts `count` new posts spread evenly through the feed, and returns
    /// their new index paths, ascending.
    public func insertSpread(_ count: Int) -> [IndexPath] {
        let stride = max(ids.count / count, 1)
        var paths: [IndexPath] = []
        for index in 0 ..< count {
            let item = min(index * (stride + 1), ids.count)
            ids.insert(nextID, at: item)
            nextID += 1
            paths.append(IndexPath(item: item, section: 0))
        }
        return paths
    }
}
