public import Foundation
import WeftChangeSet
import WeftDataController
import WeftElementMap

extension HeadlessCollectionView {
    /// Applies the edits made inside `updates` as one animated batch, as UIKit does.
    ///
    /// If the view has not loaded its data, it loads it first, before
    /// `updates` runs: a data source that changed before this call then
    /// reports its new counts as the old ones, and the batch is refused, as in
    /// UIKit. Batches nest; the outermost one validates and applies. Then the
    /// view asks the data source for its counts and for the cells of inserted
    /// and reloaded items, validates the edits in `ValidationMode.faithful(_:)`
    /// mode (the engine's `CommitValidator`), and applies them, or records a
    /// `ViewInconsistency` and reloads.
    ///
    /// - Parameters:
    ///   - updates: Changes the data source and calls the edit methods.
    ///   - completion: Told `true` once the batch is applied, `false` if refused.
    /// - Complexity: O(*s* + *k* log *n*) for *s* sections, *k* edits and *n* cells.
    public func performBatchUpdates(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) {
        let isOutermost = batch == nil
        if isOutermost {
            layoutIfNeeded()
            batch = ChangeSet(oldItemCounts: itemCounts)
        }
        batch?.beginUpdates()
        updates()
        batch?.endUpdates()
        guard isOutermost, let changeSet = batch else {
            if let completion { batchCompletions.append(completion) }
            return
        }
        batch = nil
        let nested = batchCompletions
        batchCompletions = []
        let applied = apply(changeSet)
        // UIKit's order: the outermost batch's completion first, then the nested
        // ones in the order they were issued (Texture runs them inner-first).
        completion?(applied)
        for completion in nested { completion(applied) }
    }

    /// Inserts items at new index paths; outside a batch, a batch of its own.
    public func insertItems(at indexPaths: [IndexPath]) {
        edit { $0.insertItems(at: indexPaths) }
    }

    /// Deletes items at old index paths.
    public func deleteItems(at indexPaths: [IndexPath]) {
        edit { $0.deleteItems(at: indexPaths) }
    }

    /// Reloads items at old index paths: a delete plus an insert, as in UIKit.
    public func reloadItems(at indexPaths: [IndexPath]) {
        edit { $0.reloadItems(at: indexPaths) }
    }

