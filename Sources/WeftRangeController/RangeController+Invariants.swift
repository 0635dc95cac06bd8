extension RangeController {
    #if WEFT_INTERNAL_CHECKS
    /// Traps unless the ranges lie inside the map and every allocated node of the
    /// map is in the state the last pass assigned its item (or in no state: a
    /// node allocated after its item entered a range waits for
    /// ``updateRanges()``). Debug builds only; O(*n* log *n*), so it invalidates
    /// every documented cost.
    package func _checkInvariants() {
        sectionIndex._checkInvariants()
        precondition(sectionIndex.itemTotal == visibleMap.count,
                     "section index counts \(sectionIndex.itemTotal) items, the map \(visibleMap.count)")
        let items = 0 ... sectionIndex.itemTotal
        for run in [snapshot.visible, snapshot.display, snapshot.preload] {
            precondition(items.contains(run.lowerBound) && items.contains(run.upperBound),
                         "range \(run) outside 0 ..< \(sectionIndex.itemTotal)")
        }
        forEachElement(in: 0 ..< sectionIndex.itemTotal) { ordinal, element in
            guard let node = element.nodeIfAllocated else { return }
            let expected = snapshot.state(at: ordinal)
            precondition(node.interfaceState == expected || node.interfaceState.isEmpty,
                         "item \(ordinal) is \(node.interfaceState), expected \(expected)")
        }
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
