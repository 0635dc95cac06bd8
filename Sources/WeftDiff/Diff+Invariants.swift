extension Diff {
    /// Traps if the diff's edits do not fit together: deletes and inserts
    /// ascending and in range, counts balanced, moves and updates ascending by
    /// `to` and clear of deleted and inserted indexes.
    ///
    /// Runs only in builds with `WEFT_INTERNAL_CHECKS` (debug builds); every
    /// diff checks itself when created, and tests call it.
    ///
    /// - Complexity: O(*n* + *m*) when enabled, O(1) otherwise.
    @usableFromInline
    package func _checkInvariants() {
        #if WEFT_INTERNAL_CHECKS
        _EditInvariants.check(
            oldCount: oldCount, newCount: newCount, deletes: deletes, inserts: inserts,
            moves: moves, updates: updates, what: "Diff")
        #endif
    }
}
