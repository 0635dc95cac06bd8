/// The reuse pools of one container view: views are vended to components, hidden rather
/// than removed when unused, and handed out again.
///
/// Make one map for a root container (a hosting view, a collection cell's content
/// view) and run every mount into it as a *mount pass*. In a pass, each component asks
/// for a view with ``MountPass/view(for:component:)``; views vended from a view reach
/// their own pools with ``MountPass/childPass(for:)``. When the pass ends, which
/// always happens, however the pass is left:
///
/// - every view vended in the pass is visible, and the container's subviews are in
///   vend order (views the pools do not manage keep their places);
/// - every other managed view is hidden, never removed; a child container whose owner
///   was vended but that was not mounted in the pass hides all its views
///   (Theodolite's issue 27);
/// - reuse callbacks fire once per transition into or out of the pool.
///
/// ```swift
/// let map = ReusePoolMap(container: hostView)
/// try map.mount { pass in
///     for item in items {
///         let cell = try pass.view(for: item.configuration, component: ComponentID(Cell.self, instance: item.id))
///         let content = try pass.childPass(for: cell)
///         _ = try content.view(for: item.badge, component: ComponentID(Badge.self))
///     }
/// }
/// ```
///
/// A view comes from the pool of its ``ViewKey``: the view this component had in the
/// previous pass if it is free, else the oldest view not yet vended in this pass, else
/// a new view added to the container. Only attributes whose values changed are applied.
/// <doc:ShapesAndMountPasses> explains keys, shapes and passes in full.
///
/// Pools keep every view they made until ``purge(keepingAtMost:)`` (or
/// ``purgeForMemoryPressure()``) removes hidden ones. The map holds its container
/// strongly; keep the map beside the container, not inside it.
///
/// Once warm, a pass does no allocation: the map keeps its arrays' capacity and its
/// dictionaries hold keys from earlier passes.
@MainActor
public final class ReusePoolMap {
    /// The view whose subviews these pools manage.
    public let container: any ReusableView

    /// The pass state shared by the root map and every child container's map.
    let tree: _Tree
    /// The map of the container that vended this map's owner; `nil` for a root.
    weak var parent: ReusePoolMap?

    // The properties below opt out of the runtime's exclusivity checks, which cost
    // about half of a warm mount pass (ten or more accesses per vended view). The map
    // is confined to the main actor, and no access to them spans a call into code
    // outside this module: applicators, callbacks and view methods run between
    // accesses, and while a pass ends or a purge runs, every entry point that could
    // change them from such code (mount, vend, child pass, purge) refuses first.

    /// The index in `parent.records` of the managed view this container is (or is in).
    @exclusivity(unchecked) var anchorSlot: Int32 = -1

    /// One record per managed view; dense, so a purge moves the last record into a
    /// freed slot.
    @exclusivity(unchecked) var records: [_Record] = []
    @exclusivity(unchecked) var pools: [_Pool] = []
    @exclusivity(unchecked) var poolIndexByKey: [ViewKey: Int32] = [:]
    @exclusivity(unchecked) var slotByView: [ObjectIdentifier: Int32] = [:]
    /// The slot a component instance was vended last; stale entries are checked
    /// against the record's own `component`.
    @exclusivity(unchecked) var slotByComponent: [ComponentID: Int32] = [:]
    /// Slots vended in the current pass, in vend order.
    @exclusivity(unchecked) var vended: [Int32] = []
    /// Slots vended in the previous pass, in vend order: a pass that repeats the
    /// previous one finds each view here without hashing.
    @exclusivity(unchecked) var previousVended: [Int32] = []
    /// The last pass that touched this map (vended from it or entered it).
    @exclusivity(unchecked) var touchedPass: UInt64 = 0

    @exclusivity(unchecked) var viewsCreated = 0
    @exclusivity(unchecked) var viewsPurged = 0

    /// Scratch space for reordering subviews, kept between passes for its capacity.
    @exclusivity(unchecked) var reorderPositions: [Int32] = []
    @exclusivity(unchecked) var reorderOccupant: [Int32] = []
    @exclusivity(unchecked) var reorderOrdinal: [Int32] = []
    @exclusivity(unchecked) var reorderOrderAtIndex: [Int32] = []

    /// Creates the root map of `container`'s pools.
    ///
    /// The map registers itself (weakly) for ``purgeForMemoryPressure()``.
    ///
    /// - Parameter container: The view to add vended views to.
    /// - Complexity: O(*m*) for *m* root maps alive, to drop released ones from
    ///   the registry.
    public init(container: any ReusableView) {
        self.container = container
        tree = _Tree()
        tree.root = self
        _Registry.register(self)
    }

    /// Creates the map of a child container inside the view at `anchorSlot` of `parent`.
    init(container: any ReusableView, parent: ReusePoolMap, anchorSlot: Int32) {
        self.container = container
        tree = parent.tree
        self.parent = parent
        self.anchorSlot = anchorSlot
    }

    /// Whether this map is a root, on which passes start.
    public var isRoot: Bool { tree.root === self }

    /// Whether the managed view this container belongs to is in its pool; `false` for a root.
    var anchorInPool: Bool {
        guard let parent else { return false }
        return parent.records[Int(anchorSlot)].inPool
    }
}
