import WeftCore
import WeftNode

/// What a text's layout depends on in its node's traits: the label colour for
/// runs that set none, whether dark variants apply, the text scale and the
/// family of runs that name none. A layout shaped under other traits measures
/// or draws otherwise, so a kept layout must match these.
struct _TextTraits: Equatable, Sendable {
    let label: Color
    let isDark: Bool
    let textScale: Double
    let family: String

    init(_ traits: TraitCollection) {
        label = traits.labelColor
        isDark = traits.userInterfaceStyle == .dark
        textScale = traits.textScale
        family = traits.fontFamily ?? Fonts.defaultFamily
    }

    /// Whether a layout shaped under `other` has this one's lines and size
    /// (colours aside).
    func measuresAlike(_ other: _TextTraits) -> Bool {
        textScale == other.textScale && family == other.family
    }

    /// The colour a run with `attributes` draws in.
    func resolve(_ attributes: TextAttributes) -> Color {
        if isDark, let dark = attributes.darkStyleColor { return dark }
        return attributes.color ?? label
    }
}
