extension DisplayNode {
    /// The node's environment (display scale, style, contrast): its cell's
    /// container's, as the host view set it (`CollectionNode.traitCollection`);
    /// a node outside a container has the defaults, at
    /// ``defaultContentsScale``. A node that a layout spec names before it is a
    /// subnode (``automaticallyManagesSubnodes`` adds it after measuring) has
    /// the traits of the node whose spec named it, as Texture's specs hand
    /// theirs down: its text is measured in the font and scale it will be drawn
    /// in. Any thread: drawings read it.
    ///
    /// - Complexity: O(*d*) for depth *d*.
    public var traitCollection: TraitCollection {
        var root = self
        while let supernode = root.supernode { root = supernode }
        return root.rootTraits ?? TraitCollection(displayScale: Self.defaultContentsScale)
    }

    /// The traits of this node as a root: its container's, as the host view
    /// set them, else those a layout spec handed it; `nil` when it has neither.
    var rootTraits: TraitCollection? {
        let (owner, propagated) = state.withLock { ($0.owner, $0.propagatedTraits) }
        return owner?.traits.withLock { $0 } ?? propagated
    }

    /// Hands `traits` to this node if it is not a subnode yet, for its
    /// measurement by a layout spec of the node that will adopt it. No hook is
    /// told: the node shows nothing until it is adopted, and a layout it keeps
    /// is keyed by the traits it was measured in.
    ///
    /// - Complexity: O(1).
    func propagateTraitsIfDetached(_ traits: TraitCollection) {
        state.withLock { state in
            if state.supernode == nil, state.owner == nil { state.propagatedTraits = traits }
        }
    }

    /// Tells this node and its subnodes, depth first, that their traits changed.
    ///
    /// - Complexity: O(*s*) for *s* nodes in the subtree.
    @MainActor
    package func propagateTraitCollectionChange(from previous: TraitCollection) {
        traitCollectionDidChange(previous)
        for subnode in subnodes { subnode.propagateTraitCollectionChange(from: previous) }
    }
}
