public import WeftCore

extension DisplayNode {
    // MARK: Placeholders

    /// Whether a host shows ``placeholderImage()`` where the node has not yet
    /// drawn what it should (its drawing in flight, or ``isAwaitingContents``):
    /// Texture's `placeholderEnabled`. A visible cell showing a placeholder is
    /// counted apart from a blank one. `false` by default (an image node that
    /// fetches from the network usually turns it on).
    public var placeholderEnabled: Bool {
        get { state.withLock { $0.placeholderEnabled } }
        set { state.withLock { $0.placeholderEnabled = newValue } }
    }

    /// The colour of the default ``placeholderImage()``: a light grey unless set.
    public var placeholderColor: Color {
        get { state.withLock { $0.placeholderColor } }
        set {
            state.withLock { state in
                state.placeholderColor = newValue
                state.placeholderBitmap = nil
            }
        }
    }
}

extension DisplayNode {
    /// Whether this node alone (not its subnodes) shows what it should now.
    @MainActor
    package var isSelfDisplayComplete: Bool {
        isInDisplayState && !needsDrawing && !isAwaitingContents
    }

    /// Whether every node of the subtree that is not complete shows a
    /// placeholder (so the subtree, though not complete, shows no blank).
    ///
    /// - Complexity: O(*s*) for *s* nodes in the subtree.
    @MainActor
    package var pendingNodesShowPlaceholders: Bool {
        var pending: [DisplayNode] = [self]
        while let node = pending.popLast() {
            if !node.isSelfDisplayComplete, !node.placeholderEnabled { return false }
            pending.append(contentsOf: node.subnodes)
        }
        return true
    }
}
