public import Foundation

/// The directions content is moving in, as Texture's `ASScrollDirection`.
///
/// "Down" and "right" mean toward larger content offsets, that is toward the end
/// of the content; the leading buffer of each range goes that way.
public struct ScrollDirection: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Toward smaller vertical offsets (the top of the content).
    public static let up = ScrollDirection(rawValue: 1 << 0)
    /// Toward larger vertical offsets (the bottom of the content).
    public static let down = ScrollDirection(rawValue: 1 << 1)
    /// Toward smaller horizontal offsets.
    public static let left = ScrollDirection(rawValue: 1 << 2)
    /// Toward larger horizontal offsets.
    public static let right = ScrollDirection(rawValue: 1 << 3)

    /// The direction of a content-offset velocity along `axis`, or `[]` if the
    /// velocity along it is zero (or NaN).
    ///
    /// - Parameters:
    ///   - velocity: How fast the content offset changes, in points per second;
    ///     positive toward larger offsets.
    ///   - axis: The scrollable axis; the other component is ignored.
    public init(velocity: CGPoint, along axis: ScrollAxis) {
        let speed = axis == .vertical ? velocity.y : velocity.x
        switch axis {
        case .vertical: self = speed > 0 ? .down : speed < 0 ? .up : []
        case .horizontal: self = speed > 0 ? .right : speed < 0 ? .left : []
        }
    }

    /// Whether the direction points toward the start of the content on `axis`
    /// (up or left), where the trailing buffer would otherwise go.
    public func isTowardHead(along axis: ScrollAxis) -> Bool {
        contains(axis == .vertical ? .up : .left)
    }

    public var description: String {
        let names = [(ScrollDirection.up, "up"), (.down, "down"), (.left, "left"), (.right, "right")]
            .compactMap { contains($0.0) ? $0.1 : nil }
        return "[" + names.joined(separator: ", ") + "]"
    }
}
