public import Foundation

/// How far a range reaches beyond the viewport, in screenfuls (multiples of the
/// viewport's length along the scroll axis), as Texture's `ASRangeTuningParameters`.
///
/// The leading buffer lies ahead of the viewport in the scroll direction, the
/// trailing buffer behind it. `(0, 0)` is the viewport itself.
public struct RangeTuningParameters: Hashable, Sendable, CustomStringConvertible {
    /// Screenfuls ahead of the viewport, in the scroll direction.
    public let leadingBufferScreenfuls: CGFloat
    /// Screenfuls behind the viewport.
    public let trailingBufferScreenfuls: CGFloat

    /// Creates tuning parameters.
    ///
    /// - Parameters:
    ///   - leadingBufferScreenfuls: Screenfuls ahead; finite and not negative.
    ///   - trailingBufferScreenfuls: Screenfuls behind; finite and not negative.
    /// - Throws: ``RangeError/invalidParameter(name:value:)`` naming the first
    ///   value that is negative, NaN or infinite.
    public init(leadingBufferScreenfuls: CGFloat, trailingBufferScreenfuls: CGFloat) throws(RangeError) {
        try RangeError.checkNonNegativeFinite(leadingBufferScreenfuls, name: "leadingBufferScreenfuls")
        try RangeError.checkNonNegativeFinite(trailingBufferScreenfuls, name: "trailingBufferScreenfuls")
        self.init(unchecked: leadingBufferScreenfuls, trailingBufferScreenfuls)
    }

    init(unchecked leading: CGFloat, _ trailing: CGFloat) {
        leadingBufferScreenfuls = leading
        trailingBufferScreenfuls = trailing
    }

    /// No buffer: the range is the viewport.
    public static let zero = RangeTuningParameters(unchecked: 0, 0)

    /// Texture's default for a range type in a mode
    /// (`ASAbstractLayoutController`'s defaults):
    ///
    /// | Mode | Display (leading, trailing) | Preload (leading, trailing) | Measure (leading, trailing) |
    /// |---|---|---|---|
    /// | full | 1, 0.5 | 2.5, 1.5 | 4, 2 |
    /// | minimum | 0.25, 0.25 | 0.5, 0.25 | 1, 0.5 |
    /// | visibleOnly | 0, 0 | 0, 0 | 0, 0 |
    /// | lowMemory | 0, 0 (and the display range is empty) | 0, 0 | 0, 0 |
    ///
    /// - Parameters:
    ///   - rangeType: The range.
    ///   - mode: The mode.
    /// - Returns: The default parameters.
    public static func defaults(for rangeType: RangeType, mode: RangeMode) -> RangeTuningParameters {
        switch (mode, rangeType) {
        case (.full, .display): RangeTuningParameters(unchecked: 1, 0.5)
        case (.full, .preload): RangeTuningParameters(unchecked: 2.5, 1.5)
        case (.minimum, .display): RangeTuningParameters(unchecked: 0.25, 0.25)
        case (.minimum, .preload): RangeTuningParameters(unchecked: 0.5, 0.25)
        // A screen and a half beyond preload ahead: at two screens a second the
        // pipeline has most of a second to make and measure a node before its
        // item preloads.
        case (.full, .measure): RangeTuningParameters(unchecked: 4, 2)
        case (.minimum, .measure): RangeTuningParameters(unchecked: 1, 0.5)
        case (.visibleOnly, _), (.lowMemory, _): .zero
        }
    }

    public var description: String {
        "RangeTuningParameters(leading: \(leadingBufferScreenfuls), trailing: \(trailingBufferScreenfuls))"
    }
}
