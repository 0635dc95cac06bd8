import Foundation
public import WeftChangeSet
public import WeftElementMap

/// UIKit's check at the end of a batch update, for any backing view: the
/// counts the view showed, the edits it was handed and the counts after must
/// agree by `ValidationMode.faithful(_:)` rules, or UIKit raises
/// `NSInternalInconsistencyException` (here a ``ViewInconsistency``).
///
/// The data controller has validated every update strictly before step 1, so a
/// view's check of a commit can only fail when the pipeline and the view fell
/// out of step; it is the view's own, independent record that they did not.
/// Every backing view keeps one: `HeadlessCollectionView` checks the batches it
/// records (its own or a commit's) with ``validate(_:newItemCounts:)``, and a
/// view that keeps no cells of its own, as `GTKCollectionView` or a container
/// without a view, hands each commit to ``commit(_:of:updates:)``.
///
/// ```swift
/// var validator = CommitValidator(viewKind: .table)
/// validator.reload(from: dataController.visibleMap)     // at attach
/// // in dataController(_:commit:updates:):
/// if validator.commit(update, of: dataController, updates: updates) { redraw() }
/// ```
public struct CommitValidator: Sendable {
    /// Whose wording the messages use: a collection view's or a table view's.
    public let viewKind: ViewKind

    /// The number of items in each section the view shows.
    public private(set) var itemCounts: [Int] = []

    /// Creates a validator of a view that shows nothing yet.
    public init(viewKind: ViewKind = .collection) {
        self.viewKind = viewKind
    }

    /// The view loaded everything: it shows `itemCounts` now.
    public mutating func reload(itemCounts: [Int]) {
        self.itemCounts = itemCounts
    }

    /// The view loaded everything from `map`.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    public mutating func reload(from map: ElementMap<CollectionElement>) {
        itemCounts = Self.itemCounts(of: map)
    }

    /// Checks a batch the view recorded against the counts it showed
    /// (``itemCounts``) and the counts after, and takes the counts after when
    /// UIKit would accept it.
    ///
    /// - Parameters:
    ///   - changeSet: The batch, made with `ChangeSet(oldItemCounts:)` from
    ///     ``itemCounts``.
    ///   - newItemCounts: The items per section after the batch, as the view's
    ///     data source reports them.
    /// - Returns: The validated batch, in relay order.
    /// - Throws: ``ViewInconsistency/invalidUpdate(_:)`` naming UIKit's rule,
    ///   section, item and counts; ``itemCounts`` is unchanged then.
    /// - Complexity: O(*k* log *k* + *s*) for *k* edits over *s* sections.
    public mutating func validate(
        _ changeSet: ChangeSet, newItemCounts: [Int]
    ) throws(ViewInconsistency) -> CompletedChangeSet {
        let completed: CompletedChangeSet
        do {
            completed = try changeSet.completed(newItemCounts: newItemCounts, mode: .faithful(viewKind))
        } catch {
            throw .invalidUpdate(error)
        }
        itemCounts = newItemCounts
        return completed
    }

    /// Commits `update` for a view that keeps no cells of its own: calls
    /// `updates` (which makes `update.map` the data controller's visible map),
    /// then checks the update's edits, in relay order, against the counts the
    /// view showed and the visible map's. A refusal goes to the data
    /// controller's diagnostics (layer `view`, with the update's number), and
    /// the view takes the visible map's counts, as a UIKit view reloads after
    /// an exception it survived.
    ///
    /// - Returns: Whether UIKit would have accepted the batch.
    /// - Complexity: O(*k* log *k* + *s*) for *k* edits over *s* sections.
    @MainActor
    public mutating func commit(_ update: DataUpdate, of dataController: DataController, updates: () -> Void) -> Bool {
        guard !update.changeSet.includesReloadData else {
            updates()
            reload(from: dataController.visibleMap)
            return true
        }
        // Step 3 recorded and validated the same batch against the counts the
        // view showed; when they are this view's, only the counts are compared.
        let batch = update.relayedBatch.flatMap { $0.oldItemCounts == itemCounts ? $0 : nil }
            ?? Self.relayBatch(of: update.changeSet, from: itemCounts)
        updates()
        let newItemCounts = Self.itemCounts(of: dataController.visibleMap)
        do throws(ViewInconsistency) {
            _ = try validate(batch, newItemCounts: newItemCounts)
            return true
        } catch {
            dataController.diagnostics.report(error, layer: .view, update: update.number)
            itemCounts = newItemCounts
            return false
        }
    }

    /// The batch a view records for a commit of `changeSet` while it shows
    /// `itemCounts`: the edits in relay order (UIKit's: deletes, then inserts
    /// and moves), as one batch.
    ///
    /// - Complexity: O(*k* log *k*) for *k* edits.
    package static func relayBatch(of changeSet: CompletedChangeSet, from itemCounts: [Int]) -> ChangeSet {
        var batch = ChangeSet(oldItemCounts: itemCounts)
        batch.beginUpdates()
        for animated in changeSet.editsInRelayOrder { batch.append(animated.edit, options: animated.options) }
        batch.endUpdates()
        return batch
    }

    private static func itemCounts(of map: ElementMap<CollectionElement>) -> [Int] {
        (0 ..< map.numberOfSections).map { map.numberOfItems(inSection: $0) }
    }
}
