public import Foundation
import WeftChangeSet
public import WeftCore
public import WeftDataController
public import WeftMemory
public import WeftRangeController

/// A vertical list with table wording: `ASTableNode`. Its data source and
/// delegate speak of rows (``TableNodeDataSource``, ``TableNodeDelegate``), its
/// edits take row animations, and its commits are checked with `UITableView`'s
/// messages.
///
/// ```swift
/// let table = try TableNode()
/// table.dataSource = inbox                       // a TableNodeDataSource
/// table.viewportSize = CGSize(width: 390, height: 844)
/// table.reloadData()
/// try table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
/// ```
///
/// It is a ``CollectionNode`` underneath, so the item-named API works too;
/// index paths are the same either way (`IndexPath(row:section:)` equals
/// `IndexPath(item:section:)`).
///
/// Section headers and footers come from the data source's collection-node
/// methods, which a ``TableNodeDataSource`` also has: return
/// ``CollectionNode/elementKindSectionHeader`` (or the footer's kind) from
/// ``CollectionNodeDataSource/collectionNode(_:supplementaryElementKindsInSection:)``
/// and its node block from
/// ``CollectionNodeDataSource/collectionNode(_:nodeBlockForSupplementaryElementOfKind:at:)``;
/// a header spans the table's width and is as tall as its node measures.
@MainActor
public final class TableNode: CollectionNode {
    /// Creates a table of rows spaced `spacing` points apart.
    ///
    /// - Parameters:
    ///   - spacing: The gap between rows.
    ///   - itemLoading: When rows get their nodes: at their update (the default)
    ///     or when they enter the measure range (`DataController.ItemLoading.lazy`).
    ///   - estimatedRowHeight: The height of a lazy table's row before any row was measured.
    ///   - view: The backing view (a `HeadlessCollectionView(viewKind: .table)`
    ///     checks with table wording); none by default.
    ///   - mainScheduler: Where commits and coalesced range updates run.
    ///   - deallocQueue: Where removed rows and nodes are released.
    ///   - diagnostics: Where every layer reports; a new log by default.
    /// - Throws: `RangeError` for a negative or NaN spacing
    ///   or a non-positive estimate.
    public init(
        spacing: CGFloat = 0,
        itemLoading: DataController.ItemLoading = .eager,
        estimatedRowHeight: CGFloat = 44,
        view: (any ContainerBackingView)? = nil,
        mainScheduler: any MainScheduler = .dispatchMain,
        deallocQueue: DeallocQueue = .shared,
        diagnostics: DiagnosticsLog = DiagnosticsLog()
    ) throws(RangeError) {
        super.init(
            layout: try ListLayout(axis: .vertical, spacing: spacing, estimatedItemLength: estimatedRowHeight),
            view: view, validationMode: .strict(.table), itemLoading: itemLoading,
            mainScheduler: mainScheduler, deallocQueue: deallocQueue, diagnostics: diagnostics)
    }

    /// How a table animates an edit: UIKit's `UITableView.RowAnimation`, with the
    /// same raw values, carried to the view with each edit
    /// (`ChangeSet.AnimationOptions`).
    public enum RowAnimation: Int, Hashable, Sendable, CaseIterable {
        case fade = 0, right, left, top, bottom, none, middle
        case automatic = 100

        var options: ChangeSet.AnimationOptions { ChangeSet.AnimationOptions(rawValue: UInt(rawValue)) }
    }

    /// The number of rows in `section`, in the data source's index space.
    ///
    /// - Complexity: O(1).
    public func numberOfRows(inSection section: Int) -> Int { numberOfItems(inSection: section) }

    /// The node of the row at `indexPath`, or `nil`: `ASTableNode`'s `nodeForRowAtIndexPath:`.
    ///
    /// - Complexity: O(log *n*), plus the node block if it has not run.
    public func nodeForRow(at indexPath: IndexPath) -> CellNode? { nodeForItem(at: indexPath) }

    /// The index paths of the rows that overlap the viewport, in the data source's index space.
    public var indexPathsForVisibleRows: [IndexPath] { indexPathsForVisibleItems }

    /// The index paths of the selected rows, ascending.
    public var indexPathsForSelectedRows: [IndexPath] { indexPathsForSelectedItems }

