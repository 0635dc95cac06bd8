/// Percentiles of measured times, as every Weft report and its peers print them.
public enum Percentile {
    /// The `p`-th percentile (0...100) of `values`, by nearest rank; 0 when empty.
    ///
    /// - Complexity: O(*n* log *n*): it sorts a copy.
    public static func nearestRank(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return 0 }
        let sorted = values.sorted()
        let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }
}
