extension DisplayNode {
    /// The node that owns this one, or `nil` for a root.
    ///
    /// The link is weak: a node never keeps its supernode alive. If the supernode
    /// dies while something else keeps this node, this becomes `nil`.
    ///
    /// - Complexity: O(1).
    public var supernode: DisplayNode? {
        state.withLock { $0.supernode }
    }

    /// The nodes this one owns, in order: later ones are drawn above earlier ones.
    ///
    /// - Complexity: O(1): the array is shared, not copied.
    public var subnodes: [DisplayNode] {
        state.withLock { $0.subnodes }
    }

    /// Adds `subnode` after every current subnode.
    ///
    /// Equivalent to `insertSubnode(subnode, at: subnodes.count)`; see
    /// ``insertSubnode(_:at:isolation:)`` for moves, interface states and errors.
    ///
    /// - Parameters:
    ///   - subnode: The node to add.
    ///   - isolation: The caller's isolation; leave the default.
    /// - Throws: ``NodeError``; nothing changes then.
    /// - Complexity: O(1) for a detached leaf (the data controller's case),
    ///   otherwise O(*d* + *k* + *s*) for depth *d*, *k* subnodes and the *s*
    ///   nodes of the subnode's subtree.
    public func addSubnode(_ subnode: DisplayNode, isolation: isolated (any Actor)? = #isolation) throws(NodeError) {
        try insert(subnode, at: nil, onMain: Self.isMainActor(isolation))
    }

    /// Inserts `subnode` among this node's subnodes at `index`.
    ///
    /// The node retains `subnode` until it is removed or this node dies. If
    /// `subnode` has a supernode, it moves: it leaves that supernode first, and
    /// `index` counts the subnodes without it.
    ///
    /// Interface states follow the hierarchy, by Texture's rules. Under a
    /// range-managed node (`isRangeManaged`), the subtree of `subnode` becomes
    /// range-managed and every node of it adds this node's ``interfaceState`` to
    /// its own (a node already visible stays visible). A subnode that moves here
    /// from another supernode, under a node that is not range-managed, leaves every
    /// state. A detached node added under a node that is not range-managed keeps
    /// its state.
    ///
    /// Any thread may call this, but interface states change only on the main
    /// actor: an edit that would change one throws
    /// ``NodeError/requiresMainActor(operation:node:from:to:)`` unless the caller
    /// is isolated to the main actor. Building trees that are in no interface
    /// state is therefore free on every thread; editing live ones is for main.
    ///
    /// - Parameters:
    ///   - subnode: The node to insert.
    ///   - index: Its index among the subnodes after the insertion, in `0 ... n`
    ///     for *n* subnodes (not counting `subnode` if it is already one).
    ///   - isolation: The caller's isolation; leave the default.
    /// - Throws: ``NodeError/subnodeIsSelf(node:)``,
    ///   ``NodeError/subnodeIsAncestor(subnode:supernode:)``,
    ///   ``NodeError/indexOutOfBounds(index:subnodeCount:supernode:)`` or
    ///   ``NodeError/requiresMainActor(operation:node:from:to:)``; nothing changes then.
    /// - Complexity: O(1) for a detached leaf, otherwise O(*d* + *k* + *s*) for
    ///   depth *d*, *k* subnodes and the *s* nodes of the subnode's subtree.
    public func insertSubnode(
        _ subnode: DisplayNode, at index: Int, isolation: isolated (any Actor)? = #isolation
    ) throws(NodeError) {
        try insert(subnode, at: index, onMain: Self.isMainActor(isolation))
    }

    /// Removes this node from its supernode, which releases its reference.
    ///
    /// Leaving a range-managed supernode, the node and its subtree keep their
    /// interface states, as in Texture: only a range controller changes them, and
    /// none reaches them any more. Leaving any other supernode, they leave every
    /// interface state, firing the exit hooks (``didExitPreloadState()`` for nodes
    /// that were range-managed). A root is left as it is.
    ///
    /// - Parameter isolation: The caller's isolation; leave the default.
    /// - Throws: ``NodeError/requiresMainActor(operation:node:from:to:)`` when a
    ///   node of the subtree is in an interface state and the caller is not
    ///   isolated to the main actor; nothing changes then.
    /// - Complexity: O(*k* + *s*) for *k* subnodes of the supernode and *s* nodes
    ///   in this subtree.
    public func removeFromSupernode(isolation: isolated (any Actor)? = #isolation) throws(NodeError) {
        let onMain = Self.isMainActor(isolation)
        let clearedStates = try _Hierarchy.lock.withLock { _ throws(NodeError) -> Bool? in
            while let parent = supernode {
                let clearsStates = !parent.isRangeManaged
                if clearsStates, !onMain, let (node, current) = firstNodeInSubtree(notIn: [], merging: false) {
                    throw .requiresMainActor(
                        operation: "removing \(self) from \(parent)", node: node.description, from: current, to: [])
                }
                if parent._lockedDetach(self) {
                    if !onMain || !clearsStates { _lockedPropagateRangeManaged() }
                    return clearsStates
                }
            }
            return nil
        }
        if clearedStates == true, onMain {
            MainActor.assumeIsolated { settleDetached(clearingStates: true) }
        }
    }

