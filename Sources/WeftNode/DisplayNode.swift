public import Foundation
public import WeftCore
import Synchronization

/// A thread-safe element of a user interface that can be built and measured off
/// the main thread, and that tells its subclass where it stands in a scrolling list.
///
/// This is Texture's `ASDisplayNode`, headless. A node has four kinds of state:
///
/// - **Hierarchy.** A node owns its ``subnodes``; its ``supernode`` link is weak.
///   A tree lives exactly as long as its root, and the API never lets it become a
///   cycle. See <doc:NodeLifecycle>.
/// - **Interface state.** ``interfaceState`` says whether the node is in the
///   preload or display range and whether it is visible. States change on main,
///   on the whole subtree at once, and each change calls the subclass's hooks in
///   a fixed order (``didEnterPreloadState()`` and the rest).
/// - **Loading state.** The backing ``view`` is created on main the first time it
///   is read, never unloaded, and configured in ``didLoad()``.
/// - **Layout.** ``layoutThatFits(_:)`` measures the node on any thread and
///   caches the result for its size range until ``setNeedsLayout()``.
///
/// Every property and method is safe to use from any thread, except those marked
/// `@MainActor`: the view, interface-state changes and their hooks, and layout
/// transitions. Subclasses keep that promise for their own mutable state (guard it
/// with a lock or confine it to the main actor).
///
/// When a node dies, on whatever thread, it hands its view (if it loaded one) to a
/// `MainContextReleaseQueue`, so the view dies on main.
// @unchecked: every mutable stored property is in `state`, a PosixMutex, except
// `transitionInFlight`, which the main actor isolates, `hasLayoutSpecErrors`,
// `managesSubnodes` and `calculatedLayoutSize`, atomics written only with
// `state` locked, and `specResolver` and `displaySentinel`, atomics.
open class DisplayNode: @unchecked Sendable, CustomStringConvertible {
    let state: PosixMutex<State>

    /// Whether `state.layoutSpecErrors` is not empty, readable without the lock:
    /// a spec resolved without errors, the usual case, then takes no lock to
    /// report none.
    let hasLayoutSpecErrors = Atomic<Bool>(false)

    /// `state.automaticallyManagesSubnodes`, readable without the lock: a
    /// commit asks it of every node it shows, and at a million nodes the
    /// state's cache line was a miss per node on main.
    let managesSubnodes = Atomic<Bool>(false)

    /// `state.calculatedLayout`'s size, readable without the lock (see
    /// ``calculatedSize``).
    let calculatedLayoutSize = _PublishedSize()

    /// The thread resolving this node's layout spec (its `ThreadIdentity`), 0
    /// when none, with the low bit set once that resolution reached this node
    /// again: a spec cycle, which the resolution reports instead of recursing.
    let specResolver = Atomic<UInt>(0)

    /// Counts the node's requests for new contents (a new drawing, leaving the
    /// display state): a drawing captured at an older count is cancelled, and its
    /// result dropped. Texture's `_displaySentinel`.
    let displaySentinel = Atomic<UInt64>(0)

    /// The layout transition that started and has not completed; see
    /// ``transitionLayout(to:animated:)``.
    @MainActor var transitionInFlight: LayoutTransition?

    /// Creates a node with no subnodes, no interface state and no view.
    ///
    /// Callable on any thread: the data controller creates cell nodes on
    /// background threads.
    ///
    /// - Complexity: O(1): the node and its state are two allocations.
    public init() {
        state = PosixMutex(State())
    }

    deinit {
        // The view is a main-actor object; this deinit may run on any thread.
        let (view, queue, held) = state.withLock { state in
            (state.view.take(), state.viewReleaseQueue, state.takeHeldNodes())
        }
        if let view {
            (queue ?? .shared).release(view)
        }
        if !held.isEmpty {
            _NodeRelease.release(consume held)
        }
    }

    // MARK: Interface-state hooks (main actor, in Texture's order)
    //
    // Declared here, not in an extension, because Swift lets subclasses override
    // only what the class body declares. The base implementations do nothing, so
    // an override need not call super.

    /// Called when the node enters the preload range: start fetching what it will show.
    ///
    /// Of one change, the preload hook runs first, then the display hook, then the
    /// visible hook, then ``interfaceStateDidChange(from:)``.
    @MainActor
    open func didEnterPreloadState() {}

