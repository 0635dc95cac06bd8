public import Foundation
public import WeftChangeSet
public import WeftCore
public import WeftDataController
public import WeftMemory
public import WeftNode
public import WeftRangeController

/// A list or grid of cell nodes: Texture's `ASCollectionNode`, headless.
///
/// It wires the pieces: a data controller runs every edit through the
/// five-step pipeline, each commit is checked by UIKit's rules (by the
/// backing view, a ``ContainerBackingView``, or by the node itself when it has
/// none), and a range controller with a `CollectionLayout` moves nodes through
/// their interface states as the viewport moves and asks for more content near
/// the end. Each frame the node hands its visible cells to its view, which
/// mounts or draws them. Everything the layers could not do goes to one
/// ``diagnostics`` log.
///
/// The node owns no view of its own: without one, it still measures and draws
/// its cells, and ``composeFrame(scale:background:)`` shows the screen.
///
/// ```swift
/// let feed = CollectionNode(layout: try ListLayout())
/// feed.dataSource = posts            // counts and node blocks
/// feed.delegate = posts              // batch fetching
/// feed.viewportSize = CGSize(width: 390, height: 844)
/// feed.reloadData()
///
/// try feed.performBatchUpdates {
///     posts.insert(post, at: 0)
///     try feed.insertItems(at: [IndexPath(item: 0, section: 0)])
/// }
/// feed.contentOffset.y += 120        // scrolling drives the ranges
/// feed.layoutIfNeeded()
/// ```
///
/// Edits use UIKit's names and index spaces. Queries (``nodeForItem(at:)``,
/// ``numberOfItems(inSection:)``) answer in the data source's index space, which
/// includes updates the view has not committed yet, as Texture's do.
@MainActor
public class CollectionNode {
    /// The content. Held weakly, as in UIKit and Texture, except for a
    /// ``CollectionDiffableDataSource``, which the node keeps while it is the
    /// node's data source.
    public weak var dataSource: (any CollectionNodeDataSource)? {
        didSet {
            if let retainedDataSource, retainedDataSource !== dataSource { self.retainedDataSource = nil }
            // A refused batch's catch-up derived from the old data source's snapshot
            // describes nothing the new one says: the next edit catches up anew.
            if oldValue !== dataSource, dropCatchUpInFlight() { needsResynchronization = true }
        }
    }

    /// The diffable data source wired to this node, kept alive by it.
    var retainedDataSource: (any CollectionNodeDataSource)?

    /// Batch fetching.
    public weak var delegate: (any CollectionNodeDelegate)?

    /// The pipeline: validation, node allocation and measuring, commits.
    package let dataController: DataController

    /// The backing view the node commits each update to and mounts its
    /// visible cells in: the view passed to
    /// ``init(layout:view:validationMode:itemLoading:mainScheduler:deallocQueue:diagnostics:)``,
    /// or `nil`, when the node checks each commit itself and mounts nothing.
    ///
    /// An escape hatch: read what the view shows (a headless view's cells, a
    /// real view's widgets). Do not call its `CollectionBackingView`
    /// methods or attach it elsewhere: the node does both, once per commit.
    public let view: (any ContainerBackingView)?

    /// The node's own check of each commit, by UIKit's rules, while it has no
    /// ``view`` to make it.
    var validator: CommitValidator

    /// Where items go: the layout passed to the initializer.
    ///
    /// An escape hatch: read frames (`CollectionLayout.frameForItem(at:)`)
    /// and the content size, in the view's index space. Do not call its
    /// mutating methods; the range controller moves it with each commit.
    public let layout: any CollectionLayout

    /// The ranges.
    package let rangeController: RangeController

    /// Where every layer of the collection reports what it could not do:
    /// refused updates (`DataControllerError`), commits the
    /// view refused (`ViewInconsistency`),
    /// shared nodes, layouts, layout specs, range and mount errors, each with its
    /// layer, update and index paths. Empty in a consistent collection.
    public let diagnostics: DiagnosticsLog

    var batch: ChangeSet?

    /// Items reconfigured inside the open batch, in the space after it.
    var reconfiguresAfterBatch: [IndexPath] = []

    /// A batch was refused after the data source changed: reload before the next edit.
    var needsResynchronization = false

