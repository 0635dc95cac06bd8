public import WeftCore

extension DisplayNode {
    /// Measures the node for `range` and moves it to the new layout: with
    /// ``automaticallyManagesSubnodes``, its subnodes become the layout's children.
    ///
    /// This is Texture's automatic subnode management. The transition:
    ///
    /// 1. replaces the transition still in flight, if any, as Texture does by
    ///    transition id: once the new layout is adopted the old transition is
    ///    cancelled, its ``LayoutTransition/completeTransition()`` then does
    ///    nothing, and the subnodes it was to remove leave with this one (a
    ///    refused layout completes it instead);
    /// 2. invalidates the calculated layout and measures again with
    ///    ``layoutThatFits(_:)``, as Texture's transition invalidates first, so a
    ///    transition in an unchanged range still asks ``layoutSpecThatFits(_:)``;
    /// 3. without animation, removes the subnodes the layout no longer names and
    ///    then inserts the children the node lacks, so the subnodes are the
    ///    layout's children in its order (Texture removes first, then inserts);
    ///    with animation, inserts each new child at its index in the new layout,
    ///    among the subnodes that are about to leave. Under a range-managed node
    ///    the inserted subnodes add its interface state to theirs, so they can
    ///    preload and display right away;
    /// 4. sets the frames of the children's views, for children that loaded one;
    /// 5. if `animated`, calls ``animateLayoutTransition(_:)``, whose
    ///    ``LayoutTransition/completeTransition()`` removes the subnodes the
    ///    layout no longer names and puts the rest in the layout's order; otherwise
    ///    completes at once. Either way ``didCompleteLayoutTransition(_:)`` follows.
    ///
    /// Removed subnodes of a range-managed node keep their interface states, as in
    /// Texture; those of any other node leave every state.
    ///
    /// Without ``automaticallyManagesSubnodes`` the subnodes stay as they are and
    /// only steps 1, 2, 4 and 5 apply.
    ///
    /// - Parameters:
    ///   - range: The sizes the node may take.
    ///   - animated: Whether to let the node animate before the removals.
    /// - Throws: When the layout names this node
    ///   (``NodeError/subnodeIsSelf(node:)``), an ancestor
    ///   (``NodeError/subnodeIsAncestor(subnode:supernode:)``), a node twice
    ///   (``NodeError/duplicateLayoutChild(child:supernode:)``) or a subnode of
    ///   another node (``NodeError/layoutChildHasAnotherSupernode(child:supernode:otherSupernode:)``).
    ///   The subnodes do not change then; the transition in flight has completed.
    /// - Complexity: O(*c* + *k* + *d*) for *c* children, *k* subnodes and depth
    ///   *d*, plus measuring and the interface-state changes of inserted and
    ///   removed subtrees.
    @MainActor
    public func transitionLayout(to range: SizeRange, animated: Bool) throws(NodeError) {
        invalidateCalculatedLayout()
        try applyTransition(to: range, animated: animated)
    }

    /// ``transitionLayout(to:animated:)`` with the layout cached for `range`, if
    /// any: ``layoutIfNeeded()`` applies the layout measuring made off main.
    @MainActor
    func applyTransition(to range: SizeRange, animated: Bool) throws(NodeError) {
        let inFlight = transitionInFlight
        let layout = measure(range).layout
        var inserted: [DisplayNode] = []
        var removed: [DisplayNode] = []
        if automaticallyManagesSubnodes {
            let desired = layout.children.map(\.node)
            let adopted: (inserted: [DisplayNode], removed: [DisplayNode])
            do throws(NodeError) {
                if !animated {
                    // Texture's order: the old subnodes leave, then the new ones join.
                    removed = try _Hierarchy.lock.withLock { _ throws(NodeError) in
                        try _lockedDetachSubnodes(notIn: desired)
                    }
                    let clearing = !isRangeManaged
                    for node in removed { node.settleDetached(clearingStates: clearing) }
                }
                adopted = try _Hierarchy.lock.withLock { _ throws(NodeError) in
                    try _lockedAdoptSubnodes(desired, animated: animated)
                }
            } catch {
                // Refused: the transition in flight completes instead of being replaced.
                inFlight?.completeTransition()
                throw error
            }
            inserted = adopted.inserted
            if animated { removed = adopted.removed }
            if isRangeManaged {
                let change = _StateChange(state: interfaceState, merging: true)
                for node in inserted { node.settleAdded(under: self, to: change) }
            }
        }
        for child in layout.children where child.node.isNodeLoaded {
            child.node.view.frame = child.frame
        }
        let previous = state.withLock { state in
            defer {
                state.appliedLayout = layout
                state.needsSubnodeLayout = false
            }
            return state.appliedLayout
        }
        // Adopted: this transition replaces the one in flight, which is cancelled.
        if let inFlight, transitionInFlight === inFlight {
            transitionInFlight = nil
            inFlight.cancel()
        }
        let transition = LayoutTransition(
            node: self, isAnimated: animated, previousLayout: previous, layout: layout,
            insertedSubnodes: inserted, removedSubnodes: removed)
        if animated {
            transitionInFlight = transition
            animateLayoutTransition(transition)
        } else {
            transition.completeTransition()
        }
    }

