extension MainContextReleaseQueue {
    /// Walks the C queue and stops the process if any invariant is broken
    /// (`weft_dealloc_check_invariants`); ``drain()`` ends with it.
    #if WEFT_INTERNAL_CHECKS
    package func _checkInvariants() {
        precondition(queue.invariantsHold, "main-context release queue invariants broken: \(statistics)")
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
