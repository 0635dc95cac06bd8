public import WeftCore

extension DisplayNode {
    /// Measures the node for `range` and moves it to the new layout: with
    /// ``automaticallyManagesSubnodes``, its subnodes become the layout's children.
    ///
    /// This is Texture's automatic subnode management. The transition:
    ///
    /// 1. completes the transition still in flight, if any;
    /// 2. measures with ``layoutThatFits(_:)`` (cached when the range is unchanged);
    /// 3. inserts the children the node lacks, in the layout's order, behind the
    ///    subnodes that are about to leave. Under a range-managed node they take
    ///    its interface state, so they can preload and display right away;
    /// 4. sets the frames of the children's views, for children that loaded one;
    /// 5. if `animated`, calls ``animateLayoutTransition(_:)``, whose
    ///    ``LayoutTransition/completeTransition()`` removes the subnodes the
    ///    layout no longer names; otherwise removes them at once. Either way
    ///    ``didCompleteLayoutTransition(_:)`` follows the removal.
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
        transitionInFlight?.completeTransition()
        let layout = layoutThatFits(range)
        var inserted: [DisplayNode] = []
        var removed: [DisplayNode] = []
        if automaticallyManagesSubnodes {
            let desired = layout.children.map(\.node)
            (inserted, removed) = try _Hierarchy.lock.withLock { _ throws(NodeError) in
                try _lockedAdoptSubnodes(desired)
            }
            if isRangeManaged {
                let target = interfaceState
                for node in inserted { node.settleAdded(under: self, to: target) }
            }
        }
        for child in layout.children where child.node.isNodeLoaded {
            child.node.view.frame = child.frame
        }
        let transition = LayoutTransition(
            node: self, isAnimated: animated, previousLayout: lastTransitionedLayout, layout: layout,
            insertedSubnodes: inserted, removedSubnodes: removed)
        lastTransitionedLayout = layout
        if animated {
            transitionInFlight = transition
            animateLayoutTransition(transition)
        } else {
            transition.completeTransition()
        }
    }

    /// Removes what `transition` dropped and tells the subclass; called once per
    /// transition by ``LayoutTransition/completeTransition()``.
    @MainActor
    func finishTransition(_ transition: LayoutTransition) {
        if transitionInFlight === transition { transitionInFlight = nil }
        let detached = _Hierarchy.lock.withLock { _ in
            transition.removedSubnodes.filter { _lockedDetach($0) }
        }
        for node in detached { node.settleDetached() }
        didCompleteLayoutTransition(transition)
    }

    /// Makes `desired` the subnodes, in order, behind the current subnodes that
    /// `desired` lacks (removed later); requires ``_Hierarchy/lock``. Checks
    /// everything before changing anything.
    ///
    /// - Returns: The nodes linked now and the subnodes to remove later.
    private func _lockedAdoptSubnodes(
        _ desired: [DisplayNode]
    ) throws(NodeError) -> (inserted: [DisplayNode], removed: [DisplayNode]) {
        var wanted = Set<ObjectIdentifier>()
        for node in desired {
            guard node !== self else { throw .subnodeIsSelf(node: description) }
            guard wanted.insert(ObjectIdentifier(node)).inserted else {
                throw .duplicateLayoutChild(child: node.description, supernode: description)
            }
        }
        while true {
            let ownSupernode = supernode
            var ancestor = ownSupernode
            while let node = ancestor {
                if wanted.contains(ObjectIdentifier(node)) {
                    throw .subnodeIsAncestor(subnode: node.description, supernode: description)
                }
                ancestor = node.supernode
            }
            let current = subnodes
            let present = Set(current.map(ObjectIdentifier.init))
            let inserted = desired.filter { !present.contains(ObjectIdentifier($0)) }
            for node in inserted {
                if let other = node.supernode, other !== self {
                    throw .layoutChildHasAnotherSupernode(
                        child: node.description, supernode: description, otherSupernode: other.description)
                }
            }
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
                let leaving = current.filter { !wanted.contains(ObjectIdentifier($0)) }
                state.subnodes = leaving + desired + addedMeanwhile
                return true
            }
            guard committed else {
                undo()
                continue
            }
            if !isRangeManaged {
                for node in inserted { node._lockedPropagateRangeManaged() }
            }
            return (inserted, current.filter { !wanted.contains(ObjectIdentifier($0)) })
        }
    }
}
