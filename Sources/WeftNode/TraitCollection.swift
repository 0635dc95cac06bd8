public import WeftCore

/// What a node's environment is: the display's scale, the light or dark style,
/// the contrast, and the text size and font the desktop asks for. Texture's `ASPrimitiveTraitCollection`
/// (UIKit's `UITraitCollection`), which a container hands its cells and they
/// their subnodes: a host view sets its container's
/// (`CollectionNode.traitCollection`; WeftGTK's view from the widget's scale
/// factor and GTK's settings), and each node reads it while it draws
/// (``DisplayNode/traitCollection``) and hears of changes
/// (``DisplayNode/traitCollectionDidChange(_:)``).
public struct TraitCollection: Hashable, Sendable, CustomStringConvertible {
    /// Light or dark: UIKit's `UIUserInterfaceStyle`.
    public enum UserInterfaceStyle: Hashable, Sendable {
        case light, dark
    }

    /// Normal or high contrast: UIKit's `UIAccessibilityContrast`.
    public enum AccessibilityContrast: Hashable, Sendable {
        case normal, high
    }

    /// Pixels per point of the display: the scale contents are drawn at,
    /// unless a node sets its own `contentsScale`. Always finite and above zero.
    public var displayScale: Double {
        didSet { if !(displayScale.isFinite && displayScale > 0) { displayScale = oldValue } }
    }
    /// Whether the desktop shows light or dark content.
    public var userInterfaceStyle: UserInterfaceStyle
    /// Whether the desktop asks for high contrast.
    public var accessibilityContrast: AccessibilityContrast
    /// How much larger than asked the desktop wants text: 1 by default, 1.25
    /// under GNOME's "large text" (GTK's `gtk-xft-dpi` over 96 dpi). Text
    /// nodes shape every run at its size times this, as GTK's labels follow
    /// the setting, so a change measures the cells again. Always finite and in
    /// 0.25...8; another value is clamped.
    public var textScale: Double {
        didSet { textScale = Self.usableTextScale(textScale) }
    }
    /// The family of text that names none (`TextAttributes.fontFamily` nil):
    /// the desktop's interface font (GTK's `gtk-font-name`); `nil` for
    /// `Fonts.defaultFamily`, the same on every machine.
    public var fontFamily: String?

    /// Creates a trait collection; a scale that is not finite and above zero is
    /// 1, a text scale is clamped to 0.25...8 (1 when not finite).
    public init(displayScale: Double = 1, userInterfaceStyle: UserInterfaceStyle = .light,
                accessibilityContrast: AccessibilityContrast = .normal, textScale: Double = 1,
                fontFamily: String? = nil) {
        self.displayScale = displayScale.isFinite && displayScale > 0 ? displayScale : 1
        self.userInterfaceStyle = userInterfaceStyle
        self.accessibilityContrast = accessibilityContrast
        self.textScale = Self.usableTextScale(textScale)
        self.fontFamily = fontFamily
    }

    private static func usableTextScale(_ scale: Double) -> Double {
        scale.isFinite ? min(max(scale, 0.25), 8) : 1
    }

    /// Whether text measures differently under `other`: its text scale or font differs.
    public func changesTextLayout(from other: TraitCollection) -> Bool {
        textScale != other.textScale || fontFamily != other.fontFamily
    }

    /// The colour of text that sets none, as UIKit's `UIColor.label` resolves:
    /// black on light, near white on dark, full white or black at high contrast.
    public var labelColor: Color {
        switch (userInterfaceStyle, accessibilityContrast) {
        case (.light, _): .black
        case (.dark, .normal): Color(white: 0.92)
        case (.dark, .high): .white
        }
    }

    public var description: String {
        "TraitCollection(scale \(displayScale), \(userInterfaceStyle), \(accessibilityContrast) contrast, "
            + "text \(textScale)x in \(fontFamily ?? "the default family"))"
    }
}
