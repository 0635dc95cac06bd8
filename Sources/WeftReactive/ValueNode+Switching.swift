extension ValueNode {
    /// Returns a node that follows the node `transform` makes from this node's latest
    /// value, switching to a new one each time this node changes.
    ///
    /// The returned node takes the selected node's current value at once, and its
    /// later values until this node changes again. The previously selected node is
    /// then let go, and released if nothing else consumes it. A selected node keeps
    /// its value when it is empty: an empty value changes nothing.
    ///
    /// - Parameter transform: Runs on the thread that set the value; may return an
    ///   existing node or build a new one.
    /// - Returns: A new node fed by this node and by the selected node.
    /// - Complexity: O(1) per value, plus `transform` and, on a switch, the cost of
    ///   attaching an edge (see ``link(to:transform:)``).
    public func flatMap<Inner: Sendable>(
        _ transform: @escaping @Sendable (Value) -> ValueNode<Inner>
    ) -> ValueNode<Inner> {
        PropagationEngine.makeNode(near: self) { [SwitchEdge(from: self, to: $0, transform: transform)] }
    }
}
