extension DisplayNode {
    #if WEFT_INTERNAL_CHECKS
    /// Walks this node's subtree and stops the process if it is not a tree with
    /// consistent links, valid interface states, range management inherited
    /// from the supernodes, and cached layouts within their ranges.
    ///
    /// Tests call it while no other thread edits the tree.
    ///
    /// - Complexity: O(*s*) for *s* nodes in the subtree.
    package func _checkInvariants() {
        var pending: [(node: DisplayNode, inherited: Bool)] = [(self, supernode?.isRangeManaged ?? false)]
        var seen = Set<ObjectIdentifier>()
        while let (node, inherited) = pending.popLast() {
            precondition(seen.insert(ObjectIdentifier(node)).inserted, "\(node) is reached twice: not a tree")
            let state = node.state.withLock { $0 }
            precondition(state.interfaceState.isValid, "\(node) is in invalid interface state \(state.interfaceState)")
            precondition(
                state.isRangeManaged == (state.isExplicitlyRangeManaged || inherited),
                "\(node) has range-managed flag \(state.isRangeManaged), expected \(state.isExplicitlyRangeManaged || inherited)")
            if let cached = state.calculatedLayout {
                precondition(
                    cached.range.clamp(cached.layout.size) == cached.layout.size,
                    "\(node) caches size \(cached.layout.size) outside \(cached.range)")
            }
            for subnode in state.subnodes {
                precondition(subnode.supernode === node, "\(subnode) is a subnode of \(node) but names another supernode")
                pending.append((subnode, state.isRangeManaged))
            }
        }
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
