extension ValueNode {
    /// Links this node to `target` through `transform`, so that each of this node's
    /// values, transformed, becomes `target`'s value.
    ///
    /// `target` owns the link: the link keeps this node alive for as long as `target`
    /// lives, and never the reverse. `target` takes the transform of this node's
    /// current value at once, if there is one. Links may close rings (a chain that
    /// leads back to its start): a wave stops where it would reach a node it already
    /// updated, and a ring keeps itself alive until one of its links is cancelled.
    ///
    /// - Parameters:
    ///   - target: The node to feed; any node, mutable or not.
    ///   - transform: Runs on the thread that set the value, once per value.
    /// - Returns: A ``Cancelable`` that removes the link.
    /// - Complexity: O(1) when `target` already ranks above this node, else O(*m*)
    ///   for the *m* edges downstream of `target` that must be reordered.
    @discardableResult
    public func link<Target: Sendable>(
        to target: ValueNode<Target>, transform: @escaping @Sendable (Value) -> Target
    ) -> Cancelable {
        linked(MapEdge(from: self, to: target, kind: "link", transform: transform))
    }

    /// Links this node to `target`, so that each of this node's values becomes
    /// `target`'s value.
    ///
    /// - Parameter target: The node to feed.
    /// - Returns: A ``Cancelable`` that removes the link.
    /// - Complexity: See ``link(to:transform:)``.
    @discardableResult
    public func link(to target: ValueNode<Value>) -> Cancelable {
        linked(MapEdge(from: self, to: target, kind: "link") { $0 })
    }

    /// Keeps this node and `other` in step: this node's values reach `other` through
    /// `transform`, and `other`'s values come back through `revert`.
    ///
    /// This node first takes `other`'s current value through `revert`; if `other` is
    /// empty, `other` takes this node's value through `transform` instead. A change on
    /// either side reaches the other once and stops there.
    ///
    /// The two links form a ring, which keeps both nodes alive: cancel the returned
    /// ``Cancelable`` to break it.
    ///
    /// - Parameters:
    ///   - other: The node to keep in step with.
    ///   - transform: Turns this node's value into `other`'s.
    ///   - revert: Turns `other`'s value into this node's.
    /// - Returns: A ``Cancelable`` that removes both links.
    /// - Complexity: See ``link(to:transform:)``.
    public func sync<Other: Sendable>(
        with other: ValueNode<Other>,
        transform: @escaping @Sendable (Value) -> Other,
        revert: @escaping @Sendable (Other) -> Value
    ) -> Cancelable {
        let forward = MapEdge(from: self, to: other, kind: "sync", transform: transform)
        let backward = MapEdge(from: other, to: self, kind: "sync", transform: revert)
        attach([backward, forward]) { other.hasValue ? backward : forward }
        return Cancelable(forward, backward)
    }

    /// Keeps this node and `other` in step: each one's values become the other's.
    ///
    /// - Parameter other: The node to keep in step with.
    /// - Returns: A ``Cancelable`` that removes both links.
    /// - Complexity: See ``link(to:transform:)``.
    public func sync(with other: ValueNode<Value>) -> Cancelable {
        sync(with: other, transform: { $0 }, revert: { $0 })
    }

    private func linked(_ edge: AnyEdge) -> Cancelable {
        attach([edge]) { edge }
        return Cancelable(edge)
    }

    /// Attaches `edges`, between this node and one other, and pushes the current
    /// value through the one `pushed` names.
    ///
    /// From a transform, whose thread holds a graph, the edges are attached at
    /// once if the other graph's lock is free or already this thread's; if the
    /// thread would have to wait for it (another thread may be waiting for this
    /// one's), or holds both graphs mid-wave (a link made inside another link's
    /// push), they are attached when the thread lets go of its last graph lock,
    /// as a set made in a transform is, unless cancelled by then. A link made by
    /// the push of such a link, and so on, is attached without pushing past 64
    /// generations or 1,024 such pushes in one wave (see `WaveThread`).
    private func attach(_ edges: [AnyEdge], pushing pushed: @escaping () -> AnyEdge) {
        let members = [edges[0].from, edges[0].to]
        let attached: Void? = PropagationEngine.withGraphIfFree(joining: members) { engine in
            for edge in edges { engine.attach(edge) }
            engine.push(through: pushed())
        }
        guard attached == nil else {
            _checkInvariants()
            return
        }
        // The closure keeps both nodes alive until then: an edge does not retain its target.
        let thread = WaveThread.current
        let generation = thread.linkGeneration + 1
        thread.pending.append {
            PropagationEngine.withGraph(joining: members) { engine in
                guard !edges.contains(where: \.isDetached) else {
                    for edge in edges { edge.isDetached = true }
                    return
                }
                for edge in edges { engine.attach(edge) }
                // A link whose push makes another link whose push makes another
                // would never end: past the bound the link is made without
                // carrying the current value, and carries the next one.
                guard thread.admitsPush(ofGeneration: generation) else { return }
                thread.withLinkGeneration(generation) { engine.push(through: pushed()) }
            }
        }
    }
}
