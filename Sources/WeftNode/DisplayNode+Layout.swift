public import WeftCore
import Foundation

extension DisplayNode {
    /// Returns the node's layout for `range`, calculating it only if the cache
    /// does not hold one for exactly this range.
    ///
    /// Callable on any thread, and on many nodes at once: this is how the data
    /// controller measures new cell nodes in parallel. The calculation
    /// (``calculateLayoutThatFits(_:)``) runs without the node's lock held; two
    /// threads that ask at once may both calculate, and either result is cached.
    /// A result calculated while another thread invalidated the layout is
    /// returned but not cached.
    ///
    /// With ``automaticallyManagesSubnodes``, a newly calculated layout also
    /// becomes the subnodes, as every layout pass does in Texture: at once, on any
    /// thread, when that changes no interface state (a cell being measured before
    /// it enters a range, or any node in none); otherwise on main, at the next
    /// ``layoutIfNeeded()`` (containers call it when they commit, and entering the
    /// preload state does). Either way without animation: subnodes the layout no
    /// longer names leave first, then the new ones join.
    ///
    /// The size is clamped into `range`, so a subclass that returns a size out
    /// of range, negative or NaN still yields a usable layout. A layout that
    /// names this node or one of its ancestors as a child is returned but not
    /// cached: through the cache the node would own itself and never die (a
    /// layout transition refuses such a layout with a ``NodeError``).
    ///
    /// - Parameter range: The sizes the node may take.
    /// - Returns: The layout, whose size lies in `range`.
    /// - Complexity: O(1) when cached; otherwise the cost of
    ///   ``calculateLayoutThatFits(_:)``, plus O(*c* *d*) for *c* children and depth *d*.
    public func layoutThatFits(_ range: SizeRange) -> Layout {
        let (layout, isNew) = measure(range)
        if isNew, automaticallyManagesSubnodes { adoptSubnodesIfStatesStay(layout) }
        if isNew { redisplayIfResized(to: layout.size) }
        return layout
    }

    /// Asks for new contents when a node in the display state gets a layout its
    /// contents were not drawn for (a new size, or none drawn yet), as Texture
    /// redisplays a layer whose bounds change, or while a drawing is in flight:
    /// that one was captured for the layout this one replaces, or for none (a
    /// text node whose layout a trait change dropped captures no text), and
    /// would land as the node's picture of a layout it no longer has.
    private func redisplayIfResized(to size: CGSize) {
        let stale = state.withLock { state -> Bool in
            guard state.interfaceState.contains(.display) else { return false }
            if state.displayTransaction != nil { return true }
            if state.contents == nil, let grid = state.tiling?.grid {
                return Bitmap.pixelLength(size.width, scale: grid.scale) != grid.pixelWidth
                    || Bitmap.pixelLength(size.height, scale: grid.scale) != grid.pixelHeight
            }
            guard let contents = state.contents else { return state.displayError == nil }
            let tolerance = 1 / contents.scale
            return abs(contents.size.width - size.width) >= tolerance || abs(contents.size.height - size.height) >= tolerance
        }
        if stale { setNeedsDisplay() }
    }

    /// Measures the node again if its layout was invalidated, and makes the
    /// subnodes follow the calculated layout if they do not yet
    /// (``automaticallyManagesSubnodes``), without animation.
    ///
    /// Texture's `layoutIfNeeded`: the layout pass that applies what
    /// ``layoutThatFits(_:)`` could not apply off main. A node never measured has
    /// no size range to measure in, and is left as it is.
    ///
    /// - Throws: ``NodeError`` when the layout names a node it may not adopt (see
    ///   ``transitionLayout(to:animated:)``); the subnodes do not change then, and
    ///   the next call tries again.
    /// - Complexity: O(1) when nothing is pending; otherwise that of
    ///   ``transitionLayout(to:animated:)``.
    @MainActor
    public func layoutIfNeeded() throws(NodeError) {
        let (range, isPending, isCached, managesSubnodes) = state.withLock {
            ($0.lastSizeRange, $0.needsSubnodeLayout, $0.calculatedLayout != nil, $0.automaticallyManagesSubnodes)
        }
        guard let range else { return }
        if managesSubnodes {
            if isPending || !isCached { try applyTransition(to: range, animated: false) }
        } else if !isCached {
            _ = measure(range)
        }
    }

