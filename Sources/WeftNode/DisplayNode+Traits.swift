extension DisplayNode {
    /// The node's environment (display scale, style, contrast): its cell's
    /// container's, as the host view set it (`CollectionNode.traitCollection`);
    /// a node outside a container has the defaults, at
    /// ``defaultContentsScale``. Any thread: drawings read it.
    ///
    /// - Complexity: O(*d*) for depth *d*.
    public var traitCollection: TraitCollection {
        var root = self
        while let supernode = root.supernode { root = supernode }
        return root.containerTraits ?? TraitCollection(displayScale: Self.defaultContentsScale)
    }

    /// The traits of the container of this node, a root: `nil` when it is not a
    /// cell a container made, or its container set none.
    var containerTraits: TraitCollection? {
        state.withLock { $0.owner }?.traits.withLock { $0 }
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
