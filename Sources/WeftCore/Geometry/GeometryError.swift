/// A size, range or rectangle that no layout can use.
public enum GeometryError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The named dimension is NaN.
    case notANumber(String)
    /// The named dimension is below zero.
    case negative(String, Double)
    /// The named minimum is infinite.
    case infiniteMinimum(String)
    /// The minimum of the named dimension exceeds its maximum.
    case minimumAboveMaximum(String, min: Double, max: Double)
    /// The named minimum is finite but above ``SizeRange/maximumLength``.
    case minimumBeyondLimit(String, Double, limit: Double)

    public var description: String {
        switch self {
        case .notANumber(let name): "\(name) is NaN"
        case .negative(let name, let value): "\(name) is negative (\(value))"
        case .infiniteMinimum(let name): "\(name) is infinite"
        case .minimumAboveMaximum(let name, let min, let max):
            "minimum \(name) \(min) exceeds maximum \(name) \(max)"
        case .minimumBeyondLimit(let name, let value, let limit):
            "\(name) \(value) is beyond the \(limit) points a node may measure"
        }
    }
}
