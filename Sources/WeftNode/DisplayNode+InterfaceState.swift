extension DisplayNode {
    /// Where the node stands relative to its list's ranges; `[]` until a range
    /// controller (or an owner) sets it.
    ///
    /// Readable on any thread; it changes only on main, through
    /// ``recursivelySetInterfaceState(_:)`` and hierarchy edits.
    ///
    /// - Complexity: O(1).
    public var interfaceState: InterfaceState {
        state.withLock { $0.interfaceState }
    }

    /// Whether the node is in the preload range.
    public var isInPreloadState: Bool { interfaceState.contains(.preload) }

    /// Whether the node is in the display range.
    public var isInDisplayState: Bool { interfaceState.contains(.display) }

    /// Whether the node is on screen.
    public var isVisible: Bool { interfaceState.contains(.visible) }

    /// Whether a range controller decides this node's interface state: set on a
    /// node with `setRangeManaged(_:)` (a collection does it for its cell nodes),
    /// and inherited by every node below it.
    ///
    /// A node added under a range-managed node takes its interface state. Only
    /// range-managed nodes get ``didExitPreloadState()``.
    ///
    /// - Complexity: O(1).
    package var isRangeManaged: Bool {
        state.withLock { $0.isRangeManaged }
    }

    /// Marks this node as range-managed on its own account, or stops doing so.
    ///
    /// The subtree inherits the change at once. Interface states do not change:
    /// the range controller sets them.
    ///
    /// - Parameter rangeManaged: Whether the node is range-managed on its own account.
    /// - Complexity: O(*s*) for *s* nodes in the subtree.
    package func setRangeManaged(_ rangeManaged: Bool) {
        _Hierarchy.lock.withLock { _ in
            state.withLock { $0.isExplicitlyRangeManaged = rangeManaged }
            _lockedPropagateRangeManaged()
        }
    }

    /// Sets the interface state of this node and of every node below it.
    ///
    /// Nodes are visited in pre-order (a node before its subnodes, subnodes in
    /// order). For each node whose state changes, the hooks run in Texture's
    /// order: the preload hook, then display, then visible, then
    /// ``interfaceStateDidChange(from:)``. Entering preload, a node with
    /// ``automaticallyManagesSubnodes`` first runs ``layoutIfNeeded()``, so that
    /// its subnodes exist and enter with it. Entering everything therefore calls
    /// ``didEnterPreloadState()``, ``didEnterDisplayState()``,
    /// ``didEnterVisibleState()``; leaving everything calls the exits in the same
    /// order, where ``didExitPreloadState()`` runs only for range-managed nodes.
    /// Nodes already in `newState` get no calls. No lock is held during a hook,
    /// and subnodes a hook adds are visited too.
    ///
    /// - Parameter newState: The state for the whole subtree.
    /// - Returns: The layouts that automatic subnode management could not apply
    ///   on entering preload (each names a node it may not adopt); such a layout
    ///   stays pending and the node keeps its old subnodes. Empty in a
    ///   consistent hierarchy. A range controller reports them to its diagnostics.
    /// - Throws: ``NodeError/visibleWithoutDisplay(requested:node:)`` if
    ///   `newState` has ``InterfaceState/visible`` without
    ///   ``InterfaceState/display``; nothing changes then.
    /// - Complexity: O(*s*) for *s* nodes in the subtree, plus the hooks.
    @MainActor
    @discardableResult
    public func recursivelySetInterfaceState(_ newState: InterfaceState) throws(NodeError) -> [NodeError] {
        guard newState.isValid else {
            throw .visibleWithoutDisplay(requested: newState, node: description)
        }
        return applyInterfaceStateRecursively(newState, merging: false)
    }

    /// Sets `newState` on the subtree, a node before its subnodes; with `merging`,
    /// adds it to each node's state instead. Returns the layouts automatic
    /// subnode management could not apply on entering preload.
    @MainActor
    @discardableResult
    func applyInterfaceStateRecursively(_ newState: InterfaceState, merging: Bool) -> [NodeError] {
        var pending: [DisplayNode] = [self]
        var errors: [NodeError] = []
        // The drawings of the nodes entering display: one transaction, so that
        // the subtree gets its contents in one main turn.
        var drawings: [_DisplayTransaction.Operation] = []
        while let node = pending.popLast() {
            let wasInDisplay = node.isInDisplayState
            if let error = node.applyInterfaceState(merging ? node.interfaceState.union(newState) : newState) {
                errors.append(error)
            }
            // Captured after the hooks ran, so what they set is drawn.
            switch (wasInDisplay, node.isInDisplayState) {
            case (false, true): node.scheduleDisplay(into: &drawings)
            case (true, false): node.displayDidExit()
            default: break
            }
            // Read after the hooks ran, so subnodes they added are visited too.
            pending.append(contentsOf: node.subnodes.reversed())
        }
        Self.startDisplay(drawings)
        return errors
    }

    /// Sets `newState` on this node alone and runs its hooks; returns the error
    /// of a layout it could not apply on entering preload.
    @MainActor
    private func applyInterfaceState(_ newState: InterfaceState) -> NodeError? {
        let (oldState, rangeManaged) = state.withLock { state in
            defer { state.interfaceState = newState }
            return (state.interfaceState, state.isRangeManaged)
        }
        guard oldState != newState else { return nil }
        let changed = oldState.symmetricDifference(newState)
        var layoutError: NodeError?
        if changed.contains(.preload) {
            if newState.contains(.preload) {
                // As Texture: an auto-managed node lays out on entering preload, so
                // that its subnodes exist and preload with it. A layout it may not
                // adopt stays pending, and goes back to the caller.
                if automaticallyManagesSubnodes {
                    do { try layoutIfNeeded() } catch { layoutError = error }
                }
                didEnterPreloadState()
            } else if rangeManaged {
                didExitPreloadState()
            }
        }
        if changed.contains(.display) {
            // Leaving display cancels the drawing in flight before the hook runs
            // (Texture suspends display first); the new drawing is captured after
            // the hooks, by the caller.
            if !newState.contains(.display) { displaySentinel.add(1, ordering: .relaxed) }
            newState.contains(.display) ? didEnterDisplayState() : didExitDisplayState()
        }
        if changed.contains(.visible) {
            newState.contains(.visible) ? didEnterVisibleState() : didExitVisibleState()
        }
        interfaceStateDidChange(from: oldState)
        return layoutError
    }
}
