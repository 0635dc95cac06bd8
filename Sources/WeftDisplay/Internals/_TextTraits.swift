import WeftCore
import WeftNode

/// What a text's colours depend on in its node's traits: the label colour for
/// runs that set none, and whether dark variants apply. A layout shaped under
/// other traits draws other colours, so a kept layout must match these.
struct _TextColors: Equatable, Sendable {
    let label: Color
    let isDark: Bool

    init(_ traits: TraitCollection) {
        label = traits.labelColor
        isDark = traits.userInterfaceStyle == .dark
    }

    /// The colour a run with `attributes` draws in.
    func resolve(_ attributes: TextAttributes) -> Color {
        if isDark, let dark = attributes.darkStyleColor { return dark }
        return attributes.color ?? label
    }
}
