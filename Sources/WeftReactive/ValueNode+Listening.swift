extension ValueNode {
    /// Calls `handler` with this node's current value, if any, and then with every
    /// new value, for as long as `owner` lives.
    ///
    /// The listen edge holds this node strongly, so a listener keeps the node and the
    /// whole chain it is computed from alive. The edge belongs to `owner`, in its
    /// ``ListenerOwner/listenerBag``: when `owner` dies, the edge leaves the graph at
    /// once, and the edge and whatever only it kept alive are released before the
    /// owner's `deinit` returns (when that wave ends, if it dies inside one). Capture
    /// `owner` weakly in `handler`, or the owner
    /// keeps itself alive.
    ///
    /// The handler runs on the thread that set the value, after every node of that
    /// wave has its new value, never concurrently with itself. It may set nodes;
    /// such sets run right after the current wave, in order.
    ///
    /// - Parameters:
    ///   - owner: The object whose lifetime bounds the listening; it holds the edge.
    ///   - handler: Receives the values.
    /// - Returns: A ``Cancelable`` that ends the listening early. Dropping it does
    ///   not end the listening.
    /// - Complexity: O(1) amortized, plus the first call of `handler`.
    @discardableResult
    public func listen(owner: some ListenerOwner, _ handler: @escaping (Value) -> Void) -> Cancelable {
        let listener = ListenEdge(node: self, ownerTypeName: String(describing: type(of: owner)), handler: handler)
        let bag = owner.listenerBag
        let engine = PropagationEngine.shared
        engine.withGraph {
            engine.register(listener, in: bag)
            if let value = storage {
                handler(value)
            }
        }
        _checkInvariants()
        return Cancelable(listener)
    }
}
