import WeftCore

/// The locking protocol that keeps every node tree a tree while any thread edits it.
///
/// Checking "the new subnode is not an ancestor of its new supernode" and then
/// linking the two is only safe if no other edit can change the ancestors in
/// between: two threads that add A under B and B under A at once would otherwise
/// both pass the check. So structural edits take ``lock``, one lock for all trees,
/// and inside it lock nodes one at a time, or two or three at once in address order.
///
/// One edit skips ``lock``: adding a *detached leaf* (no supernode, no subnodes),
/// which is how the data controller builds cell nodes on several threads at once.
/// It locks the leaf and its new supernode together, in address order, and links
/// them if the leaf is still detached and childless. That is safe beside the slow
/// path because a detached leaf cannot be an ancestor of anything, and because the
/// only ancestor link the fast path creates is the leaf's own: an edit under
/// ``lock`` rechecks, with the nodes it links locked, that the supernode link of
/// its new supernode is still the one its ancestor walk started from.
///
/// Lock order: ``lock`` before any node's lock, node locks in ascending
/// `ObjectIdentifier` order, and no lock held while a subclass runs.
enum _Hierarchy {
    /// Serializes structural edits of every tree, except adding a detached leaf.
    static let lock = PosixMutex<Void>(())
}

extension DisplayNode {
    /// Runs `body` with the states of two distinct nodes, locked in address order.
    static func withStates<Result, E: Error>(
        _ first: DisplayNode, _ second: DisplayNode,
        _ body: (inout State, inout State) throws(E) -> Result
    ) throws(E) -> Result {
        if ObjectIdentifier(first) < ObjectIdentifier(second) {
            try first.state.withLock { (a: inout State) throws(E) -> Result in
                try second.state.withLock { (b: inout State) throws(E) -> Result in try body(&a, &b) }
            }
        } else {
            try second.state.withLock { (b: inout State) throws(E) -> Result in
                try first.state.withLock { (a: inout State) throws(E) -> Result in try body(&a, &b) }
            }
        }
    }

    /// Runs `body` with the states of three distinct nodes, locked in address order.
    static func withStates<Result, E: Error>(
        _ first: DisplayNode, _ second: DisplayNode, _ third: DisplayNode,
        _ body: (inout State, inout State, inout State) throws(E) -> Result
    ) throws(E) -> Result {
        let nodes = [first, second, third].sorted { ObjectIdentifier($0) < ObjectIdentifier($1) }
        return try nodes[0].state.withLock { (s0: inout State) throws(E) -> Result in
            try nodes[1].state.withLock { (s1: inout State) throws(E) -> Result in
                try nodes[2].state.withLock { (s2: inout State) throws(E) -> Result in
                    try withUnsafeMutablePointer(to: &s0) { p0 throws(E) -> Result in
                        try withUnsafeMutablePointer(to: &s1) { p1 throws(E) -> Result in
                            try withUnsafeMutablePointer(to: &s2) { p2 throws(E) -> Result in
                                func slot(_ node: DisplayNode) -> UnsafeMutablePointer<State> {
                                    node === nodes[0] ? p0 : node === nodes[1] ? p1 : p2
                                }
                                return try body(&slot(first).pointee, &slot(second).pointee, &slot(third).pointee)
                            }
                        }
                    }
                }
            }
        }
    }

    /// This node's name as ``description`` gives it, from a state already locked.
    func description(in state: State) -> String {
        let type = String(describing: Swift.type(of: self))
        return state.debugName.map { "\(type) '\($0)'" } ?? type
    }

    /// The first node of this subtree, in pre-order, whose interface state is not
    /// `target` (with `merging`: does not contain `target`), with that state.
    ///
    /// - Complexity: O(*s*) for *s* nodes in the subtree.
    func firstNodeInSubtree(
        notIn target: InterfaceState, merging: Bool
    ) -> (node: DisplayNode, state: InterfaceState)? {
        var stack: [DisplayNode] = [self]
        while let node = stack.popLast() {
            let (current, subnodes) = node.state.withLock { ($0.interfaceState, $0.subnodes) }
            if merging ? !current.isSuperset(of: target) : current != target { return (node, current) }
            stack.append(contentsOf: subnodes.reversed())
        }
        return nil
    }

    /// Recomputes the range-managed flag of this node and its subtree from their
    /// supernodes. Requires ``_Hierarchy/lock``.
    ///
    /// Each node's flag is written in the same critical section that reads its
    /// subnodes, so a detached leaf added on the fast path meanwhile either reads
    /// the new flag or is among the subnodes this walk visits.
    ///
    /// - Complexity: O(*s*) for *s* nodes in the subtree.
    func _lockedPropagateRangeManaged() {
        var pending: [(node: DisplayNode, inherited: Bool)] = []
        // The root's supernode can change under a fast-path add while this runs,
        // so its flag is written with both nodes locked.
        while true {
            if let parent = supernode {
                let done = Self.withStates(self, parent) { (root: inout State, parentState: inout State) -> Bool in
                    guard root.supernode === parent else { return false }
                    root.isRangeManaged = root.isExplicitlyRangeManaged || parentState.isRangeManaged
                    pending = root.subnodes.reversed().map { ($0, root.isRangeManaged) }
                    return true
                }
                if done { break }
            } else {
                let done = state.withLock { (root: inout State) -> Bool in
                    guard root.supernode == nil else { return false }
                    root.isRangeManaged = root.isExplicitlyRangeManaged
                    pending = root.subnodes.reversed().map { ($0, root.isRangeManaged) }
                    return true
                }
                if done { break }
            }
        }
        while let (node, inherited) = pending.popLast() {
            node.state.withLock { state in
                state.isRangeManaged = state.isExplicitlyRangeManaged || inherited
                for subnode in state.subnodes.reversed() { pending.append((subnode, state.isRangeManaged)) }
            }
        }
    }
}
