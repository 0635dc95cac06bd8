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
    ///
    /// A catch-up that ``resynchronizeSoon()`` set out to derive off main is
    /// taken here first (main waits for it if it is not done): the edit that
    /// called this must follow it.
    func resynchronizeIfNeeded() {
        submitCatchUpInFlight()
        guard needsResynchronization else { return }
        needsResynchronization = false
        if dataController.itemLoading == .lazy {
            // Nothing to catch up with: loaded items stay, absent ones load from
            // the data source as it is when the ranges reach them.
            if loadedItemsMatchDataSource() { return }
            dataController.reloadData(completion: retryingOnRefusal)
        } else {
            submitCatchUp(changeSetToDataSourceByNodeModels())
        }
    }

    /// Catches up after a refused batch as ``resynchronizeIfNeeded()`` does,
    /// but for an eager collection of at least ``catchUpOffMainItemCount``
    /// items whose data source is a ``CollectionDiffableDataSource``, derives
    /// the batch off main: the data controller's editing queue reads the
    /// pending elements' models and the shown snapshot's items, and diffs them;
    /// main submits the batch when the derivation hands it back, or before the
    /// next update, waiting for it if need be. A refused batch in a feed of
    /// 100k items cost main 15 ms here (a missed frame at 60 Hz).
    ///
    /// Only a diffable data source: what it answers changes only when it
    /// applies a snapshot, which submits the catch-up first, so the batch still
    /// describes it when it is submitted. Another data source may change before
    /// the app's next edit (the edit describes the change), and the catch-up
    /// would then be validated, and its items asked for, against content it was
    /// not derived from: it catches up at once, on main.
    ///
    /// - Complexity: O(1) on main, once the pending map is derived (main waits
    ///   for a large update's derivation to read it, as every update does);
    ///   O(*n*) off main, after the step 3 work of the updates before it.
    func resynchronizeSoon() {
        guard needsResynchronization, catchUp == nil, !usesSynchronousDataLoading,
              dataController.itemLoading == .eager, dataController.hasLoadedData,
              let snapshotSource = dataSource as? any _SectionNodeModels,
              dataController.pendingMap.count >= Self.catchUpOffMainItemCount
        else { return resynchronizeIfNeeded() }
        needsResynchronization = false
        let models = snapshotSource.sendableNodeModelKeys()
        // Taken out by the derivation and handed to the dealloc queue after it,
        // so that a map the collection has let go of dies where maps die.
        let pending = PosixMutex<ElementMap<CollectionElement>?>(dataController.pendingMap)
        let deallocQueue = dataController.deallocQueue
        let catchUp = _CatchUp()
        self.catchUp = catchUp
        // An update issued on the data controller directly must follow it too.
        dataController.precedingUpdate = { [weak self] in self?.submitCatchUpInFlight() }
        dataController.performInBackground {
            guard let map = pending.withLock({ $0.take() }) else { return }
            catchUp.derive { models().flatMap { Self.changeSet(from: map, to: $0) } }
            deallocQueue.release(value: consume map)
        } then: { [weak self] _ in
            // Taken already by an update, or superseded by a reload: nothing to do.
            guard let self, self.catchUp === catchUp else { return }
            self.submitCatchUpInFlight()
        }
    }

    /// Whether a refused batch's catch-up is being derived off main and not
    /// yet submitted (see ``resynchronizeSoon()``).
    package var isDerivingCatchUp: Bool { catchUp != nil }

    /// The fewest items for which ``resynchronizeSoon()`` derives the catch-up
    /// off main; below it, a hop to another thread and back costs more than the
    /// diff.
    static let catchUpOffMainItemCount = 4_096

    /// Submits the catch-up being derived off main, if there is one, waiting
    /// for it if it is not done: what must come before an edit.
    func submitCatchUpInFlight() {
        guard let catchUp else { return }
        self.catchUp = nil
        dataController.precedingUpdate = nil
        submitCatchUp(catchUp.changeSet())
    }

    /// Drops the catch-up being derived off main, if there is one, for a reload
    /// or a new data source that makes it moot; returns whether there was one.
    @discardableResult
    func dropCatchUpInFlight() -> Bool {
        guard let catchUp else { return false }
        catchUp.cancel()
        self.catchUp = nil
        dataController.precedingUpdate = nil
        return true
    }

    /// Submits a catch-up's batch, or reloads when there is none.
    private func submitCatchUp(_ changeSet: ChangeSet?) {
        if let changeSet {
            dataController.updateWithChangeSet(changeSet, completion: retryingOnRefusal)
        } else {
            dataController.reloadData(completion: retryingOnRefusal)
        }
    }

    /// A catch-up's completion: if the pipeline refused it too, the next edit
    /// tries again.
    private var retryingOnRefusal: @MainActor (Result<Void, DataControllerError>) -> Void {
        { [weak self] result in
            if case .failure = result { self?.needsResynchronization = true }
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
        return Self.changeSet(from: dataController.pendingMap, to: new)
    }

    /// The batch that turns `pending`'s items into `new`'s node models (sections
    /// paired by index), or `nil` when an item of `pending` has no node model.
    /// Any thread: it reads the elements' models under their locks.
    ///
    /// - Complexity: O(*n*) compares for *n* items, before and after; hashes
    ///   too when many items changed.
    private nonisolated static func changeSet(
        from pending: ElementMap<CollectionElement>, to new: [[_NodeModelKey]]
    ) -> ChangeSet? {
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
    private nonisolated static func nodeModels(
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
