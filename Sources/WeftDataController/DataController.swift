import Dispatch
public import Foundation
public import WeftChangeSet
public import WeftCore
public import WeftElementMap
public import WeftMemory
public import WeftNode
import DequeModule

/// The asynchronous batch-update pipeline of a list or grid: every change is a
/// change set, the data source is asked on main about new elements only, new
/// nodes are allocated and measured off main in parallel, and the result is
/// committed on main, in order, inside the view's batch update.
///
/// An update runs in five steps:
/// 1. main: validate the change set against the data source's new counts, make
///    elements for new items only, and derive the ``pendingMap`` in O(*k* log *n*),
///    or for a strictly validated update of many edits (a load of many items)
///    hand that derivation to the map queue, where it runs beside step 3;
/// 2. main, optional: the ``layoutDelegate``'s context, and the ``delegate``'s
///    ``CommitPreparation`` when no other commit is pending;
/// 3. the serial editing queue: allocate and measure the new nodes in parallel
///    (``NodeAllocation``), or let the layout delegate do it; then run the
///    delegate's preparation (a layout's new lengths);
/// 4. hand the commit to the `MainSerialQueue`, which keeps commits in order;
/// 5. main: the ``delegate`` (the view) performs its batch update and, inside
///    it, ``visibleMap`` becomes the update's map.
///
/// Unlike Texture's data controller, main does not wait for the previous
/// update's step 3: step 1 of the next update derives from the pending map
/// while the previous one is still measured. It waits only for a large
/// update's map, if the map queue has not derived it yet. Moved items keep their elements and nodes, and so do
/// reloaded items whose node model did not change. Elements that leave the last
/// map are released through the `DeallocQueue`.
///
/// - Complexity: Main-thread work per update is O(*s* + *k* log *n*) for *s*
///   sections (the data source's counts), *k* edits and *n* elements.
@MainActor
public final class DataController {
    /// How step 3 allocates and measures new nodes.
    public enum NodeAllocation: Hashable, Sendable {
        /// On every core, in parallel (the default).
        case parallel
        /// One at a time on the editing queue, for node blocks that are not
        /// safe to run concurrently.
        case serial
    }

    /// When the data source is asked for an item's node block.
    public enum ItemLoading: Hashable, Sendable {
        /// At step 1 of the update that brings the item, for every item: each
        /// one is allocated and measured before it is shown (Texture's
        /// containers). Sizes are exact from the start; a large load costs O(*n*).
        case eager
        /// Only when a range needs it (``DataController/loadItems(at:)``): items
        /// start absent, so loading a million of them costs O(*s*) for *s*
        /// sections, and a layout places them at estimated sizes until measured.
        /// Headers and footers are still made with their sections.
        case lazy
    }

    enum Phase {
        case idle
        case askingDataSource
        case committing
    }

    /// The content: counts, node blocks, sizes, supplementary kinds.
    public weak var dataSource: (any DataControllerDataSource)?

    /// The view side, told when each update commits.
    public weak var delegate: (any DataControllerDelegate)?

    /// Takes over step 3 when set.
    public weak var layoutDelegate: (any DataControllerLayoutDelegate)?

    /// The container that shows this controller's nodes: each node its elements
    /// make is told (`CellNode.owningNode`), so that a cell can ask for its
    /// `indexPath`. The collection containers set it to themselves.
    public weak var owningNode: (any CellNodeContainer)? {
        didSet { ownerReference = _OwnerReference(owningNode) }
    }

    /// ``owningNode`` as new elements hold it.
    package private(set) var ownerReference = _OwnerReference(nil)

    /// How change sets are validated: `ValidationMode.strict` by default.
    public let validationMode: ValidationMode

    /// How new nodes are allocated and measured in step 3.
    public var nodeAllocation: NodeAllocation

    /// When items get their elements and nodes: at their update, or when a
    /// range asks for them.
    public let itemLoading: ItemLoading

    /// The elements in the data source's index space: the state after every
    /// update issued so far. Read it on main.
    ///
    /// A large update derives it off main (see
    /// ``updateWithChangeSet(_:reloads:completion:)``); reading it before the
    /// derivation is done waits for it, as Texture's main waits for its
    /// editing queue.
    public internal(set) var pendingMap: ElementMap<CollectionElement> {
        get {
            switch pendingMapState {
            case .ready(let map):
                return map
            case .deriving(let derivation):
                let map = derivation.map(waitingAs: "main")
                pendingMapState = .ready(map)
                return map
            }
        }
        set { pendingMapState = .ready(newValue) }
    }

    /// ``pendingMap``, or the derivation that will produce it.
    var pendingMapState = _DerivedMap.ready(ElementMap<CollectionElement>())

