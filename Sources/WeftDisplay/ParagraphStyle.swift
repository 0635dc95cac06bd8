/// How a text's paragraphs are set: alignment, the space between their lines
/// and between paragraphs, and the first line's indent. UIKit's
/// `NSParagraphStyle`, applied to every paragraph of an ``AttributedText``.
///
/// ```swift
/// var style = ParagraphStyle(alignment: .justified)
/// style.lineHeightMultiple = 1.3
/// style.paragraphSpacing = 8
/// let article = AttributedText(body, paragraphStyle: style)
/// ```
///
/// Lengths are in points, times the node's traits' `TraitCollection/textScale`;
/// one that is not finite is 0, and each is clamped to 0...4,096 points but
/// ``firstLineHeadIndent``, which may be negative (a hanging indent) down to
/// -4,096. Huge spacing lays out; a paragraph taller than contents can be
/// drawn says so (`DisplayNode.displayError`).
public struct ParagraphStyle: Hashable, Sendable {
    /// Where lines sit across the width.
    public var alignment: TextAlignment
    /// Points added between one line's bottom and the next one's top, within a
    /// paragraph (UIKit's `lineSpacing`).
    public var lineSpacing: Double {
        get { spacing.line }
        set { spacing.line = Self.length(newValue) }
    }
    /// Each line's height as a multiple of the font's (UIKit's
    /// `lineHeightMultiple`); 0 (the default) or a value that is not finite and
    /// above zero for the font's own; at most 100.
    public var lineHeightMultiple: Double {
        get { spacing.multiple }
        set { spacing.multiple = newValue.isFinite && newValue > 0 ? min(newValue, 100) : 0 }
    }
    /// Points between a paragraph's last line and the next paragraph (UIKit's
    /// `paragraphSpacing`); none after the last paragraph.
    public var paragraphSpacing: Double {
        get { spacing.after }
        set { spacing.after = Self.length(newValue) }
    }
    /// Points between the previous paragraph and this one's first line
    /// (UIKit's `paragraphSpacingBefore`); none before the first paragraph.
    public var paragraphSpacingBefore: Double {
        get { spacing.before }
        set { spacing.before = Self.length(newValue) }
    }
    /// How far each paragraph's first line is indented from its leading edge,
    /// in points (UIKit's `firstLineHeadIndent`); negative for a hanging
    /// indent, where the lines after the first are indented by its size instead
    /// (as Pango indents).
    public var firstLineHeadIndent: Double {
        get { spacing.indent }
        set { spacing.indent = newValue.isFinite ? min(max(newValue, -Self.largest), Self.largest) : 0 }
    }

    private var spacing = Spacing()

    /// Creates a style with no extra space.
    public init(alignment: TextAlignment = .natural) {
        self.alignment = alignment
    }

    private static let largest = 4_096.0

    /// The lengths behind the clamping setters.
    private struct Spacing: Hashable, Sendable {
        var line = 0.0, multiple = 0.0, after = 0.0, before = 0.0, indent = 0.0
    }

    private static func length(_ length: Double) -> Double {
        length.isFinite ? min(max(length, 0), largest) : 0
    }
}
