public import WeftCore

/// How a run of text looks: font family, size, weight and colour.
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

    /// The largest font size text is shaped at, in points. Beyond it FreeType
    /// cannot make the font at common scales, and its failure would poison the
    /// font face that every other text of the family shares (Cairo keeps a
    /// face's error for good): a larger size is measured at this one and its
    /// node draws nothing, with a `DrawingError`.
    public static let maximumFontSize: Double = 4_096

    /// Creates attributes; a size that is not finite and above zero becomes 14.
    public init(fontFamily: String? = nil, fontSize: Double = 14,
                fontWeight: FontWeight = .regular, color: Color? = nil, darkStyleColor: Color? = nil) {
        self.fontFamily = fontFamily
        size = Self.usable(fontSize)
        self.fontWeight = fontWeight
        self.color = color
        self.darkStyleColor = darkStyleColor
    }

    private static func usable(_ size: Double) -> Double { size.isFinite && size > 0 ? size : 14 }
}
