import Dispatch
public import Foundation
import WeftChangeSet
public import WeftCore
public import WeftDataController
import WeftNode

/// A faithful model of Texture's data-controller pipeline for an insert-only
/// update, the peer of the benchmarks:
///
/// 1. main: `dispatch_group_wait` for the previous update's background work;
///    validate; ask the data source for the new items' node blocks; derive the
///    pending map by a mutable copy of every section, the edits, and an immutable
///    copy that rebuilds the element -> index path table (`TextureElementMapModel`);
/// 3. the serial editing queue: scan **every** element of the new map for ones
///    without a node, then allocate and measure those in parallel (`dispatch_apply`);
/// 4. `ASMainSerialQueue` (WeftCore's `MainSerialQueue` is the same design);
/// 5. main: `visibleMap = newMap`, which releases the previous map on main.
///
/// Elements are Weft's `CollectionElement`, which is what `ASCollectionElement`
/// is (node block once, then the node, under a lock), so element costs match.
@MainActor
public final class TexturePipelineModel {
    public private(set) var pendingMap: TextureElementMapModel<CollectionElement>
    public private(set) var visibleMap: TextureElementMapModel<CollectionElement>
    private var pendingCounts: [Int]
    private let editingQueue = DispatchQueue(label: "texture-model.editing")
    private let group = DispatchGroup()
    private let mainSerialQueue: MainSerialQueue
    private let sizeRange: SizeRange

    public init(loaded elements: [CollectionElement], sizeRange: SizeRange, scheduler: any MainScheduler) {
        pendingMap = TextureElementMapModel(sections: [elements], supplementaryElements: [:])
        visibleMap = pendingMap
        pendingCounts = [elements.count]
        mainSerialQueue = MainSerialQueue(scheduler: scheduler)
        self.sizeRange = sizeRange
    }

    /// Steps 1 to 4 of an update that inserted `paths` (ascending) into `feed`.
    public func update(inserting paths: [IndexPath], feed: PostFeed) throws {
        group.wait()
        var changeSet = ChangeSet(oldItemCounts: pendingCounts)
        changeSet.insertItems(at: paths)
        let newCounts = [feed.ids.count]
        _ = try changeSet.completed(newItemCounts: newCounts)
        let inserts = paths.map { path in
            (path, CollectionElement(nodeBlock: feed.nodeBlock(forItem: path.item), constrainedSize: sizeRange))
        }
        let newMap = pendingMap.applying(deletes: [], inserts: inserts)
        pendingMap = newMap
        pendingCounts = newCounts
        group.enter()
        let mainSerialQueue = mainSerialQueue
        let group = group
        editingQueue.async {
            var scanned: [CollectionElement] = []
            for section in newMap.sections {
                for element in section where element.nodeIfAllocated == nil { scanned.append(element) }
            }
            let unallocated = scanned
            DispatchQueue.concurrentPerform(iterations: unallocated.count) { index in
                let element = unallocated[index]
                _ = element.node.layoutThatFits(element.constrainedSize)
            }
            mainSerialQueue.performBlock {
                self.visibleMap = newMap
            }
            group.leave()
        }
    }
}
