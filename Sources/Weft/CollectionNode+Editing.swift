public import Foundation
import WeftChangeSet
public import WeftDataController

extension CollectionNode {
    /// Applies the edits made inside `updates` as one batch, as UIKit's
    /// `performBatchUpdates(_:completion:)` and Texture's
    /// `performBatchAnimated:updates:completion:` do; batches nest into the outermost.
    ///
    /// Change the data source inside `updates`, and say what changed with the
    /// edit methods. The outermost call validates the batch at once, on main,
    /// against the data source's new counts. An accepted batch commits
    /// asynchronously, when main runs the pipeline's next turn: keep the main queue
    /// running (an app does; a command-line program runs `dispatchMain()` or calls
    /// `waitUntilAllUpdatesAreProcessed()`).
    ///
    /// A batch UIKit would refuse, or that strict validation refuses, throws here
    /// and applies nothing. Since the data source has already changed, the
    /// collection then reloads from it, so it shows the data source as it is and
    /// later edits, made against it, are accepted: a refusal never wedges the
    /// collection.
    ///
    /// A nested call whose `updates` throws drops its own edits (and those of calls
    /// nested in it) and rethrows; the enclosing batch goes on without them.
    ///
    /// - Parameters:
    ///   - animated: Whether the view animates the batch; the outermost call decides.
    ///   - updates: Changes the data source and calls the edit methods, which
    ///     never throw inside a batch; if it throws, its edits are dropped.
    ///   - completion: Told on main `true` when the batch has committed, `false`
    ///     if it was refused or dropped.
    /// - Throws: `DataControllerError` when the batch is
    ///   refused, naming the section, item and counts involved (only the
    ///   outermost call validates), or whatever `updates` threw.
    /// - Complexity: O(*s* + *k* log *n*) on main for *s* sections, *k* edits and *n* items.
    public func performBatchUpdates(
        animated: Bool = true,
        _ updates: () throws -> Void,
        completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) throws {
        let isOutermost = batch == nil
        if isOutermost {
            resynchronizeIfNeeded()
            batch = dataController.makeChangeSet()
        }
        batch?.beginUpdates()
        do {
            try updates()
        } catch {
            if isOutermost {
                batch?.runCompletions(finished: false)  // nested batches that had closed
                batch = nil
                reconfiguresAfterBatch = []
            } else {
                batch?.discardUpdates()
            }
            completion?(false)
            throw error
        }
        batch?.endUpdates(animated: animated, completion: completion.map(ChangeSet.onMain))
        guard isOutermost, let changeSet = batch else { return }
        batch = nil
        let reconfigured = reconfiguresAfterBatch
        reconfiguresAfterBatch = []
        // The reconfigures go after the batch: check them first, so that a bad one
        // refuses the whole batch before any of it is applied.
        if !reconfigured.isEmpty {
            do throws(DataControllerError) {
                try checkReconfigures(reconfigured)
            } catch {
                changeSet.runCompletions(finished: false)
                needsResynchronization = true
                resynchronizeIfNeeded()
                throw error
            }
        }
        try submit(changeSet)
        if !reconfigured.isEmpty { try reconfigureItems(at: reconfigured) }
    }

    /// Inserts items at new index paths.
    ///
    /// - Throws: Outside a batch, as ``performBatchUpdates(animated:_:completion:)``.
    public func insertItems(at indexPaths: [IndexPath]) throws(DataControllerError) {
        try edit { $0.insertItems(at: indexPaths) }
    }

    /// Deletes items at old index paths.
    public func deleteItems(at indexPaths: [IndexPath]) throws(DataControllerError) {
        try edit { $0.deleteItems(at: indexPaths) }
    }

    /// Reloads items at old index paths; an item whose node model is unchanged keeps its node.
    public func reloadItems(at indexPaths: [IndexPath]) throws(DataControllerError) {
        try edit { $0.reloadItems(at: indexPaths) }
    }

    /// Hands the items' nodes their data source's node models in place, keeping
    /// the nodes, and measures them again: UIKit's `reconfigureItems(at:)`.
    ///
    /// Unlike ``reloadItems(at:)``, the node stays even when the model is
    /// unchanged (its `CellNode.updateNodeModel(_:)` runs anyway, so it
    /// can refresh what it shows), and the selection stays. An item with no node
    /// model, or whose node cannot take the model
    /// (`CellNode.canUpdate(toNodeModel:)`), gets a new node.
    ///
    /// Index paths are in the data source's index space; inside
    /// ``performBatchUpdates(animated:_:completion:)`` they name positions after
    /// the batch, which is applied first, as in UIKit.
    ///
    /// - Throws: Outside a batch, as ``performBatchUpdates(animated:_:completion:)``.
    public func reconfigureItems(at indexPaths: [IndexPath]) throws(DataControllerError) {
        guard batch == nil else {
            reconfiguresAfterBatch += indexPaths
            return
        }
        resynchronizeIfNeeded()
        var changeSet = dataController.makeChangeSet()
        changeSet.reloadItems(at: indexPaths)
        try submit(changeSet, reloads: .reconfiguresNode)
    }