    /// Called when the node leaves the preload range: free what preloading fetched.
    ///
    /// Only range-managed nodes get this call (`isRangeManaged`), as in Texture:
    /// a node that leaves the preload range because, say, a screen was pushed over
    /// its list would otherwise throw away data it needs again a moment later.
    @MainActor
    open func didExitPreloadState() {}

    /// Called when the node enters the display range: render its contents.
    @MainActor
    open func didEnterDisplayState() {}

    /// Called when the node leaves the display range: its contents may be dropped.
    @MainActor
    open func didExitDisplayState() {}

    /// Called when the node becomes visible.
    @MainActor
    open func didEnterVisibleState() {}

    /// Called when the node stops being visible.
    @MainActor
    open func didExitVisibleState() {}

    /// Called after the enter and exit hooks of a change, with the state before it.
    ///
    /// - Parameter oldState: The interface state before the change; the new one
    ///   is ``interfaceState``.
    @MainActor
    open func interfaceStateDidChange(from oldState: InterfaceState) {}

    // MARK: Display hooks (main actor)

    /// Returns what the node draws, captured now for a display thread: a value
    /// holding copies of the text, colours or image to draw, or `nil` for a node
    /// that draws nothing but its ``backgroundColor`` (the base implementation).
    ///
    /// Called on main when the node enters the display state, and after
    /// ``setNeedsDisplay()`` while it is in it. Read the node's state here, not in
    /// the drawing: the drawing runs off main while the node goes on changing.
    /// See <doc:DisplayLifecycle>.
    @MainActor
    open func drawing() -> (any NodeDrawing)? {
        nil
    }

    /// Whether the node waits for something besides its drawing before it
    /// shows what it should: an image being fetched or decoded off the display
    /// path. While it does, the node is not complete (``isDisplayComplete``),
    /// so a visible cell showing it counts blank, or placeholder when
    /// ``placeholderEnabled`` is on. `false` in the base implementation;
    /// an override reads its own state under its own lock (hosts ask on main).
    open var isAwaitingContents: Bool {
        false
    }

    /// The node's placeholder at its current size and scale: by default a
    /// bitmap of ``placeholderColor`` with the node's corner radius, shared by
    /// every node of that size, scale, colour and radius. Override it to show
    /// another (call super for the colour); an image node shows its default image. Called on main by hosts
    /// while the node is not complete and ``placeholderEnabled`` is on, so make
    /// it cheap: cache what you return.
    ///
    /// - Returns: The bitmap, or `nil` when the node has no size yet.
    /// - Complexity: O(1) once made; O(*w* × *h*) the first time at a size.
    @MainActor
    open func placeholderImage() -> Bitmap? {
        guard let size = calculatedSize, size.width > 0, size.height > 0 else { return nil }
        let scale = contentsScale
        let (kept, color, radius) = state.withLock { ($0.placeholderBitmap, $0.placeholderColor, $0.cornerRadius) }
        if let kept, kept.size == size, kept.scale == scale { return kept }
        let key = _PlaceholderBitmaps.Key(
            pixelWidth: Bitmap.pixelLength(size.width, scale: scale), pixelHeight: Bitmap.pixelLength(size.height, scale: scale),
            scale: scale, color: color, radius: radius)
        let bitmap: Bitmap
        do {
            bitmap = try _PlaceholderBitmaps.bitmap(for: key)
        } catch {
            // A node too large for a bitmap has no placeholder either; its
            // drawing reports the same size as its displayError.
            return nil
        }
        state.withLock { $0.placeholderBitmap = bitmap }
        return bitmap
    }

    /// Called on main when a drawing landed: new ``contents``, or a
    /// ``displayError``. Texture's `displayDidFinish`.
    @MainActor
    open func displayDidFinish() {}

