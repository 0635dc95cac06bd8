/// A font that text asked for and could not have.
public enum FontError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No installed font has the family; Fontconfig's nearest match draws instead.
    case missingFamily(String)

    public var description: String {
        switch self {
        case .missingFamily(let family):
            "font family '\(family)' is not installed; Fontconfig's nearest match draws it instead"
        }
    }
}
