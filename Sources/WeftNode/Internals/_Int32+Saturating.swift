extension Int32 {
    /// `self + other`, or `Int32.max` where that overflows; both are counts, never negative.
    @inlinable
    func addingSaturated(_ other: Int32) -> Int32 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }
}
