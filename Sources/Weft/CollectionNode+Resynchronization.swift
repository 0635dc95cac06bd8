import Foundation
import WeftChangeSet
import WeftDataController
import WeftElementMap

extension CollectionNode {
    /// Sets out to show the data source as it is after a refused batch, whose
    /// edits the data source already reflects.
    ///
    /// When every item, before and now, has a node model, the collection finds
    /// what changed by diffing the models: items whose model is still there keep
    /// their elements and nodes (moved if they moved), and the data source is
    /// asked for node blocks only for the others. Main asks the data source for
    /// its counts and models; the diff runs off main (`_ModelDiff`) and its batch
    /// is submitted when it is done, or as soon as something needs the pending
    /// elements (`resynchronizeIfNeeded()`). Without node models, and in a
    /// lazy collection (whose absent items have none), it reloads everything.
    ///
    /// - Complexity: O(*s* + *n*) model asks on main for *s* sections and *n*
    ///   items; the diff, O(*n*), off main.
    func beginResynchronization() {
        guard needsResynchronization, modelDiff == nil else { return }
        needsResynchronization = false
        if let models = nodeModelsOfDataSource() {
            let diff = _ModelDiff(from: dataController.pendingMap, to: models)
            modelDiff = diff
            diff.notify(on: dataController.mainScheduler) { [weak self] in
                if let self, self.modelDiff === diff { self.finishResynchronization() }
            }
        } else {
            dataController.reloadData(completion: resynchronizationRetry())
        }
    }

    /// Brings the pending elements up to the data source before an edit or a
    /// query reads them: starts a resynchronization a refused batch left
    /// pending, and submits the one in flight, waiting for its diff if need be.
    func resynchronizeIfNeeded() {
        beginResynchronization()
        finishResynchronization()
    }

    /// Submits the batch of the model diff in flight, if any, waiting for it.
    func finishResynchronization() {
        guard let diff = modelDiff else { return }
        modelDiff = nil
        switch diff.wait() {
        case .changeSet(let changeSet):
            dataController.updateWithChangeSet(changeSet, completion: resynchronizationRetry())
        case .reload:
            dataController.reloadData(completion: resynchronizationRetry())
        }
    }

    /// The pending elements, once the catch-up batch in flight (if any) is
    /// submitted: what queries in the data source's index space read.
    var pendingMap: ElementMap<CollectionElement> {
        finishResynchronization()
        return dataController.pendingMap
    }

    /// The pending item counts by section, as `pendingMap` has them.
    var pendingItemCounts: [Int] {
        finishResynchronization()
        return dataController.pendingItemCounts
    }

    /// Drops the model diff in flight: a reload supersedes it.
    func cancelResynchronization() {
        modelDiff = nil
        needsResynchronization = false
    }

    /// A completion that tries again at the next edit if the catch-up batch or
    /// reload was refused (from inside a commit or a data-source call).
    private func resynchronizationRetry() -> @MainActor (Result<Void, DataControllerError>) -> Void {
        { [weak self] result in
            if case .failure = result { self?.needsResynchronization = true }
        }
    }

    /// The data source's node models by section, or `nil` when an item has
    /// none, the collection is lazy or not loaded, or a count is out of range
    /// (the reload then reports it).
    ///
    /// - Complexity: O(*s* + *n*) data-source asks.
    private func nodeModelsOfDataSource() -> [[any Hashable & Sendable]]? {
        guard let dataSource, dataController.hasLoadedData, dataController.itemLoading == .eager else { return nil }
        let sections = dataSource.numberOfSections(in: self)
        guard sections >= 0, sections <= ElementMap<CollectionElement>.maximumSectionCount else { return nil }
        var models: [[any Hashable & Sendable]] = []
        models.reserveCapacity(sections)
        for section in 0 ..< sections {
            let count = dataSource.collectionNode(self, numberOfItemsInSection: section)
            guard count >= 0, count <= ElementMap<CollectionElement>.maximumItemCount else { return nil }
            var inSection: [any Hashable & Sendable] = []
            inSection.reserveCapacity(count)
            for item in 0 ..< count {
                guard let model = dataSource.collectionNode(self, nodeModelForItemAt: IndexPath(item: item, section: section))
                else { return nil }
                inSection.append(model)
            }
            models.append(inSection)
        }
        return models
    }
}
