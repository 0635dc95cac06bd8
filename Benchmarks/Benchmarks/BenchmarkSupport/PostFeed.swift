public import Foundation
public import WeftDataController

/// A feed of post ids in one section, the data source of the data-controller benchmarks.
@MainActor
public final class PostFeed: DataControllerDataSource {
    public private(set) var ids: [Int]
    private var nextID: Int
    /// Whether the section has a header (a `PostNode` showing the post count).
    public let hasHeader: Bool
    /// Whether item edits ask the header again (Texture's repopulation); when
    /// `false` the data source opts out and the header keeps its node.
    public let reloadsHeader: Bool

    public init(count: Int, hasHeader: Bool = false, reloadsHeader: Bool = true) {
        ids = Array(0 ..< count)
        nextID = count
        self.hasHeader = hasHeader
        self.reloadsHeader = reloadsHeader
    }

    public func dataController(_ dataController: DataController, supplementaryKindsInSection section: Int) -> [String] {
        hasHeader ? [ElementKind.sectionHeader] : []
    }

    public func dataController(
        _ dataController: DataController, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionElement.NodeBlock {
        let count = ids.count
        return { PostNode(id: count) }
    }

    public func dataController(
        _ dataController: DataController, shouldReloadSupplementaryElementsOnItemChangesInSection section: Int
    ) -> Bool {
        reloadsHeader
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
