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
    /// The handler runs after the wave, holding no lock, on the thread that set the
    /// value, never concurrently with itself, and receives every value in order. It
    /// may block, read or set any node, and listen. Called from a handler, `listen`
    /// delivers the current value right after that handler returns.
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
        PropagationEngine.withGraph(of: self) { engine in
            engine.register(listener, in: bag)
            if let value = storage {
                listener.queue(value, on: WaveThread.current)
            }
        }
        _checkInvariants()
        return Cancelable(listener)
    }
}
