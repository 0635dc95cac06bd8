/// Text with attributes per run, and an alignment for its paragraphs: what a
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
    /// Where the lines sit across the node's width.
    public var alignment: TextAlignment

    /// Creates text of one run.
    public init(_ string: String, attributes: TextAttributes = TextAttributes(), alignment: TextAlignment = .left) {
        runs = [Run(string, attributes: attributes)]
        self.alignment = alignment
    }

    /// Creates text of several runs.
    public init(runs: [Run], alignment: TextAlignment = .left) {
        self.runs = runs
        self.alignment = alignment
    }

    /// Creates text of one run with the default attributes.
    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The runs of `lhs` then those of `rhs`, with `lhs`'s alignment.
    public static func + (lhs: AttributedText, rhs: AttributedText) -> AttributedText {
        AttributedText(runs: lhs.runs + rhs.runs, alignment: lhs.alignment)
    }

    /// The text without attributes.
    public var string: String { runs.map(\.string).joined() }

    /// Whether there is no text.
    public var isEmpty: Bool { runs.allSatisfy(\.string.isEmpty) }

    public var description: String { string }
}
