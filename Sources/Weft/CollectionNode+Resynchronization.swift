import Foundation
import WeftChangeSet
import WeftDataController
import WeftDiff
import WeftElementMap

extension CollectionNode {
    /// Reloads from the data source after a refused batch, whose edits the data
    /// source already reflects.
    ///
    /// When every item, before and now, has a node model, the collection finds
    /// what changed by diffing the models instead: items whose model is still
    /// there keep their elements and nodes (moved if they moved), and the data
    /// source is asked for node blocks only for the others. A refused batch in
    /// a feed of 100k eager items then costs main O(*n*) model asks and hashes,
    /// not 100k node blocks and 100k new nodes. Without node models, and in a
    /// lazy collection (whose absent items have none), it reloads everything.
    func resynchronizeIfNeeded() {
        guard needsResynchronization else { return }
        needsResynchronization = false
        let retry: @MainActor (Result<Void, DataControllerError>) -> Void = { [weak self] result in
            if case .failure = result { self?.needsResynchronization = true }
        }
        if let changeSet = changeSetToDataSourceByNodeModels() {
            dataController.updateWithChangeSet(changeSet, completion: retry)
        } else {
            dataController.reloadData(completion: retry)
        }
    }

    /// The batch that turns the pending elements into the data source's items,
    /// from a diff of node models (sections paired by index), or `nil` when an
    /// item has no node model, the collection is lazy or not loaded, or a count
    /// is out of range (the reload then reports it).
    ///
    /// - Complexity: O(*n*) node-model asks and hashes for *n* items, before and after.
    private func changeSetToDataSourceByNodeModels() -> ChangeSet? {
        guard let dataSource, dataController.hasLoadedData, dataController.itemLoading == .eager else { return nil }
        let pending = dataController.pendingMap
        var old: [[AnyHashable]] = []
        old.reserveCapacity(pending.numberOfSections)
        for section in 0 ..< pending.numberOfSections {
            var models: [AnyHashable] = []
            models.reserveCapacity(pending.numberOfItems(inSection: section))
            var complete = true
            // Unretained: a million elements retained and released was a third of this.
            pending.forEachItem(inSection: section) { _, element in
                guard complete, let model = element?.nodeModel else {
                    complete = false
                    return
                }
                models.append(AnyHashable(model))
            }
            guard complete else { return nil }
            old.append(models)
        }
        let sections = dataSource.numberOfSections(in: self)
        guard sections >= 0, sections <= ElementMap<CollectionElement>.maximumSectionCount else { return nil }
        var new: [[AnyHashable]] = []
        new.reserveCapacity(sections)
        for section in 0 ..< sections {
            let count = dataSource.collectionNode(self, numberOfItemsInSection: section)
            guard count >= 0, count <= ElementMap<CollectionElement>.maximumItemCount else { return nil }
            var models: [AnyHashable] = []
            models.reserveCapacity(count)
            for item in 0 ..< count {
                guard let model = dataSource.collectionNode(self, nodeModelForItemAt: IndexPath(item: item, section: section))
                else { return nil }
                models.append(AnyHashable(model))
            }
            new.append(models)
        }
        return ChangeSet(
            diffingSections: Array(0 ..< old.count), items: old, to: Array(0 ..< sections), items: new)
    }
}