    /// Removes what an animated `transition` dropped, puts the subnodes in the
    /// layout's order and tells the subclass; called once per transition by
    /// ``LayoutTransition/completeTransition()``.
    @MainActor
    func finishTransition(_ transition: LayoutTransition) {
        if transitionInFlight === transition { transitionInFlight = nil }
        if transition.isAnimated {
            let desired = transition.layout.children.map(\.node)
            let detached = _Hierarchy.lock.withLock { _ in
                let detached = transition.removedSubnodes.filter { _lockedDetach($0) }
                _lockedOrderSubnodes(like: desired)
                return detached
            }
            let clearing = !isRangeManaged
            for node in detached { node.settleDetached(clearingStates: clearing) }
        }
        didCompleteLayoutTransition(transition)
    }

    /// Makes the children of `layout` the subnodes without animation, off main,
    /// if no interface state changes by it: this node is in no state, and what
    /// leaves or joins keeps its state. Otherwise leaves the layout pending for
    /// ``layoutIfNeeded()`` on main. Requires nothing; takes ``_Hierarchy/lock``.
    func adoptSubnodesIfStatesStay(_ layout: Layout) {
        let desired = layout.children.map(\.node)
        let adopted = try? _Hierarchy.lock.withLock { _ throws(NodeError) -> Bool in
            let (ownState, rangeManaged, current) = state.withLock {
                ($0.interfaceState, $0.isRangeManaged, $0.subnodes)
            }
            guard ownState.isEmpty else { return false }
            if !rangeManaged {
                // Leaving a node that is not range-managed clears states: only stateless ones may leave here.
                let wanted = Set(desired.map(ObjectIdentifier.init))
                for node in current where !wanted.contains(ObjectIdentifier(node)) {
                    if node.firstNodeInSubtree(notIn: [], merging: false) != nil { return false }
                }
            }
            let (inserted, removed) = try _lockedAdoptSubnodes(desired, animated: false)
            for node in removed + inserted { node._lockedPropagateRangeManaged() }
            return true
        }
        guard adopted == true else { return }
        state.withLock { state in
            state.appliedLayout = layout
            state.needsSubnodeLayout = false
        }
    }

    /// Puts the subnodes that `desired` names first, in its order, and the others
    /// after them in their order; requires ``_Hierarchy/lock``.
    private func _lockedOrderSubnodes(like desired: [DisplayNode]) {
        state.withLock { state in
            let present = Set(state.subnodes.map(ObjectIdentifier.init))
            let named = Set(desired.map(ObjectIdentifier.init))
            state.subnodes = desired.filter { present.contains(ObjectIdentifier($0)) }
                + state.subnodes.filter { !named.contains(ObjectIdentifier($0)) }
        }
    }

