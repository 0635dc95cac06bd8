public import Foundation
import DequeModule
public import WeftCore
public import WeftDataController
public import WeftElementMap
public import WeftMemory

/// Decides which cell nodes are visible, displayed and preloaded as the user
/// scrolls, and moves their interface states, as Texture's `ASRangeController`.
///
/// Inputs, all on main: the visible map (``setVisibleMap(_:preparation:)`` once, then
/// ``apply(_:)`` with each committed `DataUpdate`), the
/// ``viewport`` (bounds at the content offset), the ``scrollVelocity``, whether
/// the container ``isContainerVisible``, the first drag
/// (``scrollViewWillBeginDragging()``) and the application's memory and
/// background events. Each update pass computes three runs of items in layout
/// order: visible (overlapping the viewport), display and preload (the viewport
/// grown by the ``RangeTuningParameters`` of the current ``RangeMode``, the
/// leading buffer in the scroll direction), and gives each allocated node the
/// state that Texture's table assigns (see <doc:IntelligentPreloading>).
///
/// **Per-frame cost.** A pass remembers only the three runs, and a node's state
/// follows from its place relative to them. So a pass compares the old and new
/// runs and visits just the items between their ends whose state differs: the
/// items that crossed a range boundary, plus O(log *n*) to find the runs. It
/// never walks the item count, and never allocates a node (it reads
/// `nodeIfAllocated`); a node changes state only when its state differs, so its
/// hooks run once per real transition.
///
/// **Lazy collections.** With a lazy ``dataController``, the measure range
/// (``RangeType/measure``) loads the absent items that enter it on a main turn
/// of its own, ``itemsDidLoad(at:in:)`` keeps the first visible item in place as
/// measured sizes replace estimates, and ``loadedItemLimit`` bounds what stays
/// loaded; the controller still never makes a node itself.
///
/// **Batch updates.** ``apply(_:)`` brings the layout up to date in
/// O(*k* log *n*) for *k* edits and revisits only elements that held a state
/// before the update or hold one after it, where Texture revisits every item.
///
/// **Coalescing.** Inputs mark the controller with ``setNeedsUpdate()``, which
/// schedules one ``updateIfNeeded()`` on the main scheduler however many times it
/// is called; a caller that lays out once per frame calls ``updateIfNeeded()``
/// itself, as Texture does at the end of `layoutSubviews`.
@MainActor
public final class RangeController {
    /// The layout that places the items.
    public let layout: any CollectionLayout

    /// Hears about every interface-state change the controller makes.
    public weak var delegate: (any RangeControllerDelegate)?

    /// Loads more content when the viewport nears the end; see ``leadingScreensForBatching``.
    public weak var batchFetchingDelegate: (any BatchFetchingDelegate)?

    /// The data controller whose absent items the measure range loads, when it
    /// loads lazily (`DataController.ItemLoading.lazy`);
    /// the collection containers set it.
    public weak var dataController: DataController?

    /// The map whose items the ranges hold, in the view's index space.
    public internal(set) var visibleMap = ElementMap<CollectionElement>()

    /// The visible part of the content: the view's bounds at its content offset,
    /// in content coordinates. Setting it schedules an update.
    public var viewport: CGRect = .zero {
        didSet {
            if viewport.size != oldValue.size { layout.viewportSizeDidChange(to: viewport.size) }
            if viewport != oldValue {
                waitsForBatchFetchTrigger = false
                if let target = draggingEnd?.target, viewport.origin != oldValue.origin {
                    // The target holds while the content heads for it: reached, or
                    // moved any other way (a programmatic scroll, a new gesture), it goes.
                    func distance(_ point: CGPoint) -> CGFloat { hypot(point.x - target.x, point.y - target.y) }
                    if viewport.origin == target || distance(viewport.origin) >= distance(oldValue.origin) {
                        draggingEnd = nil
                    }
                }
                setNeedsUpdate()
            }
        }
    }

    /// Whether a commit keeps the first item on screen where it is: when items
    /// are inserted or deleted before it, or change size, the viewport moves by
    /// as much as the item did, so the item being read moves by 0 points. `true`
    /// by default, as a reader expects (Texture's `automaticallyAdjustsContentOffset`,
    /// UIKit has none). The first surviving item on screen is the anchor; while
    /// the viewport is at the start of the content it stays there, so a feed at
    /// its top, or an inverted chat at its newest message, shows what arrives.
    public var automaticallyAdjustsContentOffset = true

