/// Where lines sit across a text node's width: UIKit's `NSTextAlignment`, with
/// `leading` and `trailing` as SwiftUI names them.
///
/// `left` and `right` mean the left and right edges in every script. The
/// others follow each paragraph's own direction, decided by its first strong
/// character (Unicode's bidirectional algorithm): an Arabic or Hebrew
/// paragraph leads from the right.
public enum TextAlignment: Hashable, Sendable, CaseIterable {
    /// The left edge, whatever the paragraph's direction.
    case left
    /// The middle of the width.
    case center
    /// The right edge, whatever the paragraph's direction.
    case right
    /// Where the paragraph starts: left for left-to-right text, right for right-to-left.
    case leading
    /// Where the paragraph ends: right for left-to-right text, left for right-to-left.
    case trailing
    /// Lines stretched to both edges by widening their spaces, but for each
    /// paragraph's last line, which sits at its leading edge.
    case justified
    /// The paragraph's direction decides: its leading edge (the default, as
    /// UIKit's `.natural`).
    case natural
}
