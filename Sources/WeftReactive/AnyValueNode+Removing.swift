extension AnyValueNode {
    /// Removes every link from this node to `node`, as if each link's
    /// ``Cancelable`` were cancelled.
    ///
    /// Other upstream nodes of `node` keep feeding it. This node no longer keeps
    /// anything alive on `node`'s behalf.
    ///
    /// - Parameter node: A node this one feeds, directly.
    /// - Complexity: O(*u* × *k*) for the *u* upstream edges of `node` and *k* of them
    ///   from this node.
    public func removeDownstream(_ node: AnyValueNode) {
        PropagationEngine.withGraph(of: node) { engine in
            while let edge = node.upstream.first(where: { $0.from === self && !$0.isDetached }) {
                engine.detach(edge)
            }
        }
        _checkInvariants()
        node._checkInvariants()
    }
}