    /// A refused batch's catch-up being derived off main, until main submits it
    /// (see `resynchronizeSoon()`).
    var catchUp: _CatchUp?

    /// Answers the data controller and the range controller on the node's behalf.
    let pipeline = _PipelineAdapter()

    /// Errors the range controller reported while following commits; empty in
    /// a consistent collection. A view of ``diagnostics``.
    public var rangeErrors: [RangeError] { diagnostics.errors(of: RangeError.self) }

    /// Layouts that automatic subnode management could not apply to a visible
    /// cell (the layout names a node it may not adopt); empty in a consistent
    /// collection. Those found at commits are the data controller's, and those
    /// found as cells enter the preload range the range controller's; all are
    /// in ``diagnostics``. A view of ``diagnostics``.
    public var layoutErrors: [NodeError] { diagnostics.errors(of: NodeError.self, in: .container) }

    /// Node blocks that returned a node another item still holds; each such item
    /// shows an empty cell node instead. Empty when every item has a node of its
    /// own. See `SharedNodeError`. A view of ``diagnostics``.
    public var sharedNodeErrors: [SharedNodeError] { diagnostics.errors(of: SharedNodeError.self) }

    /// Whether updates issued so far have yet to commit.
    public var isProcessingUpdates: Bool { dataController.isProcessingUpdates }

    /// Creates a collection node.
    ///
    /// - Parameters:
    ///   - layout: Where items go; a vertical `ListLayout` by default.
    ///   - view: The backing view: a `HeadlessCollectionView` (module
    ///     WeftHeadless), a `GTKCollectionView` (module WeftGTK), or your own;
    ///     none by default, and the node then checks each commit itself.
    ///   - validationMode: How edits are validated: `ValidationMode.strict` by default.
    ///   - itemLoading: When the data source is asked for an item's node block:
    ///     `DataController.ItemLoading.eager` (the default,
    ///     every item at its update, as Texture) or
    ///     `DataController.ItemLoading.lazy` (when it enters
    ///     the measure range; for large data, see the WeftRangeController article "Intelligent preloading").
    ///   - mainScheduler: Where commits and coalesced range updates run.
    ///   - deallocQueue: Where removed elements and nodes are released.
    ///   - diagnostics: Where every layer reports; a new log by default. Pass
    ///     one made with a `DiagnosticsSink` to forward them.
    public init(
        layout: any CollectionLayout,
        view: (any ContainerBackingView)? = nil,
        validationMode: ValidationMode = .strict,
        itemLoading: DataController.ItemLoading = .eager,
        mainScheduler: any MainScheduler = .dispatchMain,
        deallocQueue: DeallocQueue = .shared,
        diagnostics: DiagnosticsLog = DiagnosticsLog()
    ) {
        self.layout = layout
        self.view = view
        self.diagnostics = diagnostics
        validator = CommitValidator(viewKind: validationMode.viewKind)
        dataController = DataController(
            validationMode: validationMode, itemLoading: itemLoading, mainScheduler: mainScheduler,
            deallocQueue: deallocQueue, diagnostics: diagnostics)
        rangeController = RangeController(
            layout: layout, scheduler: mainScheduler, deallocQueue: deallocQueue, diagnostics: diagnostics)
        rangeController.dataController = dataController
        pipeline.node = self
        dataController.owningNode = self
        dataController.dataSource = pipeline
        dataController.delegate = pipeline
        rangeController.batchFetchingDelegate = pipeline
        if let view {
            view.attach(to: dataController) { [weak self] in self?.viewIndexPathsForPreparedItems ?? [] }
            view.attach(to: self)
        }
    }

    /// The size of the viewport. A new size measures every allocated node again
    /// and moves the ranges.
    ///
    /// A dimension that is NaN, infinite or negative counts as 0 (no viewport:
    /// nothing is visible), and a finite one past `SizeRange.maximumLength` as that
    /// length, so that no layout derives an infinite or NaN frame from it; the
    /// getter returns the size in use.
    public var viewportSize: CGSize {
        get { rangeController.viewport.size }
        set {
            func usable(_ length: CGFloat) -> CGFloat {
                length.isFinite && length > 0 ? min(length, SizeRange.maximumLength) : 0
            }
            let newValue = CGSize(width: usable(newValue.width), height: usable(newValue.height))
            // The ranges first: a pager's size range is the viewport, and the data
            // controller measures every node again as soon as its size changes.
            rangeController.viewport.size = newValue
            if explicitVisibility == nil { rangeController.isContainerVisible = newValue.width > 0 && newValue.height > 0 }
            dataController.viewportSize = newValue
        }
    }

