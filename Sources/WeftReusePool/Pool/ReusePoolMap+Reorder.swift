extension ReusePoolMap {
    /// Puts the views vended in pass `number` in vend order among the container's
    /// subviews, in the places such views already hold; other subviews (hidden managed
    /// views, views the pools do not manage) do not move.
    ///
    /// Each record remembers its view's subview index. When every vended view is still
    /// where its record says, the order is checked and fixed from those indexes, with
    /// no hashing; otherwise one scan of the subviews finds them again.
    ///
    /// - Complexity: O(*k*) for *k* vended views when they are found at their
    ///   remembered indexes and in order; O(*s*) for *s* subviews when they are found
    ///   there out of order; else O(*s*) expected. Plus at most *k* - 1 exchanges
    ///   (the fewest that sort them).
    func reorderSubviews(pass number: UInt64) {
        let vendedCount = vended.count
        guard vendedCount > 0 else { return }
        let subviewCount = container.subviewCount
        var inOrder = true
        var previousIndex: Int32 = -1
        for order in 0 ..< vendedCount {
            let slot = Int(vended[order])
            let index = records[slot].subviewIndex
            guard index >= 0, Int(index) < subviewCount, container.subview(at: Int(index)) === records[slot].view else {
                locateSubviews(pass: number)
                return
            }
            if index < previousIndex { inOrder = false }
            previousIndex = index
        }
        if !inOrder {
            permuteSubviews(subviewCount: subviewCount)
        }
    }

    /// Scans the subviews to refresh every managed view's remembered index, puts back
    /// vended views that code outside the pools took out, then sorts.
    private func locateSubviews(pass number: UInt64) {
        for slot in 0 ..< records.count {
            records[slot].subviewIndex = -1
        }
        var subviewCount = container.subviewCount
        for index in 0 ..< subviewCount {
            if let slot = slotByView[ObjectIdentifier(container.subview(at: index))] {
                records[Int(slot)].subviewIndex = Int32(index)
            }
        }
        for order in 0 ..< vended.count where records[Int(vended[order])].subviewIndex < 0 {
            let slot = Int(vended[order])
            container.addSubview(records[slot].view)
            records[slot].subviewIndex = Int32(subviewCount)
            subviewCount += 1
        }
        permuteSubviews(subviewCount: subviewCount)
    }

    /// Sorts the vended views into vend order by exchanging subviews; every vended
    /// view's remembered index must be right.
    ///
    /// The vended views hold some set of indexes (ascending in `reorderPositions`);
    /// the *i*-th of them must end up holding vend order *i*. `reorderOccupant` says
    /// which vend order holds each of those indexes and `reorderOrdinal` the reverse;
    /// following the permutation's cycles places one view per exchange, and the last
    /// view of each cycle for free.
    private func permuteSubviews(subviewCount: Int) {
        let vendedCount = vended.count
        reorderOrderAtIndex.removeAll(keepingCapacity: true)
        reorderOrderAtIndex.append(contentsOf: repeatElement(-1, count: subviewCount))
        for order in 0 ..< vendedCount {
            reorderOrderAtIndex[Int(records[Int(vended[order])].subviewIndex)] = Int32(order)
        }
        reorderPositions.removeAll(keepingCapacity: true)
        reorderOccupant.removeAll(keepingCapacity: true)
        reorderOrdinal.removeAll(keepingCapacity: true)
        reorderOrdinal.append(contentsOf: repeatElement(-1, count: vendedCount))
        for index in 0 ..< subviewCount {
            let order = reorderOrderAtIndex[index]
            if order < 0 { continue }
            reorderOrdinal[Int(order)] = Int32(reorderPositions.count)
            reorderPositions.append(Int32(index))
            reorderOccupant.append(order)
        }

        for target in 0 ..< vendedCount {
            let occupant = Int(reorderOccupant[target])
            if occupant == target { continue }
            let source = Int(reorderOrdinal[target])
            container.exchangeSubview(at: Int(reorderPositions[target]), withSubviewAt: Int(reorderPositions[source]))
            reorderOccupant[source] = Int32(occupant)
            reorderOrdinal[occupant] = Int32(source)
            reorderOccupant[target] = Int32(target)
            reorderOrdinal[target] = Int32(target)
        }
        for order in 0 ..< vendedCount {
            records[Int(vended[order])].subviewIndex = reorderPositions[order]
        }
    }
}
