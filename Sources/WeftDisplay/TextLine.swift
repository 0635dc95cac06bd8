public import Foundation

/// One line of a text node's laid-out text: where it shows and what it holds.
/// What TextKit's line fragments tell; Texture's text node exposes the same
/// through its line count and rects.
public struct TextLine: Hashable, Sendable {
    /// The line's logical rectangle in the node's coordinates: its full
    /// height (ascent and descent, with line spacing), from where its text
    /// starts to where it ends.
    public let frame: CGRect
    /// The baseline's distance from the node's top, in points.
    public let baseline: Double
    /// The part of the node's `attributedText.string` the line stands for: a
    /// line ending in the truncation token holds the text before it (the token
    /// is not in the text), one Pango ellipsized holds its hidden text too.
    public let range: Range<String.Index>
    /// Whether the line ends in the truncation token or Pango's "…".
    public let isTruncated: Bool
}