    /// How fast the content offset moves, in points per second, positive toward
    /// larger offsets: the pan velocity while dragging, else the deceleration
    /// velocity. Only the component along the layout's axis counts; zero keeps
    /// the last direction.
    public var scrollVelocity: CGPoint = .zero

    /// Whether the container (the collection node) is visible. Setting it
    /// schedules an update; a container that is not visible has no visible nodes.
    public var isContainerVisible = false {
        didSet { if isContainerVisible != oldValue { setNeedsUpdate() } }
    }

    /// The range mode the last update used; `nil` before the first update.
    public internal(set) var currentRangeMode: RangeMode?

    /// The mode a memory warning switches a container that is not visible to:
    /// ``RangeMode/lowMemory`` (the default) or ``RangeMode/visibleOnly``.
    public internal(set) var rangeModeForMemoryWarnings: RangeMode = .lowMemory

    /// How many screenfuls of content left ahead of the viewport start a batch
    /// fetch; 2 by default, 0 turns batch fetching off.
    public internal(set) var leadingScreensForBatching: CGFloat = 2

    /// How many items of a lazy collection may be loaded at once, counting those
    /// in the measure range: past it, the items loaded longest ago that lie
    /// outside the measure range and are not selected are unloaded (`DataController.unloadItems(at:)`),
    /// as Texture's low-memory mode lets nodes go. Items the measure range holds
    /// always stay, so the count can exceed the limit only while that range does.
    /// 100 by default (about 20 screens of a phone's feed, several times the
    /// measure range; each loaded post cell holds about 12 KiB of nodes and
    /// shaped text: weft-gallery's peak resident set was 12 MiB higher with
    /// 1,000 and 2 MiB higher with 250); set it with ``setLoadedItemLimit(_:)``.
    public internal(set) var loadedItemLimit = 100

    /// The context of the current or last batch fetch.
    public private(set) lazy var batchContext = BatchContext { [weak self] in self?.batchFetchDidEnd() }

    /// What the controller did so far.
    public internal(set) var statistics = Statistics()

    // MARK: Internal state

    var tuning: [[RangeTuningParameters]] = RangeMode.allCases.map { mode in
        RangeType.allCases.map { RangeTuningParameters.defaults(for: $0, mode: mode) }
    }
    var sectionIndex = _SectionIndex()
    var snapshot = _RangeSnapshot()
    /// The supplementary elements whose nodes the last pass gave a state.
    var supplementariesHoldingState: [CollectionElement] = []
    /// The last direction content moved in; Texture starts from down and right.
    var lastScrollDirection: ScrollDirection = [.down, .right]
    var contentHasBeenScrolled = false
    /// How the last drag ended, until the viewport reaches its target or the
    /// next drag begins (see ``scrollViewWillEndDragging(withVelocity:targetContentOffset:)``).
    var draggingEnd: (velocity: CGPoint, target: CGPoint)?
    var preservesCurrentRangeMode = false
    var isApplicationBackgrounded = false
    var needsUpdate = false
    var isUpdateScheduled = false
    /// A batch-fetch check is scheduled for the next main turn.
    var isBatchFetchScheduled = false
    /// A fetch ended: the delegate is asked again only after the viewport moves,
    /// the content changes or ``checkForBatchFetching()`` is called.
    var waitsForBatchFetchTrigger = false
    /// The measure run that was last searched for absent items, and whether the
    /// map has changed since (then the whole run is searched again).
    var searchedMeasureRun: Range<Int> = 0 ..< 0
    var mapChangedSinceSearch = true
    var isLoadSearchScheduled = false
    /// The loaded elements, oldest first, held weakly: a deleted one simply drops out.
    var loadedElements = Deque<_WeakElement>()
    var tracksLoadedElement = Set<ObjectIdentifier>()
    let scheduler: any MainScheduler
    /// Where the visible map goes when the range controller dies.
    let deallocQueue: DeallocQueue

    /// Where the controller reports the layouts a node could not apply as it
    /// entered a range, and the updates it could not follow.
    public let diagnostics: DiagnosticsLog

