public import WeftElementMap
import WeftChangeSet
import WeftNode

/// The headless view as a data controller's delegate: each update commits in
/// a batch update that swaps the maps first and then relays the change set's
/// edits in UIKit's relay order, as Texture's collection view does.
extension HeadlessCollectionView: DataControllerDelegate {
    public func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void) {
        if update.changeSet.includesReloadData {
            lastRelayedEdits = []
            updates()
            reloadData()
            return
        }
        lastRelayedEdits = update.changeSet.editsInRelayOrder
        performBatchUpdates {
            updates()
            for animated in update.changeSet.editsInRelayOrder {
                switch animated.edit {
                case .insertSection(let section): insertSections([section])
                case .deleteSection(let section): deleteSections([section])
                case .reloadSection(let section): reloadSections([section])
                case .moveSection(let from, let to): moveSection(from, toSection: to)
                case .insertItem(let path): insertItems(at: [path])
                case .deleteItem(let path): deleteItems(at: [path])
                case .reloadItem(let path): reloadItems(at: [path])
                case .moveItem(let from, let to): moveItem(at: from, to: to)
                case .reloadData: reloadData()
                }
            }
        }
    }

    /// Loaded items get their cells in place, as UIKit's `reconfigureItems(at:)`
    /// refreshes cells without a batch update.
    public func dataController(
        _ dataController: DataController, didLoadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {
        refreshCells(at: indexPaths, from: map)
    }

    /// Unloaded items leave empty slots, as cells that scrolled far away.
    public func dataController(
        _ dataController: DataController, didUnloadItemsAt indexPaths: [IndexPath], in map: ElementMap<CollectionElement>
    ) {
        refreshCells(at: indexPaths, from: map)
    }

    private func refreshCells(at indexPaths: [IndexPath], from map: ElementMap<CollectionElement>) {
        guard hasLoadedData else { return }
        var batch = ElementMap<AnyObject>.Batch()
        for path in indexPaths where path.section < itemCounts.count && path.item < itemCounts[path.section] {
            let element = map.element(at: path)
            if cells.element(at: path) !== element { batch.replaceItem(at: path, with: element) }
        }
        // The paths are the view's own (loads change no count), so the batch
        // holds: a refusal would mean the view is out of step, which the next
        // batch update's validation reports.
        cells = (try? cells.applying(batch)) ?? cells
    }
}

/// A data controller answers its view from the visible map: the view's index
/// space, which changes only inside the view's batch update.
extension DataController: HeadlessCollectionViewDataSource {
    public func numberOfSections(in collectionView: HeadlessCollectionView) -> Int {
        visibleMap.numberOfSections
    }

    public func collectionView(_ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int) -> Int {
        visibleMap.numberOfItems(inSection: section)
    }

    /// The item's element, or `nil` for an absent item of a lazy data controller.
    public func collectionView(_ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath) -> AnyObject? {
        visibleMap.element(at: indexPath)
    }

    /// The model the data source has now for the item the view shows at
    /// `indexPath`, found at that item's path in the pending map, which the data
    /// source matches at every turn of main; `nil` for an item without a model.
    public func collectionView(_ collectionView: HeadlessCollectionView, contentOfItemAt indexPath: IndexPath) -> AnyHashable? {
        guard let dataSource, let element = visibleMap.element(at: indexPath), element.nodeModel != nil,
              let pendingPath = pendingMap.indexPath(of: element),
              let model = dataSource.dataController(self, nodeModelForItemAt: pendingPath) else { return nil }
        return AnyHashable(model)
    }

    /// The model of the cell's element: what its node shows.
    public func collectionView(_ collectionView: HeadlessCollectionView, contentOf cell: AnyObject) -> AnyHashable? {
        (cell as? CollectionElement)?.nodeModel.map { AnyHashable($0) }
    }
}
