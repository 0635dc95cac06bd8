extension AnyValueNode {
    #if WEFT_INTERNAL_CHECKS
    /// Checks that this node and its edges agree with the nodes at their other ends,
    /// and that ranks are in topological order; traps naming the first disagreement.
    ///
    /// - Complexity: O(*e* + *u*) for the *e* edges and listen edges of this node and
    ///   the *u* upstream edges of the nodes it feeds: each consumer's upstream list
    ///   is read once into a set. (A search of that list per edge was O(*e* × *u*):
    ///   thousands of links between two nodes made a debug test run for minutes.)
    package func _checkInvariants() {
        PropagationEngine.withGraph(of: self) { _ in
            var upstreamOfConsumer: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
            for edge in upstream where !edge.isDetached {
                let source = edge.from
                precondition(edge.to === self, "node #\(serial): owns a \(edge.kind) edge into #\(edge.to.serial)")
                precondition(
                    edge.downstreamSlot < source.downstream.count
                        && source.downstream[edge.downstreamSlot]?.toOpaque() == Unmanaged.passUnretained(edge).toOpaque(),
                    "node #\(serial): \(edge.kind) edge from #\(source.serial) is not at its slot \(edge.downstreamSlot)"
                )
                precondition(
                    edge.isBackEdge || source.rank < rank,
                    "node #\(serial) (rank \(rank)) is fed by #\(source.serial) (rank \(source.rank)) through a forward edge"
                )
            }
            var tombstones = 0
            for (slot, entry) in downstream.enumerated() {
                guard let edge = entry?.takeUnretainedValue() else {
                    tombstones += 1
                    continue
                }
                precondition(
                    edge.downstreamSlot == slot && edge.from === self && !edge.isDetached,
                    "node #\(serial): downstream slot \(slot) holds a \(edge.kind) edge that says slot \(edge.downstreamSlot)"
                )
                let consumer = ObjectIdentifier(edge.to)
                let owned = upstreamOfConsumer[consumer] ?? Set(edge.to.upstream.map(ObjectIdentifier.init))
                upstreamOfConsumer[consumer] = owned
                precondition(
                    owned.contains(ObjectIdentifier(edge)),
                    "node #\(serial): consumer #\(edge.to.serial) does not own the \(edge.kind) edge at slot \(slot)"
                )
            }
            precondition(
                downstreamTombstones == tombstones,
                "node #\(serial): \(downstreamTombstones) downstream tombstones counted, \(tombstones) found"
            )
            tombstones = 0
            for (slot, entry) in listeners.enumerated() {
                guard let listener = entry?.takeUnretainedValue() else {
                    tombstones += 1
                    continue
                }
                precondition(
                    listener.nodeSlot == slot && listener.node === self && !listener.isDetached,
                    "node #\(serial): listener slot \(slot) holds an edge that says slot \(listener.nodeSlot)"
                )
                if let bag = listener.bag {
                    precondition(
                        bag.holds(listener),
                        "node #\(serial): listener at slot \(slot) is not in its bag at \(listener.bagSlot)"
                    )
                }
            }
            precondition(
                listenerTombstones == tombstones,
                "node #\(serial): \(listenerTombstones) listener tombstones counted, \(tombstones) found"
            )
        }
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
