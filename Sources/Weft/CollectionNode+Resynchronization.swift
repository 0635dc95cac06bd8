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
    /// a feed of 100k eager items then costs main O(*n*) model asks and compares,
    /// not 100k node blocks and 100k new nodes. A lazy collection's absent items
    /// have no models to pair: it keeps everything when the data source has the
    /// same counts and each loaded item's model where it was (a refused edit
    /// that changed nothing, asking only the loaded items' models), and reloads
    /// otherwise, as a collection without node models does.
    func resynchronizeIfNeeded() {
        guard needsResynchronization else { return }
        needsResynchronization = false
        let retry: @MainActor (Result<Void, DataControllerError>) -> Void = { [weak self] result in
            if case .failure = result { self?.needsResynchronization = true }
        }
        if dataController.itemLoading == .lazy {
            // Nothing to catch up with: loaded items stay, absent ones load from
            // the data source as it is when the ranges reach them.
            if loadedItemsMatchDataSource() { return }
            dataController.reloadData(completion: retry)
        } else if let changeSet = changeSetToDataSourceByNodeModels() {
            dataController.updateWithChangeSet(changeSet, completion: retry)
        } else {
            dataController.reloadData(completion: retry)
        }
    }

    /// Whether a lazy collection's pending elements still describe the data
    /// source: the same section and item counts, and each loaded item's node
    /// model equal to the data source's at the same index path.
    ///
    /// - Complexity: O(*s* + *n*) slot reads for *s* sections and *n* items, and
    ///   one model ask per loaded item.
    private func loadedItemsMatchDataSource() -> Bool {
        guard let dataSource, dataController.hasLoadedData else { return false }
        let pending = dataController.pendingMap
        guard dataSource.numberOfSections(in: self) == pending.numberOfSections else { return false }
        for section in 0 ..< pending.numberOfSections
        where dataSource.collectionNode(self, numberOfItemsInSection: section) != pending.numberOfItems(inSection: section) {
            return false
        }
        for section in 0 ..< pending.numberOfSections {
            for item in pending.indexesOfPresentItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                guard let mine = pending.element(at: path)?.nodeModel,
                      let theirs = dataSource.collectionNode(self, nodeModelForItemAt: path),
                      _NodeModelKey(mine) == _NodeModelKey(theirs)
                else { return false }
            }
        }
        return true
    }

    /// The batch that turns the pending elements into the data source's items,
    /// from a diff of node models (sections paired by index), or `nil` when an
    /// item has no node model, the collection is lazy or not loaded, or a count
    /// is out of range (the reload then reports it).
    ///
    /// - Complexity: O(*n*) node-model asks and compares for *n* items, before
    ///   and after; hashes too when many items changed.
    private func changeSetToDataSourceByNodeModels() -> ChangeSet? {
        guard let dataSource, dataController.hasLoadedData, dataController.itemLoading == .eager,
              let new = nodeModelsOfDataSource(dataSource)
        else { return nil }
        let pending = dataController.pendingMap
        var old: [[_NodeModelKey]] = []
        old.reserveCapacity(pending.numberOfSections)
        for section in 0 ..< pending.numberOfSections {
            guard let models = nodeModels(ofSection: section, in: pending, comparedWith: new) else { return nil }
            old.append(models)
        }
        return ChangeSet(
            diffingSections: Array(0 ..< old.count), items: old, to: Array(0 ..< new.count), items: new)
    }

    /// The node models of a section's pending elements, or `nil` if one has none.
    ///
    /// Most catch-ups find most items unchanged (a refused lone edit, with the
    /// data source as it was, finds all of them): while the elements' models
    /// equal the data source's at the same index path, the result takes the data
    /// source's key, which is equal, instead of a copy of the element's. Only past
    /// the first difference is each element's model copied out.
    ///
    /// - Complexity: O(*m*) for *m* items in the section.
    private func nodeModels(
        ofSection section: Int, in pending: ElementMap<CollectionElement>, comparedWith new: [[_NodeModelKey]]
    ) -> [_NodeModelKey]? {
        let same = section < new.count ? new[section] : []
        let count = pending.numberOfItems(inSection: section)
        var models: [_NodeModelKey] = []
        var matched = 0  // the items so far equal to `same`'s, not yet in `models`
        var complete = true
        // Unretained: a million elements retained and released was a third of this.
        pending.forEachItem(inSection: section) { index, element in
            guard complete, let model = element?.nodeModel else {
                complete = false
                return
            }
            let key = _NodeModelKey(model)
            if matched == index, index < same.count, same[index] == key {
                matched += 1
                return
            }
            if models.isEmpty {
                models.reserveCapacity(count)
                models.append(contentsOf: same[..<matched])
            }
            models.append(key)
        }
        guard complete else { return nil }
        guard models.isEmpty else { return models }
        return matched == same.count ? same : Array(same[..<matched])
    }

    /// The data source's node models by section, or `nil` when an item has none
    /// or a count is out of range.
    ///
    /// - Complexity: O(*n*) asks for *n* items.
    private func nodeModelsOfDataSource(_ dataSource: any CollectionNodeDataSource) -> [[_NodeModelKey]]? {
        let sections = dataSource.numberOfSections(in: self)
        guard sections >= 0, sections <= ElementMap<CollectionElement>.maximumSectionCount else { return nil }
        var new: [[_NodeModelKey]] = []
        new.reserveCapacity(sections)
        for section in 0 ..< sections {
            let count = dataSource.collectionNode(self, numberOfItemsInSection: section)
            guard count >= 0, count <= ElementMap<CollectionElement>.maximumItemCount else { return nil }
            if let bulk = dataSource as? any _SectionNodeModels {
                let models = bulk.nodeModelKeys(inSection: section)
                guard models.count == count else { return nil }
                new.append(models)
                continue
            }
            var models: [_NodeModelKey] = []
            models.reserveCapacity(count)
            for item in 0 ..< count {
                guard let model = dataSource.collectionNode(self, nodeModelForItemAt: IndexPath(item: item, section: section))
                else { return nil }
                models.append(_NodeModelKey(model))
            }
            new.append(models)
        }
        return new
    }
}
