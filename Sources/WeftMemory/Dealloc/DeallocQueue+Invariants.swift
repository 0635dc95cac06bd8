extension DeallocQueue {
    /// Walks the C queue and stops the process if any invariant is broken: the
    /// waiting blocks, the spare-block cache, the batches in flight and the
    /// counters must agree (`weft_dealloc_check_invariants`).
    ///
    /// ``drain()`` ends with it; ``release(_:)`` does not, because the walk is
    /// O(*w*) for *w* waiting blocks and would make a release loop quadratic.
    #if WEFT_INTERNAL_CHECKS
    package func _checkInvariants() {
        precondition(queue.invariantsHold, "dealloc queue invariants broken: \(statistics)")
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
