public import WeftCore

/// How a run of text looks: its font (family, size, weight, slant, OpenType
/// features), colours, lines drawn with it, spacing between its letters and
/// where its baseline sits. UIKit's attributed-string keys, as Pango applies them.
///
/// ```swift
/// var quote = TextAttributes(fontStyle: .italic, color: Color(white: 0.4))
/// quote.underline = .single
/// quote.letterSpacing = 0.5
/// ```
///
/// Lengths are in points, times the node's traits' `TraitCollection/textScale`
/// like the font size. A length that is not finite is 0; any length is clamped
/// to ±``maximumFontSize``.
public struct TextAttributes: Hashable, Sendable {
    /// The font family, as Fontconfig names it; `nil` (the default) for the
    /// node's traits' (`TraitCollection/fontFamily`: the desktop's interface
    /// font in a GTK window), or ``Fonts/defaultFamily`` where they name none.
    /// A family the machine lacks falls back to Fontconfig's nearest match, and
    /// ``Fonts/diagnostics`` records it once.
    public var fontFamily: String?
    /// The font size in points, times the node's traits'
    /// `TraitCollection/textScale` when shaped; a size that is not finite and above zero becomes
    /// 14, whether given to the initializer or set later. Text is shaped and
    /// drawn at most at ``maximumFontSize``; a larger size draws nothing and says
    /// so (`DisplayNode.displayError`).
    public var fontSize: Double {
        get { size }
        set { size = Self.usable(newValue) }
    }
    private var size: Double
    /// The font weight.
    public var fontWeight: FontWeight
    /// The text colour; `nil` (the default) for the label colour of the node's
    /// traits (`TraitCollection/labelColor`: black on light, near white on
    /// dark), which follows the desktop's style.
    public var color: Color?
    /// The text colour in a dark style (`TraitCollection/userInterfaceStyle`),
    /// as a UIKit dynamic colour's dark variant; `nil` (the default) for
    /// ``color``'s in both.
    public var darkStyleColor: Color?
    /// Upright, italic or oblique.
    public var fontStyle: FontStyle
    /// What the run links to, as the app names it (a URL, an identifier);
    /// `nil` (the default) for no link. A press on a linked run goes to the
    /// text node's ``TextNode/delegate`` (``TextNodeDelegate``) instead of the
    /// cell, and adjacent runs with the same link are one link. Links take no
    /// look of their own: give them a colour or an underline.
    public var link: String?
    /// OpenType features for the run's font, in order (a later setting of a
    /// tag wins); none by default.
    public var fontFeatures: [FontFeature] = []
    /// Lines under the run.
    public var underline: UnderlineStyle = .none
    /// The underline's colour; `nil` for the text's.
    public var underlineColor: Color?
    /// Whether a line runs through the middle of the text.
    public var isStruckThrough = false
    /// The strikethrough's colour; `nil` for the text's.
    public var strikethroughColor: Color?
    /// A colour filled behind the run's glyphs, line by line; `nil` (the
    /// default) for none.
    public var backgroundColor: Color?
    /// Space added after each character, in points (UIKit's kern); negative
    /// tightens.
    public var letterSpacing: Double {
        get { spacing }
        set { spacing = Self.length(newValue) }
    }
    private var spacing = 0.0
    /// How far the baseline is raised, in points; negative lowers it (a
    /// subscript). The line grows to hold the raised glyphs.
    public var baselineOffset: Double {
        get { rise }
        set { rise = Self.length(newValue) }
    }
    private var rise = 0.0

    /// The largest font size text is shaped at, in points. Beyond it FreeType
    /// cannot make the font at common scales, and its failure would poison the
    /// font face that every other text of the family shares (Cairo keeps a
    /// face's error for good): a larger size is measured at this one and its
    /// node draws nothing, with a `DrawingError`.
    public static let maximumFontSize: Double = 4_096

    /// Creates attributes; a size that is not finite and above zero becomes 14.
    public init(fontFamily: String? = nil, fontSize: Double = 14,
                fontWeight: FontWeight = .regular, fontStyle: FontStyle = .normal, color: Color? = nil,
                darkStyleColor: Color? = nil) {
        self.fontFamily = fontFamily
        size = Self.usable(fontSize)
        self.fontWeight = fontWeight
        self.fontStyle = fontStyle
        self.color = color
        self.darkStyleColor = darkStyleColor
    }

    private static func usable(_ size: Double) -> Double { size.isFinite && size > 0 ? size : 14 }

    private static func length(_ length: Double) -> Double {
        length.isFinite ? min(max(length, -maximumFontSize), maximumFontSize) : 0
    }
}
