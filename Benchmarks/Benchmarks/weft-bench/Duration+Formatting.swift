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
