public import Foundation
public import WeftChangeSet
public import WeftCore
public import WeftDataController
import WeftElementMap
import WeftMemory
public import WeftReusePool

/// The view side of a collection, without UIKit: it keeps its own counts and
/// cells, and validates and applies batch updates exactly as UIKit's
/// `UICollectionView` (or `UITableView`) does.
///
/// Like UIKit, it asks its data source only when it loads its data (lazily,
/// after ``reloadData()``) and at the end of a batch update, and it validates the
/// update's edits against the counts it had before and the counts the data
/// source reports after (`ValidationMode.faithful(_:)`). Where UIKit would
/// raise `NSInternalInconsistencyException`, it records a `ViewInconsistency`
/// (its check is the engine's `CommitValidator`, which every backing view calls),
/// reloads everything from the data source so that it can go on, and tells the
/// batch's completion `false`.
///
/// It is the oracle of Weft's own tests, the view of `weft-sim`, and a way to
/// run any data source and its updates through UIKit's rules on Linux, in CI:
///
/// ```swift
/// let view = HeadlessCollectionView()
/// view.dataSource = feed
/// view.performBatchUpdates {
///     feed.insert(post, at: 0)
///     view.insertItems(at: [IndexPath(item: 0, section: 0)])
/// }
/// #expect(view.inconsistencies.isEmpty)
/// ```
///
/// Cells live in an element map, so a batch costs O(*k* log *n*) for *k* edits
/// over *n* cells, plus the data source's counts.
@MainActor
public final class HeadlessCollectionView {
    /// Where counts and cells come from. ``attach(to:preparedIndexPaths:)``
    /// makes a data controller's visible map the data source.
    public weak var dataSource: (any HeadlessCollectionViewDataSource)?

    /// Whether messages speak of items (collection) or rows (table).
    public let viewKind: ViewKind

    /// Where the view reports what UIKit would have refused and the cells that
    /// diverged from the data source; the data controller's log once attached.
    public internal(set) var diagnostics: DiagnosticsLog

    /// Every update UIKit would have refused, oldest first: a view of
    /// ``diagnostics``.
    public var inconsistencies: [ViewInconsistency] { diagnostics.errors(of: ViewInconsistency.self, in: .view) }

    /// Cells that a batch update UIKit accepts left showing something other than
    /// what the data source has at their index paths, oldest first. After each
    /// applied batch the view compares the cells at ``preparedIndexPaths`` (or
    /// every cell) with the data source, through
    /// ``HeadlessCollectionViewDataSource/collectionView(_:contentOfItemAt:)``
    /// and ``HeadlessCollectionViewDataSource/collectionView(_:contentOf:)``; a data
    /// source that answers `nil` is not compared. Empty in a correct collection.
    /// A view of ``diagnostics``.
    public var divergences: [Divergence] { diagnostics.errors(of: Divergence.self, in: .view) }

    /// The index paths of the cells a layout shows or has prepared, which the
    /// view compares with the data source after each batch update; `nil` (the
    /// default) compares every cell, O(*n*) per batch. A container sets it to its
    /// visible items and those around them.
    public var preparedIndexPaths: (@MainActor () -> [IndexPath])?

    /// The edits of the last update a data controller committed, in the order
    /// they were relayed, each with its animation options (a table's row
    /// animation): what a `UITableView` would be handed. Empty after a reload.
    public internal(set) var lastRelayedEdits: [ChangeSet.AnimatedEdit] = []

    /// How many commits this view took the batch step 3 recorded and validated
    /// for (`DataUpdate.relayedBatch`) instead of recording their edits itself.
    package internal(set) var relayedBatchesTaken = 0

    /// The number of batch updates applied, not counting refused ones.
    public internal(set) var appliedBatchUpdateCount = 0

    /// The number of times the view loaded everything from its data source.
    public internal(set) var loadCount = 0

    /// The container of the visible cells' host views, as a container mounts
    /// them (``mount(_:of:)``).
    ///
    /// An escape hatch: read the mounted views (`HeadlessView.subviews`)
    /// after `CollectionNode.layoutIfNeeded()`. Do not add or remove views;
    /// the next mount pass owns them.
    public let containerView = HeadlessView()

    /// Recycles the host views of cells as they scroll in and out.
    package let reusePool: ReusePoolMap

    /// Errors from mounting host views (`ReusePoolError`); empty unless a view
    /// class misbehaves. A view of ``diagnostics``.
    public var mountErrors: [ReusePoolError] { diagnostics.errors(of: ReusePoolError.self, in: .view) }

    /// `nonisolated(unsafe)` so that `deinit` can hand the cells over: every other
    /// access is from the view's main-actor methods, and `deinit` runs when no
    /// other reference to the view exists.
    nonisolated(unsafe) var cells = ElementMap<AnyObject>()
    /// Where the cells go when the view dies; the data controller's, once attached.
    var deallocQueue: DeallocQueue
    /// The data controller attached, whose visible map the view loads in bulk.
    weak var dataController: DataController?
    /// The data source that answers from ``dataController``, kept by the view
    /// because ``dataSource`` is weak.
    var attachedSource: _VisibleMapSource?
    /// The number of the data controller's update being committed, for diagnostics.
    var committingUpdate: Int?
    /// The data controller's visible map before the update being committed:
    /// while the view shows it, the view takes the new one instead of replaying.
    var visibleMapBeforeCommit: ElementMap<CollectionElement>?
    /// The counts the view shows, and UIKit's check of every batch against them.
    var validator: CommitValidator
    var itemCounts: [Int] { validator.itemCounts }
    var hasLoadedData = false
    var batch: ChangeSet?
    var batchCompletions: [(Bool) -> Void] = []