    /// ``layoutThatFits(_:)`` without adopting subnodes: the layout, and whether it
    /// was calculated and cached now.
    func measure(_ range: SizeRange) -> (layout: Layout, isNew: Bool) {
        let (cached, generation) = state.withLock { state in
            state.lastSizeRange = range
            return (state.calculatedLayout.flatMap { $0.range == range ? $0.layout : nil }, state.layoutGeneration)
        }
        if let cached { return (cached, false) }
        var layout = calculateLayoutThatFits(range)
        layout.size = range.clamp(layout.size)
        guard !namesSelfOrAncestor(layout) else { return (layout, false) }
        let isNew = state.withLock { state in
            guard state.layoutGeneration == generation else { return false }
            state.calculatedLayout = CalculatedLayout(range: range, layout: layout)
            calculatedLayoutSize.store(layout.size)
            if state.automaticallyManagesSubnodes { state.needsSubnodeLayout = true }
            return true
        }
        return (layout, isNew)
    }

    /// Whether `layout` has this node or one of its ancestors among its children.
    private func namesSelfOrAncestor(_ layout: Layout) -> Bool {
        guard !layout.children.isEmpty else { return false }
        var node: DisplayNode? = self
        while let current = node {
            if layout.children.contains(where: { $0.node === current }) { return true }
            node = current.supernode
        }
        return false
    }

    /// The most recently cached layout, or `nil` if there is none or it was invalidated.
    ///
    /// - Complexity: O(1).
    public var calculatedLayout: Layout? {
        state.withLock { $0.calculatedLayout?.layout }
    }

    /// The size of the most recently cached layout, or `nil` if there is none
    /// or it was invalidated: ``calculatedLayout``'s size without copying the
    /// layout (its children), which is what a collection layout reads for each
    /// of its items.
    ///
    /// - Complexity: O(1), without taking the node's lock.
    public var calculatedSize: CGSize? {
        calculatedLayoutSize.load()
    }

    /// The range the cached layout was calculated for, or `nil` if there is none.
    ///
    /// - Complexity: O(1).
    public var calculatedSizeRange: SizeRange? {
        state.withLock { $0.calculatedLayout?.range }
    }

    /// Drops this node's cached layout, so that the next
    /// ``layoutThatFits(_:)`` calculates it again.
    ///
    /// Call it when something the layout depends on changed (text, an image
    /// size). Supernodes keep their layouts: use ``setNeedsLayout()`` when they
    /// depend on this node's size, which they usually do.
    ///
    /// - Complexity: O(1).
    public func invalidateCalculatedLayout() {
        state.withLock { state in
            state.calculatedLayout = nil
            calculatedLayoutSize.store(nil)
            state.layoutGeneration &+= 1
        }
    }

    /// Drops the cached layout of this node and of every ancestor, since each
    /// supernode's layout may depend on this node's size. When the topmost is
    /// a cell that a container shows, the container hears of it
    /// (`CellNodeContainer.cellNodesDidInvalidateLayout(_:)`) and measures the
    /// cell again, as Texture's cells tell their collection: changing a text
    /// node's text in a cell on screen is enough for the cell to grow or shrink.
    ///
    /// - Complexity: O(*d*) for depth *d*.
    public func setNeedsLayout() {
        var node = self
        node.invalidateCalculatedLayout()
        while let parent = node.supernode {
            parent.invalidateCalculatedLayout()
            node = parent
        }
        (node as? CellNode)?.layoutDidInvalidate()
    }

    /// What the last resolution of the node's ``layoutSpecThatFits(_:)`` found
    /// wrong, empty when the spec broke no rule. The layout still resolved, with
    /// the offending parts ignored.
    ///
    /// - Complexity: O(1).
    public var layoutSpecErrors: [LayoutSpecError] {
        // Most nodes have none: say so without taking the lock.
        guard hasLayoutSpecErrors.load(ordering: .relaxed) else { return [] }
        return state.withLock { $0.layoutSpecErrors }
    }

    /// Whether the node's layout names its subnodes: with this on, every new
    /// layout makes the subnodes exactly the children of the layout.
    ///
    /// See ``layoutThatFits(_:)`` and ``transitionLayout(to:animated:)``. Do not
    /// add or remove subnodes by hand on such a node; the next layout would undo it.
    public var automaticallyManagesSubnodes: Bool {
        get { managesSubnodes.load(ordering: .relaxed) }
        set {
            state.withLock {
                $0.automaticallyManagesSubnodes = newValue
                managesSubnodes.store(newValue, ordering: .relaxed)
            }
        }
    }
}
