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

    /// How long, in seconds, the placeholder takes to fade out over the
    /// node's contents once they land: Texture's `placeholderFadeDuration`.
    /// 0 (the default) switches in one frame, as does a negative or
    /// non-finite value. A fading cell counts as drawn; a host composes frames
    /// until the fade ends (`ComposedFrame.isAnimating`).
    public var placeholderFadeDuration: Double {
        get { state.withLock { $0.placeholderFadeDuration } }
        set { state.withLock { $0.placeholderFadeDuration = newValue.isFinite ? max(newValue, 0) : 0 } }
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
    /// Notes that a host shows the placeholder in a frame, so that the
    /// contents that replace it fade in (``placeholderFadeDuration``).
    @MainActor
    package func placeholderWasShown() {
        state.withLock { $0.placeholderWasShown = true; $0.placeholderFadeStart = nil }
    }

    /// The opacity of the placeholder over the node's landed contents in a
    /// frame at `time` (seconds, a monotonic clock), or `nil` when none shows:
    /// the fade starts at the first frame that shows the contents after the
    /// placeholder and runs ``placeholderFadeDuration``, from 1 to 0.
    ///
    /// - Complexity: O(1).
    @MainActor
    package func placeholderFadeOpacity(at time: Double) -> Double? {
        state.withLock { state in
            guard state.placeholderWasShown else { return nil }
            let start = state.placeholderFadeStart ?? time
            let progress = state.placeholderFadeDuration > 0 ? (time - start) / state.placeholderFadeDuration : 1
            guard progress < 1 else {
                state.placeholderWasShown = false
                state.placeholderFadeStart = nil
                return nil
            }
            state.placeholderFadeStart = start
            return 1 - max(progress, 0)
        }
    }

    /// Whether this node alone (not its subnodes) shows what it should now.
    @MainActor
    package var isSelfDisplayComplete: Bool {
        isInDisplayState && !lacksLatestDrawing && !isAwaitingContents
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
