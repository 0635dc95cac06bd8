public import Foundation
public import WeftDataController
public import WeftElementMap
import WeftChangeSet
import WeftNode

/// The headless view as a data controller's backing view: each update commits
/// in a batch update that swaps the maps first and then relays the change
/// set's edits in UIKit's relay order, as Texture's collection view does. It
/// can also be a data controller's delegate itself, without a container.
extension HeadlessCollectionView: CollectionBackingView, DataControllerDelegate {
    /// Makes `dataController`'s visible map the data source, its dealloc queue
    /// the one the cells go to, and its diagnostics the view's; compares only
    /// the cells at `preparedIndexPaths` after each batch.
    public func attach(
        to dataController: DataController, preparedIndexPaths: @escaping @MainActor () -> [IndexPath]
    ) {
        attach(to: dataController)
        self.preparedIndexPaths = preparedIndexPaths
    }

    /// Makes `dataController`'s visible map the data source, its dealloc queue
    /// the one the cells go to, and its diagnostics the view's; compares every
    /// cell after each batch unless ``preparedIndexPaths`` says otherwise.
    /// Make the view the data controller's delegate as well, or forward its
    /// calls, as a container does.
    public func attach(to dataController: DataController) {
        let source = _VisibleMapSource(dataController: dataController)
        self.dataController = dataController
        attachedSource = source
        dataSource = source
        deallocQueue = dataController.deallocQueue
        diagnostics = dataController.diagnostics
        reloadData()
    }

    public func dataController(_ dataController: DataController, commit update: DataUpdate, updates: () -> Void) {
        committingUpdate = update.number
        visibleMapBeforeCommit = dataController.visibleMap
        defer {
            committingUpdate = nil
            visibleMapBeforeCommit = nil
        }
        if update.changeSet.includesReloadData {
            lastRelayedEdits = []
            updates()
            reloadData()
            return
        }
        // Sorted once: a 10% update of 100k items relays 10k edits. Step 3 sorted
        // them already for a large update, into the batch it validated.
        let relayed = update.relayedBatch?.edits ?? update.changeSet.editsInRelayOrder
        lastRelayedEdits = relayed
        // Only as the outermost batch: inside another, the open batch carries that
        // batch's level, completions and refusals, which a swap would drop.
        let outermost = batch == nil
        performBatchUpdates {
            updates()
            // The batch step 3 recorded from these edits against the counts this
            // view shows holds the edits the calls below would record (with their
            // animation options, which validation does not read), already
            // validated: taking it leaves main only the counts to compare.
            if outermost, var recorded = update.relayedBatch, let open = batch, open.isEmpty,
                open.oldItemCounts == recorded.oldItemCounts
            {
                recorded.beginUpdates()  // the level this batch update opened
                batch = recorded
                relayedBatchesTaken += 1
                return
            }
            for animated in relayed {
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

    /// Nothing to do: the cells are the same elements, and a headless view
    /// has no frames of its own.
    public func dataControllerDidRelayout(_ dataController: DataController) {}

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

    /// Puts `map`'s elements at `indexPaths` in the view's cells. Loads change
    /// no count, so the paths are the view's own; a map that refuses the batch
    /// (a cell the view already shows elsewhere) means the view is out of step
    /// with its data controller: that is reported as a `ViewInconsistency` and
    /// the view reloads, as after any batch UIKit would refuse.
    private func refreshCells(at indexPaths: [IndexPath], from map: ElementMap<CollectionElement>) {
        guard hasLoadedData else { return }
        var batch = ElementMap<AnyObject>.Batch()
        for path in indexPaths where path.section < itemCounts.count && path.item < itemCounts[path.section] {
            let element = map.element(at: path)
            if cells.element(at: path) !== element { batch.replaceItem(at: path, with: element) }
        }
        do {
            cells = try cells.applying(batch)
        } catch {
            report(ViewInconsistency(error), at: indexPaths)
            load()
        }
    }
}
