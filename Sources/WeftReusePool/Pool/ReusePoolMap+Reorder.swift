extension ReusePoolMap {
    /// Puts the views vended in pass `number` in vend order among the container's
    /// subviews, in the places such views already hold; other subviews (hidden managed
    /// views, views the pools do not manage) do not move.
    ///
    /// - Complexity: O(*s*) for *s* subviews when the order already holds, without
    ///   hashing while the vended views lead; otherwise O(*s*) expected plus at most
    ///   *k* - 1 exchanges for *k* vended views (the fewest that sort them).
    func reorderSubviews(pass number: UInt64) {
        let vendedCount = vended.count
        guard vendedCount > 0 else { return }
        let subviewCount = container.subviewCount
        var expected = 0
        for index in 0 ..< subviewCount {
            let subview = container.subview(at: index)
            if expected < vendedCount && subview === records[Int(vended[expected])].view {
                expected += 1
                continue
            }
            if let slot = slotByView[ObjectIdentifier(subview)], records[Int(slot)].vendedPass == number {
                // A vended view ahead of its turn.
                permuteSubviews(pass: number)
                return
            }
        }
        if expected < vendedCount {
            // A vended view is missing: outside code removed it during the pass.
            permuteSubviews(pass: number)
        }
    }

    /// Sorts the vended views into vend order by exchanging subviews.
    ///
    /// The vended views hold some set of positions (ascending in
    /// `reorderPositions`); the *i*-th of them must end up holding vend order *i*.
    /// `reorderOccupant` says which vend order holds each of those positions and
    /// `reorderOrdinal` the reverse; following the permutation's cycles places one
    /// view per exchange, and the last view of each cycle for free.
    private func permuteSubviews(pass number: UInt64) {
        let vendedCount = vended.count
        reorderPositions.removeAll(keepingCapacity: true)
        reorderOccupant.removeAll(keepingCapacity: true)
        reorderOrdinal.removeAll(keepingCapacity: true)
        reorderOrdinal.append(contentsOf: repeatElement(-1, count: vendedCount))

        let subviewCount = container.subviewCount
        for index in 0 ..< subviewCount {
            let subview = container.subview(at: index)
            guard let slot = slotByView[ObjectIdentifier(subview)], records[Int(slot)].vendedPass == number else {
                continue
            }
            let order = Int(records[Int(slot)].vendOrder)
            reorderOrdinal[order] = Int32(reorderPositions.count)
            reorderPositions.append(index)
            reorderOccupant.append(Int32(order))
        }
        for order in 0 ..< vendedCount where reorderOrdinal[order] < 0 {
            container.addSubview(records[Int(vended[order])].view)
            reorderOrdinal[order] = Int32(reorderPositions.count)
            reorderPositions.append(container.subviewCount - 1)
            reorderOccupant.append(Int32(order))
        }

        for target in 0 ..< vendedCount {
            let occupant = Int(reorderOccupant[target])
            if occupant == target { continue }
            let source = Int(reorderOrdinal[target])
            container.exchangeSubview(at: reorderPositions[target], withSubviewAt: reorderPositions[source])
            reorderOccupant[source] = Int32(occupant)
            reorderOrdinal[occupant] = Int32(source)
            reorderOccupant[target] = Int32(target)
            reorderOrdinal[target] = Int32(target)
        }
    }
}