    /// Whether ``pendingMap`` is still held as a derivation off main: its
    /// update is issued and neither committed nor read since.
    package var isDerivingPendingMap: Bool {
        if case .deriving = pendingMapState { return true }
        return false
    }

    /// Batches of at least this many edits (and loads of at least this many
    /// items) derive the pending map off main; smaller ones apply it in step 1,
    /// where waking another thread would cost more than the edits. Measured in
    /// weft-bench: 100 inserts into 100k cost main 371-477 µs off main against
    /// 586-626 µs on it. Tests lower it to send small updates off main.
    package var offMainMapEditThreshold = 64

    /// The most sections, before or after an update, for which the update may
    /// derive its map off main: a map's section ids (2^23 of them) are freed
    /// only once no version holds them, so only updates of many sections could
    /// run them out, and a refusal can say so only in step 1.
    static let offMainMapSectionLimit = 4_096

    /// Tells the map queue from the others, so that a data controller released
    /// on it does not wait for it (``deinit``).
    private nonisolated static let mapQueueKey = DispatchSpecificKey<Void>()

    /// The elements in the view's index space: what the view shows. It becomes
    /// an update's map inside the view's batch update (step 5).
    public internal(set) var visibleMap = ElementMap<CollectionElement>()

    /// Items per section of ``pendingMap``.
    public internal(set) var pendingItemCounts: [Int] = []

    /// Whether the initial load (the first `reloadData` change set) was issued.
    public internal(set) var hasLoadedData = false

    /// The size of the viewport that items are measured against. Setting a new
    /// size after the initial load measures every allocated node again.
    public var viewportSize: CGSize = .zero {
        didSet {
            defaultConstrainedSize = Self.constrainedSize(forViewportWidth: viewportSize.width)
            if viewportSize != oldValue, hasLoadedData { relayoutAllNodes() }
        }
    }

    /// Where every layer of this data controller's collection reports what went
    /// wrong: refused updates, shared nodes, layouts and layout specs that could
    /// not be applied, and (through the backing view and the range controller
    /// that share it) inconsistencies and range errors.
    public let diagnostics: DiagnosticsLog

    /// Layouts that automatic subnode management could not apply at a commit,
    /// because they name a node they may not adopt; empty in a consistent
    /// collection. A view of ``diagnostics``.
    public var layoutErrors: [NodeError] { diagnostics.errors(of: NodeError.self, in: .dataController) }

    /// Node blocks that returned a node another element of the map still holds,
    /// reported at the commit that shows the element; empty when every element
    /// has a node of its own. A view of ``diagnostics``.
    public var sharedNodeErrors: [SharedNodeError] { diagnostics.errors(of: SharedNodeError.self, in: .dataController) }

    /// An update prepared off main that must be issued before any other, such
    /// as a container's catch-up after a refused batch: the next call of
    /// ``updateWithChangeSet(_:reloads:completion:)`` (or ``reloadData(completion:)``)
    /// runs it first, once, and whoever set it clears it when it issues the
    /// update itself.
    package var precedingUpdate: (@MainActor () -> Void)?

    /// The number of updates accepted so far: the last one's ``DataUpdate/number``.
    var acceptedUpdateCount = 0
    /// The number of updates committed so far. Updates commit in the order they
    /// were accepted, so the next one to commit has the number after it.
    var committedUpdateCount = 0

    let mainSerialQueue: MainSerialQueue
    /// Where the completions of updates still in flight run when this dies.
    let mainScheduler: any MainScheduler
    /// Where elements that leave the last map are released; a backing view
    /// releases the elements and maps it holds here too, so that nodes never die
    /// on main.
    public let deallocQueue: DeallocQueue
    let editingQueue = DispatchQueue(label: "org.weft.DataController.editing")
    /// Where large updates derive the pending map (``_MapDerivation``), beside
    /// step 3's node allocation on the editing queue.
    package let mapQueue = DispatchQueue(label: "org.weft.DataController.map", qos: .userInitiated)
    /// Where committed versions get their position tables (see
    /// ``buildPositionTablesOfVisibleMap()``), and the newest one waiting.
    let positionQueue = DispatchQueue(label: "org.weft.DataController.positions", qos: .utility)
    let positionTablesWaiting = _PositionTableHandOff()
    /// Ends with this object, so that step-3 work still queued makes no more nodes.
    let lifetime = _Lifetime()
    var phase = Phase.idle
    var commits = Deque<_PendingCommit>()
    var finishBlocks: [@MainActor () -> Void] = []
    /// Jobs of ``performInBackground(_:then:)`` whose `then` has not run yet.
    var backgroundWorkInFlight = 0

