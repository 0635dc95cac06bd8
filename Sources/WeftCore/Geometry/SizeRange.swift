public import Foundation

/// The sizes a node may take: at least ``min`` and at most ``max`` in each dimension.
///
/// This is Texture's `ASSizeRange`. A width or height of `.infinity` in ``max``
/// leaves that dimension unconstrained.
public struct SizeRange: Hashable, Sendable, CustomStringConvertible {
    /// The smallest allowed size; finite and not negative.
    public let min: CGSize
    /// The largest allowed size; at least ``min``, possibly infinite.
    public let max: CGSize

    /// The longest a node may measure in either dimension, in points: 10^9, a
    /// thousand times a screen-sized feed of a million rows. ``clamp(_:)`` keeps
    /// every size within it, so that lengths summed over any number of items stay
    /// finite: a node that measures `.greatestFiniteMagnitude` would otherwise
    /// make the next offset infinite and a content size NaN.
    public static let maximumLength: CGFloat = 1e9

    /// Creates a range, checking that it is well formed.
    ///
    /// - Throws: ``GeometryError`` if a dimension is NaN, negative, an infinite
    ///   minimum, a minimum beyond ``maximumLength``, or a minimum above its maximum.
    public init(min: CGSize, max: CGSize) throws(GeometryError) {
        for (name, value) in [("min.width", min.width), ("min.height", min.height),
                              ("max.width", max.width), ("max.height", max.height)] {
            if value.isNaN { throw .notANumber(name) }
            if value < 0 { throw .negative(name, Double(value)) }
        }
        if !min.width.isFinite { throw .infiniteMinimum("min.width") }
        if !min.height.isFinite { throw .infiniteMinimum("min.height") }
        if min.width > Self.maximumLength {
            throw .minimumBeyondLimit("min.width", Double(min.width), limit: Double(Self.maximumLength))
        }
        if min.height > Self.maximumLength {
            throw .minimumBeyondLimit("min.height", Double(min.height), limit: Double(Self.maximumLength))
        }
        if min.width > max.width {
            throw .minimumAboveMaximum("width", min: Double(min.width), max: Double(max.width))
        }
        if min.height > max.height {
            throw .minimumAboveMaximum("height", min: Double(min.height), max: Double(max.height))
        }
        self.min = min
        self.max = max
    }

    /// Creates a range that allows exactly one size.
    ///
    /// - Throws: ``GeometryError`` if `size` is NaN, negative, infinite or beyond
    ///   ``maximumLength``.
    public init(exactly size: CGSize) throws(GeometryError) {
        try self.init(min: size, max: size)
    }

    /// A range from zero to infinity in both dimensions.
    public static let unconstrained = SizeRange(
        uncheckedMin: .zero, max: CGSize(width: CGFloat.infinity, height: .infinity))

    @usableFromInline
    init(uncheckedMin min: CGSize, max: CGSize) {
        self.min = min
        self.max = max
    }

    /// A valid range from any bounds: NaN and negative values become 0 (an infinite
    /// or NaN maximum becomes infinite), a minimum beyond ``maximumLength`` becomes
    /// it, and a minimum above its maximum becomes the maximum.
    /// For computed ranges, such as a layout spec's, which must never trap.
    ///
    /// - Complexity: O(1).
    @inlinable
    package init(sanitizingMin min: CGSize, max: CGSize) {
        func low(_ value: CGFloat) -> CGFloat { value.isFinite && value > 0 ? Swift.min(value, SizeRange.maximumLength) : 0 }
        func high(_ value: CGFloat) -> CGFloat { value.isNaN ? .infinity : Swift.max(value, 0) }
        let maxSize = CGSize(width: high(max.width), height: high(max.height))
        self.init(uncheckedMin: CGSize(width: Swift.min(low(min.width), maxSize.width),
                                       height: Swift.min(low(min.height), maxSize.height)),
                  max: maxSize)
    }

    /// Returns `size` moved into the range, one dimension at a time.
    ///
    /// The result is always finite and at most ``maximumLength``: a NaN dimension
    /// becomes the minimum, and so does an infinite one the range does not bound (a
    /// node that measures an infinite height in an unbounded column would otherwise
    /// push every later item to infinity); a finite one beyond the limit becomes
    /// the limit.
    @inlinable
    public func clamp(_ size: CGSize) -> CGSize {
        func clamp(_ value: CGFloat, _ low: CGFloat, _ high: CGFloat) -> CGFloat {
            let clamped = Swift.min(Swift.max(value, low), high)
            return clamped.isFinite ? Swift.min(clamped, Swift.max(low, Self.maximumLength)) : low
        }
        return CGSize(width: clamp(size.width, min.width, max.width),
                      height: clamp(size.height, min.height, max.height))
    }

    public var description: String {
        "SizeRange(min: \(min.width)x\(min.height), max: \(max.width)x\(max.height))"
    }
}
