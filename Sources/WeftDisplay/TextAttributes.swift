public import WeftCore

/// How a run of text looks: font family, size, weight and colour.
public struct TextAttributes: Hashable, Sendable {
    /// The font family, as Fontconfig names it; ``Fonts/defaultFamily`` unless set.
    /// A family the machine lacks falls back to Fontconfig's nearest match, and
    /// ``Fonts/diagnostics`` records it once.
    public var fontFamily: String
    /// The font size in points.
    public var fontSize: Double
    /// The font weight.
    public var fontWeight: FontWeight
    /// The text colour.
    public var color: Color

    /// Creates attributes; a size that is not finite and above zero becomes 14.
    public init(fontFamily: String = Fonts.defaultFamily, fontSize: Double = 14,
                fontWeight: FontWeight = .regular, color: Color = .black) {
        self.fontFamily = fontFamily
        self.fontSize = fontSize.isFinite && fontSize > 0 ? fontSize : 14
        self.fontWeight = fontWeight
        self.color = color
    }
}
