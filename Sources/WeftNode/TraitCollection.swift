public import WeftCore

/// What a node's environment is: the display's scale, the light or dark style
/// and the contrast the desktop asks for. Texture's `ASPrimitiveTraitCollection`
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

    /// Creates a trait collection; a scale that is not finite and above zero is 1.
    public init(displayScale: Double = 1, userInterfaceStyle: UserInterfaceStyle = .light,
                accessibilityContrast: AccessibilityContrast = .normal) {
        self.displayScale = displayScale.isFinite && displayScale > 0 ? displayScale : 1
        self.userInterfaceStyle = userInterfaceStyle
        self.accessibilityContrast = accessibilityContrast
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
        "TraitCollection(scale \(displayScale), \(userInterfaceStyle), \(accessibilityContrast) contrast)"
    }
}