    /// Whether `isolation` is the main actor's: the static isolation of the
    /// caller, which is how hierarchy edits know whether states may change.
    static func isMainActor(_ isolation: (any Actor)?) -> Bool {
        guard let isolation else { return false }
        return isolation === MainActor.shared
    }

    /// Inserts `child` at `index` (at the end for `nil`), then settles interface
    /// states on main.
    func insert(_ child: DisplayNode, at index: Int?, onMain: Bool) throws(NodeError) {
        guard child !== self else { throw .subnodeIsSelf(node: description) }
        let target: _StateChange?
        if let fast = try insertDetachedLeaf(child, at: index, onMain: onMain) {
            target = fast
        } else {
            target = try _Hierarchy.lock.withLock { _ throws(NodeError) -> _StateChange? in
                try _lockedInsert(child, at: index, onMain: onMain)
            }
        }
        if let target, onMain {
            MainActor.assumeIsolated { child.settleAdded(under: self, to: target) }
        }
    }

    /// The fast path: links a detached leaf with both nodes locked, without
    /// ``_Hierarchy/lock``.
    ///
    /// - Returns: `nil` if `child` is not a detached leaf (take the slow path);
    ///   otherwise `.some(target)`, where `target` is the state the leaf must
    ///   take on main, if any.
    private func insertDetachedLeaf(_ child: DisplayNode, at index: Int?, onMain: Bool) throws(NodeError) -> _StateChange?? {
        try Self.withStates(self, child) { (parent: inout State, leaf: inout State) throws(NodeError) -> _StateChange?? in
            guard leaf.supernode == nil, leaf.subnodes.isEmpty else { return nil }
            let count = parent.subnodes.count
            let position = index ?? count
            guard position >= 0, position <= count else {
                throw .indexOutOfBounds(index: position, subnodeCount: count, supernode: description(in: parent))
            }
            let target: _StateChange? =
                parent.isRangeManaged && !leaf.interfaceState.isSuperset(of: parent.interfaceState)
                ? _StateChange(state: parent.interfaceState, merging: true) : nil
            if let target, !onMain {
                throw .requiresMainActor(
                    operation: "adding \(child.description(in: leaf)) to \(description(in: parent))",
                    node: child.description(in: leaf), from: leaf.interfaceState,
                    to: leaf.interfaceState.union(target.state))
            }
            leaf.supernode = self
            if target == nil {
                leaf.isRangeManaged = leaf.isExplicitlyRangeManaged || parent.isRangeManaged
            }  // otherwise after the state changes, in settleAdded(under:to:)
            parent.subnodes.insert(child, at: position)
            return .some(target)
        }
    }

    /// The slow path; requires ``_Hierarchy/lock``. Checks for a cycle, links
    /// `child` (moving it from its old supernode) and propagates range management.
    ///
    /// - Returns: The state the subtree of `child` must take on main, if any.
    private func _lockedInsert(_ child: DisplayNode, at index: Int?, onMain: Bool) throws(NodeError) -> _StateChange? {
        while true {
            // Walk up from self. Only the first link can change under us (a
            // fast-path add of self, if self is a detached leaf); the commit
            // below rechecks it.
            let (ownSupernode, ownState, rangeManaged) = state.withLock {
                ($0.supernode, $0.interfaceState, $0.isRangeManaged)
            }
            var ancestor = ownSupernode
            while let node = ancestor {
                if node === child { throw .subnodeIsAncestor(subnode: child.description, supernode: description) }
                ancestor = node.supernode
            }
            let oldParent = child.supernode
            let target: _StateChange? =
                if oldParent === self { nil }
                else if rangeManaged { _StateChange(state: ownState, merging: true) }
                else if oldParent != nil { _StateChange(state: [], merging: false) }
                else { nil }
            if let target, !onMain,
               let (node, current) = child.firstNodeInSubtree(notIn: target.state, merging: target.merging) {
                throw .requiresMainActor(
                    operation: "adding \(child) to \(self)", node: node.description, from: current,
                    to: target.merging ? current.union(target.state) : target.state)
            }
            if try link(child, at: index, expectingSupernode: ownSupernode, oldParent: oldParent) {
                guard let target, onMain else {
                    child._lockedPropagateRangeManaged()
                    return nil
                }
                return target  // range management after the state changes, in settleAdded(under:to:)
            }
        }
    }