    /// Whether a node of this class draws in tiles when its bounds at its
    /// scale are beyond the bitmap limits (`Bitmap.maximumDimension`,
    /// `Bitmap.maximumPixelCount`): `false` here, so such a node shows
    /// nothing and says why (``displayError``); `TextNode` says `true`, so a
    /// text taller than any bitmap shows. UIKit picks a `CATiledLayer` by the
    /// view's layer class in the same way.
    ///
    /// A node drawn in tiles draws the squares (``ContentsTile``) that its
    /// container's display range covers, each a drawing of its own
    /// (``DrawingCanvas/drawnRect`` says which part), shows them as
    /// ``contentsTiles`` (its ``contents`` stay `nil`), and drops them as the
    /// range moves on, so their memory follows the display range, never the
    /// node's size. It counts as complete when the tiles on screen landed.
    /// Its background's corners are square. Outside a container it draws its
    /// top row of tiles.
    open class var drawsInTiles: Bool { false }

    /// Drops the node's ``contents`` and tiles; called on main a turn after the node left
    /// the display state, if it has not come back by then.
    ///
    /// Override it to drop more (an image node drops its decoded image); call super.
    @MainActor
    open func clearContents() {
        replaceContents(with: nil, drawnAt: nil)
    }

    // MARK: Loading hooks (main actor)

    /// Creates the node's backing view; called once, on main, the first time
    /// ``view`` is read.
    ///
    /// Return a new view and do nothing else here; configure it in ``didLoad()``,
    /// which runs once the node holds the view. Do not read ``view`` here.
    ///
    /// - Returns: A new view. The base implementation returns a ``HeadlessNodeView``.
    @MainActor
    open func makeView() -> any NodeView {
        HeadlessNodeView()
    }

    /// Called once, on main, right after the node created its view: the place to
    /// configure the view.
    @MainActor
    open func didLoad() {}

    // MARK: Layout hooks (any thread)

