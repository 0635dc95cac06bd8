import Foundation

extension Duration {
    /// Nanoseconds, as a floating-point number.
    var nanoseconds: Double {
        Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
    }
}

/// `nanoseconds` to three significant digits in the largest unit that keeps the
/// value at least 1: "123 ns", "12.3 µs", "1.23 ms", "2.05 s".
func durationText(nanoseconds: Double) -> String {
    let (value, unit): (Double, String) = switch nanoseconds {
    case ..<1e3: (nanoseconds, "ns")
    case ..<1e6: (nanoseconds / 1e3, "µs")
    case ..<1e9: (nanoseconds / 1e6, "ms")
    default: (nanoseconds / 1e9, "s")
    }
    return "\(significant(value)) \(unit)"
}

/// `value` to three significant digits (no exponent), as "123", "12.3", "1.23".
func significant(_ value: Double) -> String {
    String(format: "%.\(value >= 100 ? 0 : value >= 10 ? 1 : 2)f", value)
}

/// The 99th percentile of `times`.
func percentile99(_ times: [Duration]) -> Duration {
    percentile(times, 0.99)
}

/// The value at `fraction` (0...1) of `times` sorted, nearest rank.
func percentile(_ times: [Duration], _ fraction: Double) -> Duration {
    let sorted = times.sorted()
    return sorted[Int((Double(sorted.count - 1) * fraction).rounded())]
}

extension Duration {
    /// Whole microseconds, as "123 µs".
    var microsecondsText: String {
        String(format: "%.0f µs", Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12)
    }

    /// Milliseconds, two decimals below 10, as "1.23 ms" or "45 ms".
    var millisecondsText: String {
        let milliseconds = Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
        return milliseconds < 10 ? String(format: "%.2f ms", milliseconds) : String(format: "%.0f ms", milliseconds)
    }
}
