extension DisplayNode {
    /// The node's backing view, created on first access.
    ///
    /// The first read calls ``makeView()``, keeps the view for the node's whole
    /// life (a node never unloads), then calls ``didLoad()``. Later reads return
    /// the same view. A first read while the node is in no interface state is a
    /// *premature load*: the view exists before anything could show it, usually
    /// because code configured it right after creating the node instead of in
    /// ``didLoad()``. Weft counts those per node type in ``PrematureLoadReport``.
    ///
    /// - Complexity: O(1) after the first read.
    @MainActor
    public var view: any NodeView {
        let (loaded, interfaceState) = state.withLock { ($0.view, $0.interfaceState) }
        if let loaded { return loaded }
        let view = makeView()
        state.withLock { $0.view = view }
        if interfaceState.isEmpty {
            PrematureLoadReport.record(Swift.type(of: self))
        }
        didLoad()
        return view
    }

    /// Whether the node has created its view. Readable on any thread; once
    /// `true`, it stays `true`.
    ///
    /// - Complexity: O(1).
    public var isNodeLoaded: Bool {
        state.withLock { $0.view != nil }
    }
}