    /// Creates an empty view that will load from its data source when first asked.
    ///
    /// - Parameters:
    ///   - viewKind: `.collection` (the default) or `.table`, for UIKit's
    ///     wording of each.
    ///   - diagnostics: Where the view reports, until it is attached to a data
    ///     controller; a new log by default.
    ///   - deallocQueue: Where the cells go when the view dies, until it is
    ///     attached to a data controller.
    public init(
        viewKind: ViewKind = .collection, diagnostics: DiagnosticsLog = DiagnosticsLog(),
        deallocQueue: DeallocQueue = .shared
    ) {
        self.viewKind = viewKind
        self.diagnostics = diagnostics
        self.deallocQueue = deallocQueue
        validator = CommitValidator(viewKind: viewKind)
        reusePool = ReusePoolMap(container: containerView)
    }

    /// Reports `error` to ``diagnostics`` as the view's, with the update being
    /// committed, if any.
    func report(_ error: any Error, at indexPaths: [IndexPath] = []) {
        diagnostics.report(error, layer: .view, update: committingUpdate, indexPaths: indexPaths)
    }

    deinit {
        // The cells are elements whose nodes a data controller may no longer hold:
        // they die on the dealloc queue's thread, not on the view's.
        deallocQueue.release(taking: &cells, leaving: HeadlessCollectionView.emptyCells)
    }

    /// An empty map to leave behind in `deinit`: making one would allocate there.
    /// `nonisolated(unsafe)`: it holds no element, and a copy only retains its
    /// immutable storage, which any thread may do.
    private nonisolated(unsafe) static let emptyCells = ElementMap<AnyObject>()

    /// Discards the counts and cells; the view loads them again when next asked.
    ///
    /// Inside a batch update this is a `ViewInconsistency`, as in UIKit.
    public func reloadData() {
        if batch != nil {
            report(ViewInconsistency.reloadDataInsideBatchUpdates)
            return
        }
        hasLoadedData = false
        cells = ElementMap()
        validator.reload(itemCounts: [])
    }

    /// Loads counts and cells now if they are not loaded: what a layout pass
    /// does in UIKit.
    ///
    /// - Complexity: O(*n* log *n*) for *n* items when it loads; O(1) otherwise.
    public func layoutIfNeeded() {
        guard !hasLoadedData else { return }
        load()
    }

    /// The number of sections, loading the data first if needed.
    public var numberOfSections: Int {
        layoutIfNeeded()
        return itemCounts.count
    }

    /// The number of items in `section`, loading the data first if needed; 0 for
    /// a section that does not exist.
    public func numberOfItems(inSection section: Int) -> Int {
        layoutIfNeeded()
        return itemCounts.indices.contains(section) ? itemCounts[section] : 0
    }

    /// The cell of the item at `indexPath`, or `nil` if there is no such item.
    ///
    /// - Complexity: O(log *n*).
    public func cellForItem(at indexPath: IndexPath) -> AnyObject? {
        layoutIfNeeded()
        return cells.element(at: indexPath)
    }

    /// The index path of `cell`, or `nil` if the view does not show it.
    ///
    /// - Complexity: O(log *n*).
    public func indexPath(for cell: AnyObject) -> IndexPath? {
        cells.indexPath(of: cell)
    }

    /// Every cell, section by section.
    ///
    /// - Complexity: O(*n*).
    public var allCells: [[AnyObject]] {
        layoutIfNeeded()
        return (0 ..< itemCounts.count).map { cells.elements(inSection: $0) }
    }

    func load() {
        hasLoadedData = true
        loadCount += 1
        validator.reload(itemCounts: [])
        cells = ElementMap()
        guard let dataSource else { return }
        let sections = dataSource.numberOfSections(in: self)
        guard sections >= 0 else {
            report(ViewInconsistency.negativeSectionCount(sections))
            return
        }
        let counts = (0 ..< sections).map { dataSource.collectionView(self, numberOfItemsInSection: $0) }
        if let section = counts.firstIndex(where: { $0 < 0 }) {
            report(ViewInconsistency.invalidUpdate(ChangeSetError(
                .negativeItemCount(section: section, count: counts[section], isAfterUpdate: false), viewKind: viewKind)))
            return
        }
        if let dataController, let attachedSource, dataSource === attachedSource,
            load(from: dataController.visibleMap, counts: counts) {
            return
        }
        let batch = _MapBatch<AnyObject>(loading: counts) { dataSource.collectionView(self, cellForItemAt: $0) }
        do {
            cells = try ElementMap().applying(batch.batch)
            validator.reload(itemCounts: counts)
        } catch {
            report(ViewInconsistency(error))
        }
    }

    /// Loads a data controller's cells: its visible map itself, taken whole
    /// (the maps are persistent, so the view's later batches derive versions of
    /// its own and never touch the controller's), as UIKit's `reloadData` takes
    /// the data source's counts and asks for cells only as it needs them.
    ///
    /// - Returns: Whether the map matched `counts` and the view loaded from it.
    /// - Complexity: O(*s*) for *s* sections: a million items cost no call and
    ///   no copy.
    private func load(from map: ElementMap<CollectionElement>, counts: [Int]) -> Bool {
        guard map.numberOfSections == counts.count,
            counts.indices.allSatisfy({ map.numberOfItems(inSection: $0) == counts[$0] }) else { return false }
        cells = ElementMap(erasing: map)
        validator.reload(itemCounts: counts)
        return true
    }
}