    /// Links `child` under self at `index` with every node involved locked, if
    /// the links the caller read are still in place.
    ///
    /// - Returns: Whether it linked; `false` means another thread changed a link
    ///   the caller read (retry).
    private func link(
        _ child: DisplayNode, at index: Int?, expectingSupernode ownSupernode: DisplayNode?, oldParent: DisplayNode?
    ) throws(NodeError) -> Bool {
        func insert(into parent: inout State, _ childState: inout State) throws(NodeError) -> Bool {
            guard parent.supernode === ownSupernode, childState.supernode === oldParent else { return false }
            // Moving within this node: the index counts the subnodes without the child.
            let existing = oldParent === self ? parent.subnodes.firstIndex { $0 === child } : nil
            if oldParent === self, existing == nil { return false }
            let count = parent.subnodes.count - (existing == nil ? 0 : 1)
            let position = index ?? count
            guard position >= 0, position <= count else {
                throw .indexOutOfBounds(index: position, subnodeCount: count, supernode: description(in: parent))
            }
            if let existing { parent.subnodes.remove(at: existing) }
            parent.subnodes.insert(child, at: position)
            childState.supernode = self
            return true
        }
        guard let oldParent, oldParent !== self else {
            return try Self.withStates(self, child) { (parent: inout State, childState: inout State) throws(NodeError) in
                try insert(into: &parent, &childState)
            }
        }
        return try Self.withStates(self, child, oldParent) {
            (parent: inout State, childState: inout State, old: inout State) throws(NodeError) -> Bool in
            guard let position = old.subnodes.firstIndex(where: { $0 === child }),
                  try insert(into: &parent, &childState)
            else { return false }
            old.subnodes.remove(at: position)
            return true
        }
    }

    /// Unlinks `child` if it is still a subnode of self; requires ``_Hierarchy/lock``.
    ///
    /// - Returns: Whether it did.
    func _lockedDetach(_ child: DisplayNode) -> Bool {
        Self.withStates(self, child) { (parent: inout State, childState: inout State) -> Bool in
            guard childState.supernode === self,
                  let position = parent.subnodes.firstIndex(where: { $0 === child })
            else { return false }
            parent.subnodes.remove(at: position)
            childState.supernode = nil
            return true
        }
    }

    /// Moves the subtree of a node just added under `parent` as `change` says,
    /// then recomputes range management, unless another edit moved the node
    /// meanwhile (that edit settles it). States go first, so that whether a node
    /// gets ``didExitPreloadState()`` depends on whether it was range-managed
    /// before the edit, as with ``removeFromSupernode(isolation:)``.
    @MainActor
    func settleAdded(under parent: DisplayNode, to change: _StateChange) {
        guard supernode === parent else { return }
        // A layout a node added here cannot apply stays pending on that node; the
        // edit's caller did not ask for it, and the node's next layoutIfNeeded()
        // (which a container runs for each visible cell every frame) throws it.
        applyInterfaceStateRecursively(change.state, merging: change.merging)
        _Hierarchy.lock.withLock { _ in
            if supernode === parent { _lockedPropagateRangeManaged() }
        }
    }

    /// Recomputes range management of a node just detached on main, first taking
    /// it out of every interface state if `clearingStates` (it left a supernode
    /// that is not range-managed). States go first, so that nodes that were
    /// range-managed still get ``didExitPreloadState()``.
    @MainActor
    func settleDetached(clearingStates: Bool) {
        guard supernode == nil else { return }
        if clearingStates { applyInterfaceStateRecursively([], merging: false) }
        _Hierarchy.lock.withLock { _ in
            if supernode == nil { _lockedPropagateRangeManaged() }
        }
    }
}

/// How a hierarchy edit moves the interface states of a subtree: range-managed
/// supernodes add their state to each node's (`merging`, as Texture ORs it in);
/// leaving for a supernode that is not range-managed sets `state` (empty).
struct _StateChange: Sendable {
    var state: InterfaceState
    var merging: Bool
}