    /// Moves an item from an old index path to a new one, keeping its cell.
    public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        edit { $0.moveItem(at: indexPath, to: newIndexPath) }
    }

    /// Inserts sections at new indexes.
    public func insertSections(_ sections: IndexSet) {
        edit { $0.insertSections(sections) }
    }

    /// Deletes sections at old indexes.
    public func deleteSections(_ sections: IndexSet) {
        edit { $0.deleteSections(sections) }
    }

    /// Reloads sections at old indexes.
    public func reloadSections(_ sections: IndexSet) {
        edit { $0.reloadSections(sections) }
    }

    /// Moves a section from an old index to a new one, with its items.
    public func moveSection(_ section: Int, toSection newSection: Int) {
        edit { $0.moveSection(section, toSection: newSection) }
    }

    private func edit(_ body: (inout ChangeSet) -> Void) {
        guard batch != nil else {
            performBatchUpdates { edit(body) }
            return
        }
        body(&batch!)
    }

    /// Validates and applies a finished batch; false if UIKit would have raised.
    private func apply(_ changeSet: ChangeSet) -> Bool {
        guard let dataSource else {
            return refuse(.invalidUpdate(ChangeSetError(
                .sectionCountMismatch(after: 0, before: itemCounts.count, inserted: 0, deleted: 0),
                viewKind: viewKind)))
        }
        let sections = dataSource.numberOfSections(in: self)
        guard sections >= 0 else { return refuse(.negativeSectionCount(sections)) }
        let newCounts = (0 ..< sections).map { dataSource.collectionView(self, numberOfItemsInSection: $0) }
        let completed: CompletedChangeSet
        do throws(ViewInconsistency) {
            completed = try validator.validate(changeSet, newItemCounts: newCounts)
        } catch {
            return refuse(error)
        }
        if completed.includesReloadData {
            load()
            return true
        }
        if let committed = committedMap(matching: newCounts) {
            _checkReplay(of: completed, from: dataSource, matches: committed)
            cells = committed
        } else {
            do {
                cells = try replay(completed, from: dataSource)
            } catch {
                return refuse(ViewInconsistency(error))
            }
        }
        appliedBatchUpdateCount += 1
        recordDivergences(from: dataSource)
        return true
    }

    /// The view's cells with `completed` applied, new cells asked of `dataSource`.
    ///
    /// - Complexity: O(*k* log *n*) for *k* edits and *n* cells.
    private func replay(
        _ completed: CompletedChangeSet, from dataSource: any HeadlessCollectionViewDataSource
    ) throws(ElementMapError) -> ElementMap<AnyObject> {
        let mapBatch = _MapBatch<AnyObject>(completed) { dataSource.collectionView(self, cellForItemAt: $0) }
        return try cells.applying(mapBatch.batch)
    }

    /// The data controller's visible map after this commit, as the view's
    /// cells, when the view showed the map before it and the new one has
    /// `counts`: the commit made one map from the other with this very batch, so
    /// replaying the batch would make the same cells, at O(*k* log *n*) on main.
    /// `nil` for a view with a data source of its own, or out of step.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    private func committedMap(matching counts: [Int]) -> ElementMap<AnyObject>? {
        guard let before = visibleMapBeforeCommit, let dataController, let attachedSource,
            dataSource === attachedSource, cells.isIdentical(to: ElementMap(erasing: before)) else { return nil }
        let after = dataController.visibleMap
        guard after.numberOfSections == counts.count,
            counts.indices.allSatisfy({ after.numberOfItems(inSection: $0) == counts[$0] }) else { return nil }
        return ElementMap(erasing: after)
    }

    /// With the internal checks, the replay stays the oracle of the committed
    /// map the view takes: replaying `completed` on the view's cells must give
    /// the same cells (every cell up to 50,000 items, 4,096 spread over larger
    /// maps).
    private func _checkReplay(
        of completed: CompletedChangeSet, from dataSource: any HeadlessCollectionViewDataSource,
        matches committed: ElementMap<AnyObject>
    ) {
        #if WEFT_INTERNAL_CHECKS
        let replayed: ElementMap<AnyObject>
        do {
            replayed = try replay(completed, from: dataSource)
        } catch {
            preconditionFailure("the view's replay of a committed batch failed: \(error)")
        }
        let total = (0 ..< committed.numberOfSections).reduce(0) { $0 + committed.numberOfItems(inSection: $1) }
        let stride = max(1, total / 4_096)
        var ordinal = 0
        for section in 0 ..< committed.numberOfSections {
            for item in 0 ..< committed.numberOfItems(inSection: section) {
                defer { ordinal += 1 }
                guard total <= 50_000 || ordinal % stride == 0 else { continue }
                let path = IndexPath(item: item, section: section)
                precondition(replayed.element(at: path) === committed.element(at: path),
                             "the committed map and the view's replay differ at \(path)")
            }
        }
        #endif
    }

    /// Compares the prepared cells with what the data source has at their index
    /// paths; see ``divergences``.
    ///
    /// - Complexity: O(*p* log *n*) for *p* prepared cells, plus the data source's answers.
    private func recordDivergences(from dataSource: any HeadlessCollectionViewDataSource) {
        let paths = preparedIndexPaths?() ?? (0 ..< itemCounts.count).flatMap { section in
            (0 ..< itemCounts[section]).map { IndexPath(item: $0, section: section) }
        }
        for path in paths {
            guard let cell = cells.element(at: path),
                  let expected = dataSource.collectionView(self, contentOfItemAt: path) else { continue }
            let shown = dataSource.collectionView(self, contentOf: cell)
            guard shown != expected else { continue }
            report(Divergence(
                batchUpdate: appliedBatchUpdateCount, indexPath: path,
                shown: shown.map { "\($0.base)" } ?? "nothing the data source can name", expected: "\(expected.base)"),
                at: [path])
        }
    }

    /// Records what UIKit would have raised and reloads, so the view goes on
    /// showing what the data source has.
    private func refuse(_ inconsistency: ViewInconsistency) -> Bool {
        report(inconsistency)
        load()
        return false
    }
}
