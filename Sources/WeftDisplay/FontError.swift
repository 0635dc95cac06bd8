/// A font that text asked for and could not have.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No installed font has the family; Fontconfig's nearest match draws instead.
    case missingFamily(String)
    /// No installed font has glyphs for text in `script` (an ISO 15924 code,
    /// such as `Deva` or `Thai`): it draws as boxes of hex digits. `family` is
    /// the font Fontconfig fell back to; reported once per family and script.
    case missingGlyphs(family: String, script: String)

    public var description: String {
        switch self {
        case .missingGlyphs(let family, let script):
            "no installed font has glyphs for script \(script): '\(family)' draws it as boxes; install a font for it (Debian's fonts-noto-core, fonts-noto-cjk)"
        case .missingFamily(let family):
            "font family '\(family)' is not installed; Fontconfig's nearest match draws it instead"
        }
    }
}
