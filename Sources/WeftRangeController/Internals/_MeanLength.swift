/// The running mean of the lengths measured so far: a list layout's estimate
/// for items it has not measured.
struct _MeanLength {
    private var sum = 0.0
    private var count = 0

    /// The mean, or `nil` before anything was measured.
    var mean: Double? { count == 0 ? nil : sum / Double(count) }

    mutating func add(_ length: Double) {
        sum += length
        count += 1
    }
}