    /// The scroll position: the viewport's origin in the content, kept within the
    /// content unless ``allowsOverscroll``. A coordinate that is NaN or infinite
    /// is refused: it keeps its value, and ``diagnostics`` records a
    /// `GeometryError`.
    ///
    /// Setting it is one scrolled frame: the scroll direction follows from the
    /// change, the first change leaves the minimum range mode for the full one
    /// (as a first drag does in Texture), and a range update is scheduled.
    public var contentOffset: CGPoint {
        get { rangeController.viewport.origin }
        set {
            let old = rangeController.viewport.origin
            // A coordinate that is not finite keeps its old value: the screen stays drawn.
            let finite = CGPoint(x: newValue.x.isFinite ? newValue.x : old.x, y: newValue.y.isFinite ? newValue.y : old.y)
            if finite != newValue {
                diagnostics.report(GeometryError.notANumber("content offset \(newValue)"), layer: .container)
            }
            let newValue = allowsOverscroll ? finite : clampedContentOffset(finite)
            if !isKeepingScrollTarget { scrollTarget = nil }
            guard newValue != old else { return }
            if !hasScrolled {
                hasScrolled = true
                rangeController.scrollViewWillBeginDragging()
            }
            rangeController.scrollVelocity = CGPoint(x: newValue.x - old.x, y: newValue.y - old.y)
            rangeController.viewport.origin = newValue
            view?.containerDidScroll(self)
        }
    }

    var hasScrolled = false

    /// Takes over measuring new items from the pipeline, for a custom layout that
    /// measures them its own way: Texture's `ASCollectionLayoutDelegate`. Held
    /// weakly, as the data source is; often the container's own ``layout``, which
    /// then measures in `DataControllerLayoutDelegate.calculateLayout(with:)`
    /// (off main) and places in its `CollectionLayout` methods (on main).
    ///
    /// With a layout delegate, each update's new elements go to it instead of
    /// being allocated and measured by the pipeline; it must measure every new
    /// element's node before `calculateLayout(with:)` returns. For eager loading:
    /// a lazy container's loads still measure in the pipeline.
    public var layoutDelegate: (any DataControllerLayoutDelegate)? {
        get { dataController.layoutDelegate }
        set { dataController.layoutDelegate = newValue }
    }

    /// Whether each update returns only once it has committed: `reloadData`, a
    /// batch or a lone edit, and a snapshot applied on main return with their
    /// nodes made and measured, the view updated and their completions called.
    /// Texture's `usesSynchronousDataLoading`; `false` by default.
    ///
    /// For tests and small lists: main waits while the nodes are made and
    /// measured. An update made inside a commit (a delegate's batch update) still
    /// commits after the one running. `applyInBackground` still diffs off main
    /// and returns at once; its main-thread half, when it runs, waits for the
    /// commit as `apply` does.
    public var usesSynchronousDataLoading = false

    /// Whether items can be selected, by ``tapItem(at:)`` or
    /// ``selectItem(at:animated:scrollPosition:)``. `true` by default, as in UIKit.
    public var allowsSelection = true

    /// Whether more than one item can be selected at once; a tap on a selected
    /// item then deselects it. `false` by default, as in UIKit.
    public var allowsMultipleSelection = false

    /// What a selected item shows behind its contents unless its node sets its
    /// own (`CellNode.selectedBackgroundColor`): a light blue by default, the
    /// theme's selection colour in a GTK view (``ContainerBackingView``s set it).
    public var selectedBackgroundColor = Color(red: 0.21, green: 0.52, blue: 0.89, alpha: 0.22) {
        didSet { if selectedBackgroundColor != oldValue { redrawSelection() } }
    }

    /// What a highlighted (pressed) item shows behind its contents unless its
    /// node sets its own (`CellNode.highlightedBackgroundColor`).
    public var highlightedBackgroundColor = Color(red: 0.21, green: 0.52, blue: 0.89, alpha: 0.12) {
        didSet { if highlightedBackgroundColor != oldValue { redrawSelection() } }
    }

