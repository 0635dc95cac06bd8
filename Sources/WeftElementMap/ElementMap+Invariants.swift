extension ElementMap {
    #if WEFT_INTERNAL_CHECKS
    /// Walks this version and traps if any invariant of its trees and indexes
    /// fails: counts, label order, node fill, and that every element is indexed
    /// where it is. Debug builds only; O(*n* log *n*), so it invalidates every
    /// documented cost.
    @inline(never)
    package func _checkInvariants() {
        precondition(_CElementMap.invariantsHold(storage.version), "ElementMap invariants failed (details on stderr)")
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
