extension MainContextReleaseQueue {
    /// Stops the process if the counts disagree with the waiting objects;
    /// ``drain()`` ends with it.
    #if WEFT_INTERNAL_CHECKS
    package func _checkInvariants() {
        state.withLock { state in
            let s = state.statistics
            precondition(
                s.enqueuedCount == s.releasedCount + s.pendingCount
                    && (state.isReleasing || s.pendingCount == state.waiting.count)
                    && s.peakPendingCount >= s.pendingCount
                    && (state.waiting.isEmpty || state.turnClaimed),
                "main-context release queue invariants broken: \(s), \(state.waiting.count) waiting")
        }
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