    /// Calculates the node's layout for `range`; ``layoutThatFits(_:)`` calls it
    /// when its cache cannot answer.
    ///
    /// Override it in containers: measure the children (with their own
    /// ``layoutThatFits(_:)``), place them, and return a layout whose children
    /// are the subnodes you need. Runs on any thread, possibly on several nodes
    /// at once, without the node's lock held.
    ///
    /// - Parameter range: The sizes the node may take.
    /// - Returns: The layout. The base implementation resolves
    ///   ``layoutSpecThatFits(_:)`` when it returns a spec, and otherwise returns a
    ///   layout without children of the size ``calculateSizeThatFits(_:)`` gives
    ///   for `range.max`.
    open func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        guard let spec = layoutSpecThatFits(range) else {
            return Layout(size: range.clamp(calculateSizeThatFits(range.max)))
        }
        // A spec that reaches back to this node while this thread resolves it (a
        // cycle of two or more nodes): lay the inner occurrence out at its
        // smallest size and mark the outer resolution, which reports it. Pthread
        // identities are aligned, so the low bit is free. Another thread resolving
        // the node at the same time is no cycle: that resolution goes unguarded.
        let me = ThreadIdentity.current.rawValue
        let claimed = specResolver.compareExchange(expected: 0, desired: me, ordering: .relaxed).exchanged
        if !claimed, specResolver.load(ordering: .relaxed) & ~1 == me {
            specResolver.store(me | 1, ordering: .relaxed)
            return Layout(size: range.min)
        }
        var (layout, errors) = _SpecResolver.layout(of: spec, for: self, in: range)
        if claimed, specResolver.exchange(0, ordering: .relaxed) & 1 == 1 {
            errors.append(.specCycle(owner: description))
        }
        if !errors.isEmpty || hasLayoutSpecErrors.load(ordering: .relaxed) {
            state.withLock { state in
                state.layoutSpecErrors = errors
                hasLayoutSpecErrors.store(!errors.isEmpty, ordering: .relaxed)
            }
        }
        return layout
    }

    /// Returns the layout spec that places this node's children within `range`:
    /// the usual place to lay out a node that has subnodes (Texture's
    /// `layoutSpecThatFits:`).
    ///
    /// The base ``calculateLayoutThatFits(_:)`` resolves the spec into the node's
    /// ``Layout``: the nodes the spec names, with their frames. With
    /// ``automaticallyManagesSubnodes`` those nodes become the subnodes, so a spec
    /// that names another node swaps the subnode. Runs on any thread without the
    /// node's lock held, like ``calculateLayoutThatFits(_:)``, which a node can
    /// still override instead.
    ///
    /// - Parameter range: The sizes the node may take.
    /// - Returns: The spec, or `nil` (the base implementation) for a leaf, which
    ///   ``calculateSizeThatFits(_:)`` sizes.
    open func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        nil
    }

    /// Returns the size a leaf node wants within `constrainedSize`.
    ///
    /// Override it in leaves (text, images). Runs on any thread without the
    /// node's lock held.
    ///
    /// - Parameter constrainedSize: The largest size allowed; a dimension may be infinite.
    /// - Returns: The wanted size; ``layoutThatFits(_:)`` clamps it into the range.
    ///   The base implementation returns `.zero`, which becomes the range's minimum.
    open func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        .zero
    }

    // MARK: Layout-transition hooks (main actor)

    /// Animates a layout transition and completes it.
    ///
    /// ``transitionLayout(to:animated:)`` calls it after inserting the new
    /// subnodes. Animate from ``LayoutTransition/previousLayout`` to
    /// ``LayoutTransition/layout``, then call
    /// ``LayoutTransition/completeTransition()``, which removes the subnodes
    /// the new layout no longer names.
    ///
    /// - Parameter transition: The transition in flight.
    ///   The base implementation completes it at once.
    @MainActor
    open func animateLayoutTransition(_ transition: LayoutTransition) {
        transition.completeTransition()
    }

    /// Called once a layout transition completed and its removed subnodes are gone.
    ///
    /// - Parameter transition: The completed transition.
    @MainActor
    open func didCompleteLayoutTransition(_ transition: LayoutTransition) {}

    // MARK: Traits

    /// Called on main when the node's ``traitCollection`` changed (its
    /// container's did: a new display scale, light or dark style, contrast),
    /// with the one before: UIKit's and Texture's
    /// `traitCollectionDidChange(_:)`. The base implementation redraws the
    /// node (``setNeedsDisplay()``, which costs nothing until it is in the
    /// display state); an override that keeps colours of its own per style
    /// sets them here, and calls `super`.
    ///
    /// - Parameter previous: The trait collection before the change.
    @MainActor
    open func traitCollectionDidChange(_ previous: TraitCollection) {
        setNeedsDisplay()
    }

    // MARK: Accessibility

    /// What a screen reader says for the node: Texture's (and UIKit's)
    /// `accessibilityLabel`. `nil` by default; a text node's is its text, and a
    /// container's (a cell's, by default) joins its descendants' (see
    /// ``isAccessibilityContainer``). Any thread.
    open var accessibilityLabel: String? {
        get { state.withLock { $0.accessibility.label } }
        set { state.withLock { $0.accessibility.label = newValue } }
    }

    /// Whether a screen reader reads this node as one element on its own:
    /// `true` when the node has a non-empty ``accessibilityLabel`` unless set.
    /// Any thread.
    open var isAccessibilityElement: Bool {
        get {
            if let set = state.withLock({ $0.accessibility.isElement }) { return set }
            return accessibilityLabel.map { !$0.isEmpty } ?? false
        }
        set { state.withLock { $0.accessibility.isElement = newValue } }
    }

    /// Whether the node is read as one element whose label joins its
    /// descendants' labels, in reading order: Texture's
    /// `isAccessibilityContainer`. `false` by default; a cell node's is `true`,
    /// so a list item is read whole, as a row of a desktop list is. Any thread.
    open var isAccessibilityContainer: Bool {
        get { state.withLock { $0.accessibility.isContainer } ?? false }
        set { state.withLock { $0.accessibility.isContainer = newValue } }
    }

    // MARK: Names

    /// A name for logs and error messages.
    public var debugName: String? {
        get { state.withLock { $0.debugName } }
        set { state.withLock { $0.debugName = newValue } }
    }

    /// The node's type, followed by its ``debugName`` in quotes when it has one.
    public var description: String {
        let name = debugName
        let type = String(describing: Swift.type(of: self))
        return name.map { "\(type) '\($0)'" } ?? type
    }

    /// The queue that releases this node's view when the node dies; by default
    /// `MainContextReleaseQueue.shared`.
    ///
    /// Tests inject a queue with a manual scheduler to decide when views die.
    public var viewReleaseQueue: MainContextReleaseQueue {
        get { state.withLock { $0.viewReleaseQueue } ?? .shared }
        set { state.withLock { $0.viewReleaseQueue = newValue } }
    }
}