    /// The selected elements, in the order they were selected.
    var selection: [_WeakElement] = []

    /// The drawing failures of the cells on screen already reported to
    /// ``diagnostics``, by node: each is reported once while it shows.
    var reportedDisplayFailures: [ObjectIdentifier: DisplayError] = [:]

    /// The old drawings of visible cells a reload replaced, by the new element,
    /// until each new cell's drawing lands (``CollectionNode/blankVisibleItems``).
    var heldCells: [ObjectIdentifier: _HeldCell] = [:]

    /// The item the last ``scrollToItem(at:at:animated:)`` asked for, kept where
    /// it was asked to be while the view catches up (an update in flight, an
    /// insert on its way, lazy estimates corrected) until the next scroll.
    var scrollTarget: (target: _ScrollTarget, position: ScrollPosition)?
    /// Whether the offset is being set to keep ``scrollTarget``: such a change
    /// is not a new scroll, which would let the target go.
    var isKeepingScrollTarget = false

    /// Whether the first item shows at the end of the scroll axis, newest at the
    /// bottom, as a chat does: Texture's `inverted`, which flips the view.
    /// `false` by default.
    ///
    /// Only the screen is mirrored, as under Texture's flip: ``frameForItem(at:)``,
    /// ``contentOffset`` and the layout keep content coordinates, where index 0
    /// is the newest message at the start; ``viewportRect(forContentRect:)``
    /// (what layers, composed frames and views use) shows it at the bottom of
    /// the viewport while the offset is 0, a growing offset scrolls toward older
    /// ones (up on screen), and batch fetching at the end fetches history. A
    /// scroll bar reads ``displayedContentOffset``, which runs from the oldest
    /// message at the top. New
    /// messages inserted at index 0 show at once while the viewport is at the
    /// newest one, and leave the message being read in place otherwise
    /// (``automaticallyAdjustsContentOffset``).
    public var isInverted = false

    /// Whether ``contentOffset`` may leave the content, as a scroll view's bounce
    /// does. `false` by default: an offset is clamped so that the viewport stays
    /// within the content (at the start while the content is shorter than it).
    public var allowsOverscroll = false

    /// `offset` moved into the range where the viewport stays within the content.
    func clampedContentOffset(_ offset: CGPoint) -> CGPoint {
        let content = layout.contentSize
        let size = viewportSize
        func clamp(_ value: CGFloat, _ limit: CGFloat) -> CGFloat {
            guard value.isFinite else { return 0 }
            return Swift.min(Swift.max(value, 0), Swift.max(limit, 0))
        }
        return CGPoint(x: clamp(offset.x, content.width - size.width), y: clamp(offset.y, content.height - size.height))
    }

    /// Whether the collection is on screen. A collection that is not visible
    /// keeps only the minimum ranges, shows no cell as visible, and fetches a
    /// batch only while its content is shorter than the viewport.
    ///
    /// By default a collection is visible exactly when its ``viewportSize`` is not
    /// empty, as a collection view in a window is. Set it to say otherwise (a
    /// container kept off screen, or behind another screen); from then on the
    /// value set holds.
    public var isVisible: Bool {
        get { rangeController.isContainerVisible }
        set {
            explicitVisibility = newValue
            rangeController.isContainerVisible = newValue
        }
    }

    /// What ``isVisible`` was set to, or `nil` while it follows the viewport.
    private var explicitVisibility: Bool?

    /// Asks the delegate again, at the next range update, whether to fetch a batch.
    ///
    /// After a fetch ends, whether or not it found anything, the delegate is asked
    /// again only once the viewport moves or the content changes, so an idle
    /// collection never spins asking. Call this when more may be there although
    /// neither happened: new data arrived from elsewhere, or a pull to refresh.
    public func checkForBatchFetching() {
        rangeController.checkForBatchFetching()
    }

    /// Narrows the ranges after a memory warning, as Texture does: to the
    /// visible items only while the collection is visible, else to the
    /// low-memory mode.
    public func handleMemoryWarning() {
        rangeController.handleMemoryWarning()
    }

