public import Foundation
import WeftChangeSet
public import WeftDataController

extension CollectionNode {
    /// Applies the edits made inside `updates` as one batch, as UIKit's
    /// `performBatchUpdates(_:completion:)` does; batches nest into the outermost.
    ///
    /// Change the data source inside `updates`, and say what changed with the
    /// edit methods. The outermost call validates the batch at once, on main,
    /// against the data source's new counts: a batch UIKit would refuse, or
    /// that strict validation refuses, throws here and changes nothing. An
    /// accepted batch commits asynchronously; `completion` then runs on main.
    ///
    /// - Parameters:
    ///   - updates: Changes the data source and calls the edit methods, which
    ///     never throw inside a batch; if `updates` throws, the batch is dropped
    ///     and nothing changes.
    ///   - completion: Told `true` when the batch has committed, `false` if refused.
    /// - Throws: ``WeftDataController/DataControllerError`` when the batch is
    ///   refused, naming the section, item and counts involved (only the
    ///   outermost call validates), or whatever `updates` threw.
    /// - Complexity: O(*s* + *k* log *n*) on main for *s* sections, *k* edits and *n* items.
    public func performBatchUpdates(
        _ updates: () throws -> Void, completion: (@Sendable (Bool) -> Void)? = nil
    ) throws {
        let isOutermost = batch == nil
        if isOutermost { batch = dataController.makeChangeSet() }
        batch?.beginUpdates()
        do {
            try updates()
        } catch {
            if isOutermost { batch = nil }
            throw error
        }
        batch?.endUpdates(completion: completion)
        guard isOutermost, let changeSet = batch else { return }
        batch = nil
        try submit(changeSet)
    }

    /// Inserts items at new index paths.
    ///
    /// - Throws: Outside a batch, as ``performBatchUpdates(_:completion:)``.
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

    /// Discards every node and loads the data source again.
    ///
    /// - Parameter completion: Runs on main once the new data is committed.
    public func reloadData(completion: (@MainActor () -> Void)? = nil) {
        dataController.reloadData { _ in completion?() }
    }

    /// Adds an edit to the open batch, or makes it a batch of its own.
    private func edit(_ body: (inout ChangeSet) -> Void) throws(DataControllerError) {
        if batch != nil {
            body(&batch!)
            return
        }
        var changeSet = dataController.makeChangeSet()
        body(&changeSet)
        try submit(changeSet)
    }

    /// Runs a finished batch through the pipeline; a refusal, which the data
    /// controller reports before returning, is thrown.
    private func submit(_ changeSet: ChangeSet) throws(DataControllerError) {
        var refusal: DataControllerError?
        dataController.updateWithChangeSet(changeSet) { result in
            if case .failure(let error) = result { refusal = error }
        }
        if let refusal { throw refusal }
    }
}