    /// Inserts rows at new index paths, as `insertRows(at:with:)`.
    ///
    /// - Throws: Outside a batch, as ``CollectionNode/performBatchUpdates(animated:_:completion:)``.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) throws(DataControllerError) {
        try edit(animation) { $0.insertItems(at: indexPaths, options: $1) }
    }

    /// Deletes rows at old index paths, as `deleteRows(at:with:)`.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) throws(DataControllerError) {
        try edit(animation) { $0.deleteItems(at: indexPaths, options: $1) }
    }

    /// Reloads rows at old index paths, as `reloadRows(at:with:)`; a row whose
    /// node model is unchanged keeps its node, as in Texture.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation = .automatic) throws(DataControllerError) {
        try edit(animation) { $0.reloadItems(at: indexPaths, options: $1) }
    }

    /// Hands the rows' nodes their new models in place: `reconfigureRows(at:)`.
    public func reconfigureRows(at indexPaths: [IndexPath]) throws(DataControllerError) {
        try reconfigureItems(at: indexPaths)
    }

    /// Moves a row, which keeps its node: `moveRow(at:to:)`.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) throws(DataControllerError) {
        try moveItem(at: indexPath, to: newIndexPath)
    }

    /// Inserts sections, as `insertSections(_:with:)`.
    public func insertSections(_ sections: IndexSet, with animation: RowAnimation) throws(DataControllerError) {
        try edit(animation) { $0.insertSections(sections, options: $1) }
    }

    /// Deletes sections, as `deleteSections(_:with:)`.
    public func deleteSections(_ sections: IndexSet, with animation: RowAnimation) throws(DataControllerError) {
        try edit(animation) { $0.deleteSections(sections, options: $1) }
    }

    /// Reloads sections, as `reloadSections(_:with:)`.
    public func reloadSections(_ sections: IndexSet, with animation: RowAnimation) throws(DataControllerError) {
        try edit(animation) { $0.reloadSections(sections, options: $1) }
    }

    /// Selects a row, as `selectRow(at:animated:scrollPosition:)`; `nil` deselects every row.
    ///
    /// - Throws: ``CollectionNodeError``; nothing changes then.
    public func selectRow(
        at indexPath: IndexPath?, animated: Bool = false, scrollPosition: ScrollPosition = []
    ) throws(CollectionNodeError) {
        try selectItem(at: indexPath, animated: animated, scrollPosition: scrollPosition)
    }

    /// Deselects a row, as `deselectRow(at:animated:)`.
    public func deselectRow(at indexPath: IndexPath, animated: Bool = false) throws(CollectionNodeError) {
        try deselectItem(at: indexPath, animated: animated)
    }

    /// What a user's tap on a row does; see ``CollectionNode/tapItem(at:)``.
    public func tapRow(at indexPath: IndexPath) throws(CollectionNodeError) {
        try tapItem(at: indexPath)
    }

    /// Scrolls a row to `scrollPosition`, as `scrollToRow(at:at:animated:)`.
    public func scrollToRow(
        at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool = false
    ) throws(CollectionNodeError) {
        try scrollToItem(at: indexPath, at: scrollPosition, animated: animated)
    }

    // MARK: Asking the delegate in rows

    /// The delegate in row words, or `nil` for a plain ``CollectionNodeDelegate``,
    /// which is asked in item words.
    private var rowDelegate: (any TableNodeDelegate)? { delegate as? any TableNodeDelegate }

    override func delegateShouldBatchFetch() -> Bool {
        guard let rows = rowDelegate else { return super.delegateShouldBatchFetch() }
        return rows.shouldBatchFetch(for: self)
    }

    override func delegateShouldBatchFetchAtStart() -> Bool {
        guard let rows = rowDelegate else { return super.delegateShouldBatchFetchAtStart() }
        return rows.shouldBatchFetchAtStart(for: self)
    }

    override func delegateWillBeginBatchFetch(with context: BatchContext) {
        guard let rows = rowDelegate else { return super.delegateWillBeginBatchFetch(with: context) }
        rows.tableNode(self, willBeginBatchFetchWith: context)
    }

    override func delegateShouldSelectItem(at indexPath: IndexPath) -> Bool {
        guard let rows = rowDelegate else { return super.delegateShouldSelectItem(at: indexPath) }
        return rows.tableNode(self, shouldSelectRowAt: indexPath)
    }

    override func delegateDidSelectItem(at indexPath: IndexPath) {
        guard let rows = rowDelegate else { return super.delegateDidSelectItem(at: indexPath) }
        rows.tableNode(self, didSelectRowAt: indexPath)
    }

    override func delegateShouldDeselectItem(at indexPath: IndexPath) -> Bool {
        guard let rows = rowDelegate else { return super.delegateShouldDeselectItem(at: indexPath) }
        return rows.tableNode(self, shouldDeselectRowAt: indexPath)
    }

    override func delegateDidDeselectItem(at indexPath: IndexPath) {
        guard let rows = rowDelegate else { return super.delegateDidDeselectItem(at: indexPath) }
        rows.tableNode(self, didDeselectRowAt: indexPath)
    }
}
