extension DataController {
    #if WEFT_INTERNAL_CHECKS
    /// Checks the data controller's invariants; tests call it. O(*n*).
    ///
    /// The pending counts are the pending map's, both maps hold well-formed
    /// versions, and once no update is in flight the two maps hold the same
    /// elements at the same paths.
    package func _checkInvariants() {
        pendingMap._checkInvariants()
        visibleMap._checkInvariants()
        let counts = (0 ..< pendingMap.numberOfSections).map { pendingMap.numberOfItems(inSection: $0) }
        precondition(counts == pendingItemCounts, "pending counts \(pendingItemCounts) but the map has \(counts)")
        guard commits.isEmpty else { return }
        precondition(pendingMap.count == visibleMap.count, "idle, yet the maps differ in size")
        for (path, element) in pendingMap.indexedElements {
            precondition(visibleMap.element(at: path) === element, "idle, yet the maps differ at \(path)")
        }
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
