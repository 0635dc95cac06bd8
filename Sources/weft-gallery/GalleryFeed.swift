import Foundation
import Synchronization
import Weft
import WeftSimulation

/// The gallery's posts: a lazy feed of real post cells that grows by a page
/// whenever the user nears its end, and counts the cells it made.
@MainActor
final class GalleryFeed: CollectionNodeDataSource, CollectionNodeDelegate {
    /// Posts fetched per batch at the end.
    static let pageSize = 100

    private(set) var count: Int
    let displaysAsynchronously: Bool
    /// The post last selected by a click, if any.
    private(set) var selected: Int?
    /// Cells made so far; node blocks count off main.
    private let made = CellCounter()

    init(count: Int, displaysAsynchronously: Bool) {
        self.count = count
        self.displaysAsynchronously = displaysAsynchronously
    }

    var cellsMade: Int { made.count }

    func collectionNode(_ node: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        count
    }

    func collectionNode(_ node: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let id = indexPath.item, asynchronous = displaysAsynchronously
        let counter = made
        return {
            counter.increment()
            return PostCellNode(id: id, displaysAsynchronously: asynchronous)
        }
    }

    func collectionNode(_ collectionNode: CollectionNode, willBeginBatchFetchWith context: BatchContext) {
        let start = count
        count += Self.pageSize
        do {
            try collectionNode.insertItems(at: (start ..< count).map { IndexPath(item: $0, section: 0) })
            context.completeBatchFetching(true)
        } catch {
            count = start
            collectionNode.diagnostics.report(error, layer: .container, update: nil, indexPaths: [])
            context.completeBatchFetching(false)
        }
    }

    func collectionNode(_ collectionNode: CollectionNode, didSelectItemAt indexPath: IndexPath) {
        selected = indexPath.item
    }
}

/// A count that node blocks bump on the allocation workers.
final class CellCounter: Sendable {
    private let value = Atomic<Int>(0)

    var count: Int { value.load(ordering: .relaxed) }

    func increment() {
        value.add(1, ordering: .relaxed)
    }
}