    /// The app went to the background: the ranges narrow as in Texture, and no
    /// node counts as visible until it returns.
    public func applicationDidEnterBackground() {
        rangeController.applicationDidEnterBackground()
    }

    /// The app came back: the ranges return to their mode.
    public func applicationWillEnterForeground() {
        rangeController.applicationWillEnterForeground()
    }

    /// The screenfuls of content left ahead of the viewport under which the
    /// delegate is asked to fetch more. 2 by default, as in Texture.
    public var leadingScreensForBatching: CGFloat { rangeController.leadingScreensForBatching }

    /// Sets ``leadingScreensForBatching``.
    ///
    /// - Throws: `RangeError` for a negative or NaN value; nothing changes then.
    public func setLeadingScreensForBatching(_ screens: CGFloat) throws(RangeError) {
        try rangeController.setLeadingScreensForBatching(screens)
    }

    /// The tuning parameters of a range type in a range mode.
    public func tuningParameters(for rangeType: RangeType, mode: RangeMode = .full) -> RangeTuningParameters {
        rangeController.tuningParameters(for: rangeType, mode: mode)
    }

    /// Sets the tuning parameters of a range type in a range mode.
    public func setTuningParameters(_ parameters: RangeTuningParameters, for rangeType: RangeType, mode: RangeMode = .full) {
        rangeController.setTuningParameters(parameters, for: rangeType, mode: mode)
    }

    /// The kind of a section header: UIKit's `UICollectionView.elementKindSectionHeader`.
    public static let elementKindSectionHeader = ElementKind.sectionHeader

    /// The kind of a section footer: UIKit's `UICollectionView.elementKindSectionFooter`.
    public static let elementKindSectionFooter = ElementKind.sectionFooter

    /// The size range items get when the data source does not say: the size
    /// the layout gives every item (a grid's cell, a pager's page: see
    /// `CollectionLayout.itemSizeRange(forViewportSize:)`), else the
    /// viewport's width exactly and any height, as a list's rows.
    public var defaultConstrainedSize: SizeRange {
        layout.itemSizeRange(forViewportSize: viewportSize) ?? dataController.defaultConstrainedSize
    }

    /// The size range headers and footers get when the data source does not
    /// say: the viewport's width exactly, any height, whatever the layout.
    var defaultSupplementaryConstrainedSize: SizeRange { dataController.defaultConstrainedSize }

    /// Blocks main until every edit issued so far has committed, then updates
    /// the ranges: Texture's `waitUntilAllUpdatesAreProcessed`. From async code,
    /// ``waitForAllUpdates()`` suspends instead of blocking.
    public func waitUntilAllUpdatesAreProcessed() {
        dataController.waitUntilAllUpdatesAreProcessed()
        layoutIfNeeded()
    }

    /// Suspends, without blocking main, until every edit issued so far has
    /// committed, then updates the ranges. A name of its own, not an `async`
    /// twin of ``waitUntilAllUpdatesAreProcessed()``: a twin would shadow the
    /// blocking call in every async function.
    public func waitForAllUpdates() async {
        await dataController.waitForAllUpdates()
        layoutIfNeeded()
    }

    // MARK: Asking the delegate (a table overrides these to ask in rows)

    func delegateShouldBatchFetch() -> Bool { delegate?.shouldBatchFetch(for: self) ?? false }

    func delegateShouldBatchFetchAtStart() -> Bool { delegate?.shouldBatchFetchAtStart(for: self) ?? false }

    func delegateWillBeginBatchFetch(with context: BatchContext) {
        guard let delegate else { return context.cancelBatchFetching() }
        delegate.collectionNode(self, willBeginBatchFetchWith: context)
    }

    func delegateShouldSelectItem(at indexPath: IndexPath) -> Bool {
        delegate?.collectionNode(self, shouldSelectItemAt: indexPath) ?? true
    }

    func delegateDidSelectItem(at indexPath: IndexPath) { delegate?.collectionNode(self, didSelectItemAt: indexPath) }

    func delegateShouldDeselectItem(at indexPath: IndexPath) -> Bool {
        delegate?.collectionNode(self, shouldDeselectItemAt: indexPath) ?? true
    }

    func delegateDidDeselectItem(at indexPath: IndexPath) { delegate?.collectionNode(self, didDeselectItemAt: indexPath) }
}