    /// Creates a range controller over an empty map.
    ///
    /// - Parameters:
    ///   - layout: The layout that places the items; the controller prepares it.
    ///   - scheduler: Where ``setNeedsUpdate()`` schedules its coalesced update.
    ///   - deallocQueue: Where the elements the controller still holds go when it dies.
    ///   - diagnostics: Where the controller reports what it could not do; a
    ///     container passes its data controller's log.
    public init(
        layout: any CollectionLayout, scheduler: any MainScheduler = .dispatchMain, deallocQueue: DeallocQueue = .shared,
        diagnostics: DiagnosticsLog = DiagnosticsLog()
    ) {
        self.layout = layout
        self.scheduler = scheduler
        self.deallocQueue = deallocQueue
        self.diagnostics = diagnostics
        layout.prepare(for: visibleMap, viewportSize: viewport.size)
    }

    deinit {
        // The map holds elements and their nodes that the data controller may
        // already have let go: they die on the dealloc queue's thread.
        deallocQueue.release(taking: &visibleMap, leaving: RangeController.emptyMap)
    }

    /// An empty map to leave behind in `deinit`: making one would allocate there.
    private nonisolated static let emptyMap = ElementMap<CollectionElement>()

    /// The direction the last update took the leading buffers toward, along
    /// the layout's axis.
    public var scrollDirection: ScrollDirection {
        lastScrollDirection.intersection(layout.scrollAxis == .vertical ? [.up, .down] : [.left, .right])
    }

    // MARK: Tuning

    /// Returns the tuning parameters of a range in a mode.
    ///
    /// - Parameters:
    ///   - rangeType: The range.
    ///   - mode: The mode; ``RangeMode/full`` by default, as in Texture.
    /// - Complexity: O(1).
    public func tuningParameters(for rangeType: RangeType, mode: RangeMode = .full) -> RangeTuningParameters {
        tuning[mode.rawValue][rangeType.rawValue]
    }

    /// Sets the tuning parameters of a range in a mode and schedules an update.
    ///
    /// In ``RangeMode/lowMemory`` the display range stays empty whatever its parameters.
    ///
    /// - Parameters:
    ///   - parameters: The parameters; ``RangeTuningParameters`` refuses invalid ones when made.
    ///   - rangeType: The range.
    ///   - mode: The mode; ``RangeMode/full`` by default, as in Texture.
    /// - Complexity: O(1).
    public func setTuningParameters(_ parameters: RangeTuningParameters, for rangeType: RangeType, mode: RangeMode = .full) {
        tuning[mode.rawValue][rangeType.rawValue] = parameters
        setNeedsUpdate()
    }

    /// Sets how many screenfuls ahead start a batch fetch.
    ///
    /// - Parameter screens: Finite and not negative; 0 turns batch fetching off.
    /// - Throws: ``RangeError/invalidParameter(name:value:)``; nothing changes then.
    public func setLeadingScreensForBatching(_ screens: CGFloat) throws(RangeError) {
        try RangeError.checkNonNegativeFinite(screens, name: "leadingScreensForBatching")
        leadingScreensForBatching = screens
        setNeedsUpdate()
    }

    /// Sets ``loadedItemLimit``.
    ///
    /// - Parameter limit: Not negative; 0 keeps only what the measure range holds.
    /// - Throws: ``RangeError/invalidParameter(name:value:)`` for a negative limit;
    ///   nothing changes then.
    public func setLoadedItemLimit(_ limit: Int) throws(RangeError) {
        guard limit >= 0 else { throw .invalidParameter(name: "loadedItemLimit", value: Double(limit)) }
        loadedItemLimit = limit
        setNeedsUpdate()
    }

    /// Sets the mode a memory warning switches a container that is not visible to.
    ///
    /// - Parameter mode: ``RangeMode/lowMemory`` or ``RangeMode/visibleOnly``.
    /// - Throws: ``RangeError/invalidRangeModeForMemoryWarnings(_:)`` for another mode.
    public func setRangeModeForMemoryWarnings(_ mode: RangeMode) throws(RangeError) {
        guard mode == .lowMemory || mode == .visibleOnly else { throw .invalidRangeModeForMemoryWarnings(mode) }
        rangeModeForMemoryWarnings = mode
    }
}
