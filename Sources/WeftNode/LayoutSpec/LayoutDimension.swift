public import Foundation

/// A length in a layout style: automatic, in points, or a fraction of the parent's
/// size in the same dimension (Texture's `ASDimension`).
public enum LayoutDimension: Hashable, Sendable {
    /// Decided by the content and the constraints.
    case auto
    /// A fixed length.
    case points(CGFloat)
    /// A fraction, from 0 to 1, of the parent's length; automatic while the parent's
    /// length is not known (infinite).
    case fraction(CGFloat)

    /// The length for a parent of length `parent`, or `fallback` when automatic.
    ///
    /// - Complexity: O(1).
    func resolved(parent: CGFloat, fallback: CGFloat) -> CGFloat {
        switch self {
        case .auto: fallback
        case .points(let points): points
        case .fraction(let fraction): parent.isFinite ? fraction * parent : fallback
        }
    }

    /// Whether the value is usable: points finite and not negative, fractions in 0...1.
    var isValid: Bool {
        switch self {
        case .auto: true
        case .points(let points): points.isFinite && points >= 0
        case .fraction(let fraction): fraction.isFinite && (0 ... 1).contains(fraction)
        }
    }
}
