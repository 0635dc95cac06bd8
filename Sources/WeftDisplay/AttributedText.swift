/// Text with attributes per run, and a style for its paragraphs: what a
/// ``TextNode`` shows.
///
/// ```swift
/// let title = AttributedText("Ada", attributes: TextAttributes(fontWeight: .bold))
///     + AttributedText(" · 2 h", attributes: TextAttributes(color: Color(white: 0.5)))
/// ```
public struct AttributedText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// A stretch of text with one set of attributes.
    public struct Run: Hashable, Sendable {
        /// The run's text.
        public var string: String
        /// How the run looks.
        public var attributes: TextAttributes

        /// Creates a run.
        public init(_ string: String, attributes: TextAttributes = TextAttributes()) {
            self.string = string
            self.attributes = attributes
        }
    }

    /// The runs, in order.
    public var runs: [Run]
    /// How every paragraph is set: alignment, spacing, indent.
    public var paragraphStyle: ParagraphStyle

    /// Where the lines sit across the node's width: the paragraph style's.
    public var alignment: TextAlignment {
        get { paragraphStyle.alignment }
        set { paragraphStyle.alignment = newValue }
    }

    /// Creates text of one run.
    public init(_ string: String, attributes: TextAttributes = TextAttributes(), alignment: TextAlignment = .natural) {
        self.init(string, attributes: attributes, paragraphStyle: ParagraphStyle(alignment: alignment))
    }

    /// Creates text of one run with a paragraph style.
    public init(_ string: String, attributes: TextAttributes = TextAttributes(), paragraphStyle: ParagraphStyle) {
        runs = [Run(string, attributes: attributes)]
        self.paragraphStyle = paragraphStyle
    }

    /// Creates text of several runs.
    public init(runs: [Run], alignment: TextAlignment = .natural) {
        self.init(runs: runs, paragraphStyle: ParagraphStyle(alignment: alignment))
    }

    /// Creates text of several runs with a paragraph style.
    public init(runs: [Run], paragraphStyle: ParagraphStyle) {
        self.runs = runs
        self.paragraphStyle = paragraphStyle
    }

    /// Creates text of one run with the default attributes.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The runs of `lhs` then those of `rhs`, with `lhs`'s paragraph style.
    public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
        AttributedText(runs: lhs.runs + rhs.runs, paragraphStyle: lhs.paragraphStyle)
    }

    /// The text without attributes.
    public var string: String { runs.count == 1 ? runs[0].string : runs.map(\.string).joined() }

    /// Whether there is no text.
    public var isEmpty: Bool { runs.allSatisfy(\.string.isEmpty) }

    public var description: String { string }
}
