/// The running mean of the lengths measured so far: a list layout's estimate
/// for items it has not measured.
struct _MeanLength: Sendable {
    private var sum = 0.0
    private var count = 0

    /// The mean, or `nil` before anything was measured.
    var mean: Double? { count == 0 ? nil : sum / Double(count) }

    mutating func add(_ length: Double) {
        sum += length
        count += 1
    }

    /// Adds every length `other` has seen.
    mutating func add(_ other: _MeanLength) {
        sum += other.sum
        count += other.count
    }
}