    /// Validates reconfigures named inside a batch against the data source's
    /// counts after it, as the batch of them will be once the batch commits.
    private func checkReconfigures(_ indexPaths: [IndexPath]) throws(DataControllerError) {
        let sections = max(dataSource?.numberOfSections(in: self) ?? 0, 0)
        let counts = (0 ..< sections).map { max(dataSource?.collectionNode(self, numberOfItemsInSection: $0) ?? 0, 0) }
        var check = ChangeSet(oldItemCounts: counts)
        check.reloadItems(at: indexPaths)
        do {
            _ = try check.completed(newItemCounts: counts, mode: dataController.validationMode)
        } catch {
            throw .invalidChangeSet(error)
        }
    }

    /// Moves an item from an old index path to a new one; it keeps its node.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(DataControllerError) {
        try edit { $0.moveItem(at: indexPath, to: newIndexPath) }
    }

    /// Inserts sections at new indexes.
    public func insertSections(_ sections: IndexSet) throws(DataControllerError) {
        try edit { $0.insertSections(sections) }
    }

    /// Deletes sections at old indexes.
    public func deleteSections(_ sections: IndexSet) throws(DataControllerError) {
        try edit { $0.deleteSections(sections) }
    }

    /// Reloads sections at old indexes.
    public func reloadSections(_ sections: IndexSet) throws(DataControllerError) {
        try edit { $0.reloadSections(sections) }
    }

    /// Moves a section from an old index to a new one, with its items.
    public func moveSection(_ section: Int, toSection newSection: Int) throws(DataControllerError) {
        try edit { $0.moveSection(section, toSection: newSection) }
    }

    /// Discards every node and loads the data source again, and deselects every
    /// item, as UIKit's `reloadData` does.
    ///
    /// A reload the pipeline refuses (the data source lists a supplementary
    /// kind twice, or the reload is asked from inside a data-source call or a
    /// commit) changes nothing and is reported to ``diagnostics``.
    ///
    /// - Parameter completion: Runs on main once the new data is committed, or
    ///   once the reload was refused.
    public func reloadData(completion: (@MainActor () -> Void)? = nil) {
        // A catch-up derived off main would follow the reload and undo it. If
        // the reload is refused (asked from inside a commit), the next edit
        // catches up instead.
        let droppedCatchUp = dropCatchUpInFlight()
        clearSelection()
        dataController.reloadData { [weak self] result in
            if case .failure = result, droppedCatchUp { self?.needsResynchronization = true }
            completion?()
        }
        if usesSynchronousDataLoading { waitUntilAllUpdatesAreProcessed() }
    }

    /// An edit with animation options, as a table's row animations give them.
    func edit(
        _ animation: TableNode.RowAnimation, _ body: (inout ChangeSet, ChangeSet.AnimationOptions) -> Void
    ) throws(DataControllerError) {
        try edit { body(&$0, animation.options) }
    }

    /// Adds an edit to the open batch, or makes it a batch of its own (animated,
    /// as a lone edit is in UIKit and Texture).
    private func edit(_ body: (inout ChangeSet) -> Void) throws(DataControllerError) {
        if batch != nil {
            body(&batch!)
            return
        }
        resynchronizeIfNeeded()
        var changeSet = dataController.makeChangeSet()
        body(&changeSet)
        try submit(changeSet)
    }

    /// Runs a finished batch through the pipeline; a refusal, which the data
    /// controller reports before returning, is thrown after the collection set
    /// out to catch up with its data source (see `resynchronizeSoon()`).
    func submit(_ changeSet: ChangeSet, reloads: ReloadBehavior = .followsNodeModel) throws(DataControllerError) {
        var refusal: DataControllerError?
        dataController.updateWithChangeSet(changeSet, reloads: reloads) { result in
            if case .failure(let error) = result { refusal = error }
        }
        guard let refusal else {
            if usesSynchronousDataLoading { waitUntilAllUpdatesAreProcessed() }
            return
        }
        needsResynchronization = true
        // From inside a commit or a data-source call a reload would be refused too:
        // the next edit reloads first instead.
        if refusal != .reentrantUpdate { resynchronizeSoon() }
        throw refusal
    }
}