    /// Checks that `desired` may become the subnodes, with `current` the subnodes
    /// now; requires ``_Hierarchy/lock``.
    ///
    /// - Returns: The identities of `desired`.
    private func _lockedCheckLayoutChildren(
        _ desired: [DisplayNode], currentSubnodes current: [DisplayNode]
    ) throws(NodeError) -> Set<ObjectIdentifier> {
        var wanted = Set<ObjectIdentifier>()
        for node in desired {
            guard node !== self else { throw .subnodeIsSelf(node: description) }
            guard wanted.insert(ObjectIdentifier(node)).inserted else {
                throw .duplicateLayoutChild(child: node.description, supernode: description)
            }
        }
        var ancestor = supernode
        while let node = ancestor {
            if wanted.contains(ObjectIdentifier(node)) {
                throw .subnodeIsAncestor(subnode: node.description, supernode: description)
            }
            ancestor = node.supernode
        }
        let present = Set(current.map(ObjectIdentifier.init))
        for node in desired where !present.contains(ObjectIdentifier(node)) {
            if let other = node.supernode, other !== self {
                throw .layoutChildHasAnotherSupernode(
                    child: node.description, supernode: description, otherSupernode: other.description)
            }
        }
        return wanted
    }

    /// The first half of a transition without animation: checks `desired`, then
    /// detaches the subnodes it does not name; requires ``_Hierarchy/lock``.
    ///
    /// - Returns: The detached subnodes.
    private func _lockedDetachSubnodes(notIn desired: [DisplayNode]) throws(NodeError) -> [DisplayNode] {
        let current = subnodes
        let wanted = try _lockedCheckLayoutChildren(desired, currentSubnodes: current)
        return current.filter { !wanted.contains(ObjectIdentifier($0)) && _lockedDetach($0) }
    }

    /// Makes `desired` the subnodes; requires ``_Hierarchy/lock``. Checks
    /// everything before changing anything.
    ///
    /// Without animation the subnodes `desired` lacks are detached now and the
    /// subnodes become `desired`. With animation they stay, and each new node goes
    /// to its index in `desired` among them; the transition's end removes them.
    ///
    /// - Returns: The nodes linked now, and the subnodes that leave (now, or when
    ///   the animated transition completes).
    private func _lockedAdoptSubnodes(
        _ desired: [DisplayNode], animated: Bool
    ) throws(NodeError) -> (inserted: [DisplayNode], removed: [DisplayNode]) {
        while true {
            let ownSupernode = supernode
            let current = subnodes
            let wanted = try _lockedCheckLayoutChildren(desired, currentSubnodes: current)
            let present = Set(current.map(ObjectIdentifier.init))
            let inserted = desired.filter { !present.contains(ObjectIdentifier($0)) }
            // Link the new children; undo if one was taken meanwhile (a fast-path
            // add on another thread) or if self itself was attached meanwhile.
            var linked: [DisplayNode] = []
            func undo() {
                for node in linked { node.state.withLock { $0.supernode = nil } }
            }
            for node in inserted {
                let taken = node.state.withLock { state -> Bool in
                    if state.supernode === self { return false }
                    guard state.supernode == nil else { return true }
                    state.supernode = self
                    linked.append(node)
                    return false
                }
                if taken {
                    undo()
                    throw .layoutChildHasAnotherSupernode(
                        child: node.description, supernode: description,
                        otherSupernode: node.supernode?.description ?? "a node that has since died")
                }
            }
            let committed = state.withLock { state -> Bool in
                guard state.supernode === ownSupernode else { return false }
                let known = present.union(wanted)
                let addedMeanwhile = state.subnodes.filter { !known.contains(ObjectIdentifier($0)) }
                if animated {
                    var order = current
                    for (index, node) in desired.enumerated() where !present.contains(ObjectIdentifier(node)) {
                        order.insert(node, at: Swift.min(index, order.count))
                    }
                    state.subnodes = order + addedMeanwhile
                } else {
                    let leaving = current.filter { !wanted.contains(ObjectIdentifier($0)) }
                    state.subnodes = leaving + desired + addedMeanwhile  // the leaving ones go just below
                }
                return true
            }
            guard committed else {
                undo()
                continue
            }
            let removed = current.filter { !wanted.contains(ObjectIdentifier($0)) }
            if !animated {
                for node in removed { _ = _lockedDetach(node) }
            }
            if !isRangeManaged {
                for node in inserted { node._lockedPropagateRangeManaged() }
            }
            return (inserted, removed)
        }
    }
}
