public import Foundation

/// A link in a text node's text: the run's ``TextAttributes/link``, where it
/// is in the text and where it shows. Texture passes the same three to its
/// text node's delegate (the attribute's value, the text range and the point).
public struct TextLink: Hashable, Sendable {
    /// The link's value, as the runs set it.
    public let value: String
    /// Where the link is in the node's `attributedText.string`.
    public let range: Range<String.Index>
    /// Where it shows, in the node's coordinates: one rectangle per line it
    /// shows on, and per direction change within a line. Empty when the line
    /// limit cut it off.
    public let rects: [CGRect]
}
