extension AnyValueNode {
    /// The nodes feeding this one, in the order their edges were attached; lets tests
    /// hold weak references to intermediate nodes that have no variables.
    package var _upstreamNodes: [AnyValueNode] {
        PropagationEngine.withGraph(of: self) { _ in
            upstream.filter { !$0.isDetached }.map(\.from)
        }
    }
}
