extension StatefulViewPool {
    #if WEFT_INTERNAL_CHECKS
    /// Traps unless every pending and pooled view is there once and is counted in the
    /// set that refuses a second enqueue. Tests call it after each step.
    ///
    /// - Complexity: O(*p* + *q*) for *p* pending and *q* pooled views.
    package func _checkInvariants() {
        let entries = pending.map(\.view) + pooled.values.joined().map(\.view)
        let identifiers = Set(entries.map { ObjectIdentifier($0) })
        precondition(identifiers.count == entries.count,
                     "\(entries.count - identifiers.count) views are pending or pooled twice")
        precondition(identifiers == enqueuedViews,
                     "\(identifiers.count) views pending or pooled, \(enqueuedViews.count) recorded as enqueued")
        for (key, entries) in pooled {
            precondition(!entries.isEmpty, "an empty entry list is kept for \(key.context)")
        }
    }
    #else
    /// Does nothing: the checks run only in builds with `WEFT_INTERNAL_CHECKS`.
    package func _checkInvariants() {}
    #endif
}