    /// Creates a data controller with empty maps. Load it with ``reloadData(completion:)``.
    ///
    /// - Parameters:
    ///   - validationMode: How change sets are validated.
    ///   - nodeAllocation: How step 3 allocates and measures nodes.
    ///   - itemLoading: When items get their elements: ``ItemLoading/eager`` (the
    ///     default) or ``ItemLoading/lazy``.
    ///   - mainScheduler: Where commits run; tests pass a manual scheduler.
    ///   - deallocQueue: Where elements that leave the last map are released.
    ///   - diagnostics: Where problems are reported; a new log by default.
    public init(
        validationMode: ValidationMode = .strict,
        nodeAllocation: NodeAllocation = .parallel,
        itemLoading: ItemLoading = .eager,
        mainScheduler: any MainScheduler = .dispatchMain,
        deallocQueue: DeallocQueue = .shared,
        diagnostics: DiagnosticsLog = DiagnosticsLog()
    ) {
        self.diagnostics = diagnostics
        self.validationMode = validationMode
        self.nodeAllocation = nodeAllocation
        self.itemLoading = itemLoading
        mainSerialQueue = MainSerialQueue(scheduler: mainScheduler)
        self.mainScheduler = mainScheduler
        self.deallocQueue = deallocQueue
        mapQueue.setSpecific(key: Self.mapQueueKey, value: ())
    }

    deinit {
        // The data controller is the only owner of every element, and through them
        // of every cell node (Texture calls it "the true owner of all cell nodes").
        // Its maps, and those of updates in flight, move to the dealloc queue and
        // this object keeps no reference to them, so however many nodes it holds,
        // dying costs the releasing thread three pushes (and the wait for a pending
        // map in flight, if any) and the nodes die off it.
        // Completion handlers of updates in flight are the caller's closures and
        // may hold main-only objects: they die here; only the elements travel.
        lifetime.end()
        // A pending map being derived holds the map before it and the update's new
        // elements until it is done. Waiting for the map queue to drain (at most the
        // derivations in flight) leaves the derivations' maps to the releases below,
        // on the dealloc queue, rather than to whenever the map queue lets its block
        // go: a drained dealloc queue then means every node is released. Released on
        // the map queue itself (an element that owned its container, say), it
        // cannot wait for it, and need not: no other derivation runs meanwhile.
        if DispatchQueue.getSpecific(key: Self.mapQueueKey) == nil { mapQueue.sync {} }
        // Whoever waits for an update in flight hears that it never will commit,
        // on main, as completions always run: an `await` on it returns.
        let waiting = commits.compactMap(\.releaseNotice)
        if !waiting.isEmpty {
            mainScheduler.schedule { for notice in waiting { notice() } }
        }
        // The lists as they are, not flattened: flattening would retain each element on main.
        var inFlight = (commits.compactMap(\.map), commits.compactMap(\.measured), commits.map(\.elementsMadeOffMain))
        commits = []
        deallocQueue.release(taking: &inFlight, leaving: ([], [], []))
        deallocQueue.release(taking: &pendingMapState, leaving: .ready(DataController.emptyMap))
        deallocQueue.release(taking: &visibleMap, leaving: DataController.emptyMap)
        // A version still waiting for its tables goes the same way; one being
        // built is handed over by the position queue when it is done.
        var unbuilt = positionTablesWaiting.take()
        deallocQueue.release(taking: &unbuilt, leaving: nil)
    }

    /// An empty map to leave behind in `deinit`: making one would allocate there.
    private nonisolated static let emptyMap = ElementMap<CollectionElement>()

    /// The size range items get when the data source does not say: the
    /// viewport's width exactly, any height (a vertical list).
    ///
    /// - Complexity: O(1): kept from when ``viewportSize`` was set, since a data
    ///   source's default asks for it once per item (a million at an eager load).
    public private(set) var defaultConstrainedSize = DataController.constrainedSize(forViewportWidth: 0)

    /// The viewport's width exactly and any height; unconstrained for a width
    /// that is NaN, infinite, negative or beyond ``SizeRange/maximumLength``.
    private nonisolated static func constrainedSize(forViewportWidth width: CGFloat) -> SizeRange {
        guard width.isFinite, width >= 0, width <= SizeRange.maximumLength else { return .unconstrained }
        return SizeRange(sanitizingMin: CGSize(width: width, height: 0), max: CGSize(width: width, height: .infinity))
    }

    /// A change set against the pending item counts, to fill with edits and pass
    /// to ``updateWithChangeSet(_:reloads:completion:)``.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    public func makeChangeSet() -> ChangeSet {
        ChangeSet(oldItemCounts: pendingItemCounts)
    }

    /// Whether an update or relayout is between step 1 and the end of step 5.
    public var isProcessingUpdates: Bool { !commits.isEmpty }
}
