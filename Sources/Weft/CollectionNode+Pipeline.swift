public import Foundation
public import WeftCore
public import WeftDataController
public import WeftRangeController

/// The collection node answers its data controller from its own data source.
extension CollectionNode: DataControllerDataSource {
    public func numberOfSections(in dataController: DataController) -> Int {
        dataSource?.numberOfSections(in: self) ?? 0
    }

    public func dataController(_ dataController: DataController, numberOfItemsInSection section: Int) -> Int {
        dataSource?.collectionNode(self, numberOfItemsInSection: section) ?? 0
    }

    public func dataController(
        _ dataController: DataController, nodeBlockForItemAt indexPath: IndexPath
    ) -> CollectionElement.NodeBlock {
        guard let dataSource else { return { CellNode() } }
        return dataSource.collectionNode(self, nodeBlockForItemAt: indexPath)
    }

    public func dataController(_ dataController: DataController, constrainedSizeForItemAt indexPath: IndexPath) -> SizeRange {
        dataSource?.collectionNode(self, constrainedSizeForItemAt: indexPath) ?? defaultConstrainedSize
    }

    public func dataController(
        _ dataController: DataController, nodeModelForItemAt indexPath: IndexPath
    ) -> (any Hashable & Sendable)? {
        dataSource?.collectionNode(self, nodeModelForItemAt: indexPath)
    }
}

/// Each commit goes to the view, then to the ranges.
extension CollectionNode: DataControllerDelegate {
    public func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void) {
        view.dataController(dataController, commit: update, updates: updates)
        if update.changeSet.includesReloadData {
            rangeController.setVisibleMap(update.map)
        } else {
            do {
                try rangeController.apply(update)
            } catch {
                rangeErrors.append(error)
                rangeController.setVisibleMap(update.map)
            }
        }
    }

    public func dataControllerDidRelayout(_ dataController: DataController) {
        view.dataControllerDidRelayout(dataController)
        rangeController.setVisibleMap(dataController.visibleMap)
    }
}

/// Batch fetching goes to the collection node's delegate.
extension CollectionNode: BatchFetchingDelegate {
    public func shouldBatchFetch(for rangeController: RangeController) -> Bool {
        delegate?.shouldBatchFetch(for: self) ?? false
    }

    public func rangeController(_ rangeController: RangeController, willBeginBatchFetchWith context: BatchContext) {
        guard let delegate else {
            context.cancelBatchFetching()
            return
        }
        delegate.collectionNode(self, willBeginBatchFetchWith: context)
    }
}
