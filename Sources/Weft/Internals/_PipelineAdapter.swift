import Foundation
import WeftCore
import WeftChangeSet
import WeftDataController
import WeftElementMap
import WeftRangeController

/// The collection node's side of the pipeline: it answers the data controller from
/// the node's data source, hands each commit to the view (or checks it itself, without
/// one) and then to the ranges, and
/// passes batch fetching to the node's delegate.
///
/// An object of its own so that these conformances stay out of `CollectionNode`'s
/// public API, as Texture keeps `ASCollectionView`'s data-controller conformances in
/// its implementation file. The node owns it; it reaches the node weakly, so a node
/// that is gone answers with empty content.
@MainActor
final class _PipelineAdapter {
    weak var node: CollectionNode?

    init() {}
}

extension _PipelineAdapter: DataControllerDataSource {
    func numberOfSections(in dataController: DataController) -> Int {
        guard let node else { return 0 }
        return node.dataSource?.numberOfSections(in: node) ?? 0
    }

    func dataController(_ dataController: DataController, numberOfItemsInSection section: Int) -> Int {
        guard let node else { return 0 }
        return node.dataSource?.collectionNode(node, numberOfItemsInSection: section) ?? 0
    }

    func dataController(
        _ dataController: DataController, nodeBlockForItemAt indexPath: IndexPath
    ) -> CellNodeBlock {
        guard let node, let dataSource = node.dataSource else { return { CellNode() } }
        return dataSource.collectionNode(node, nodeBlockForItemAt: indexPath)
    }

    func dataController(_ dataController: DataController, constrainedSizeForItemAt indexPath: IndexPath) -> SizeRange {
        guard let node else { return dataController.defaultConstrainedSize }
        return node.dataSource?.collectionNode(node, constrainedSizeForItemAt: indexPath) ?? node.defaultConstrainedSize
    }

    func dataController(
        _ dataController: DataController, nodeModelForItemAt indexPath: IndexPath
    ) -> (any Hashable & Sendable)? {
        guard let node else { return nil }
        return node.dataSource?.collectionNode(node, nodeModelForItemAt: indexPath)
    }

    /// The three answers behind one load of the weak node and of its weak data
    /// source, where asking them one by one loaded each three times.
    func dataController(
        _ dataController: DataController, elementPartsForItemAt indexPath: IndexPath
    ) -> (nodeBlock: CellNodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?) {
        elementPartsAsker(for: dataController)(indexPath)
    }

    /// Loads the weak node and its weak data source once for the batch: per
    /// item, the two loads and their releases went through the objects' side
    /// tables, about 7% of main's time in an eager load of a million items.
    func elementPartsAsker(
        for dataController: DataController
    ) -> (IndexPath) -> (nodeBlock: CellNodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?) {
        guard let node, let dataSource = node.dataSource else {
            let size = node?.defaultConstrainedSize ?? dataController.defaultConstrainedSize
            return { _ in ({ CellNode() }, size, nil) }
        }
        return { indexPath in
            (dataSource.collectionNode(node, nodeBlockForItemAt: indexPath),
             dataSource.collectionNode(node, constrainedSizeForItemAt: indexPath),
             dataSource.collectionNode(node, nodeModelForItemAt: indexPath))
        }
    }

    /// The node's data source's function that answers on any thread, if it has one.
    func sendableElementPartsAsker(
        for dataController: DataController
    ) -> (@Sendable (IndexPath) -> (
        nodeBlock: CellNodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?
    ))? {
        guard let node else { return nil }
        return node.dataSource?.sendableItemPartsAsker(for: node)
    }

    func dataController(_ dataController: DataController, supplementaryKindsInSection section: Int) -> [String] {
        guard let node else { return [] }
        return node.dataSource?.collectionNode(node, supplementaryElementKindsInSection: section) ?? []
    }

    func dataController(
        _ dataController: DataController, numberOfSupplementaryElementsOfKind kind: String, inSection section: Int
    ) -> Int {
        guard let node else { return 0 }
        return node.dataSource?.collectionNode(node, numberOfSupplementaryElementsOfKind: kind, inSection: section) ?? 0
    }

    func dataController(
        _ dataController: DataController, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CellNodeBlock {
        guard let node, let dataSource = node.dataSource else { return { CellNode() } }
        return dataSource.collectionNode(node, nodeBlockForSupplementaryElementOfKind: kind, at: indexPath)
    }

    func dataController(
        _ dataController: DataController, constrainedSizeForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> SizeRange {
        guard let node else { return dataController.defaultConstrainedSize }
        return node.dataSource?.collectionNode(node, constrainedSizeForSupplementaryElementOfKind: kind, at: indexPath)
            ?? node.defaultSupplementaryConstrainedSize
    }

    func dataController(
        _ dataController: DataController, shouldReloadSupplementaryElementsOnItemChangesInSection section: Int
    ) -> Bool {
        guard let node else { return false }
        return node.dataSource?.collectionNode(node, shouldReloadSupplementaryElementsOnItemChangesInSection: section)
            ?? false
    }
}

/// Each commit goes to the view, then to the ranges.
extension _PipelineAdapter: DataControllerDelegate {
    func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void) {
        guard let node else { return updates() }
        let drawings = node.drawingsToHold()
        defer { node.hold(drawings, after: update) }
        if let view = node.view {
            view.dataController(dataController, commit: update, updates: updates)
        } else {
            _ = node.validator.commit(update, of: dataController, updates: updates)
        }
        if update.changeSet.includesReloadData {
            node.rangeController.setVisibleMap(update.map, preparation: update.preparation)
        } else {
            do {
                try node.rangeController.apply(update)
            } catch {
                node.diagnostics.report(error, layer: .rangeController, update: update.number)
                node.rangeController.setVisibleMap(update.map)
            }
        }
        node.pruneSelection()
        node.keepScrollTarget()
    }

    /// The layout's lengths are computed in step 3 where it can.
    func dataController(_ dataController: DataController, preparationFor changeSet: CompletedChangeSet) -> CommitPreparation? {
        node?.rangeController.layoutPreparation(for: changeSet)
    }

    func dataController(
        _ dataController: DataController, didLoadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {
        guard let node else { return }
        node.view?.dataController(dataController, didLoadItemsAt: indexPaths, in: map)
        node.rangeController.itemsDidLoad(at: indexPaths, in: map)
        // A scroll to an item that was loaded for it can go now.
        node.keepScrollTarget()
    }

    func dataController(
        _ dataController: DataController, didUnloadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {
        guard let node else { return }
        node.view?.dataController(dataController, didUnloadItemsAt: indexPaths, in: map)
        node.rangeController.itemsDidUnload(in: map)
    }

    func dataControllerDidRelayout(_ dataController: DataController) {
        guard let node else { return }
        node.view?.dataControllerDidRelayout(dataController)
        node.rangeController.setVisibleMap(dataController.visibleMap)
        node.keepScrollTarget()
    }
}

/// Batch fetching goes to the collection node's delegate.
extension _PipelineAdapter: BatchFetchingDelegate {
    func shouldBatchFetch(for rangeController: RangeController) -> Bool {
        node?.delegateShouldBatchFetch() ?? false
    }

    func shouldBatchFetchAtStart(for rangeController: RangeController) -> Bool {
        node?.delegateShouldBatchFetchAtStart() ?? false
    }

    func rangeController(_ rangeController: RangeController, willBeginBatchFetchWith context: BatchContext) {
        guard let node else { return context.cancelBatchFetching() }
        node.delegateWillBeginBatchFetch(with: context)
    }
}
