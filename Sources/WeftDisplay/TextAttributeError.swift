/// An attribute of text that cannot be applied as given.
public enum TextAttributeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A font feature whose tag is not four printable ASCII characters (no `=`
    /// or `,`), or whose value is outside 0...65,535.
    case invalidFontFeature(tag: String, value: Int)

    public var description: String {
        switch self {
        case .invalidFontFeature(let tag, let value):
            "font feature '\(tag)' = \(value) is not a four-character OpenType tag with a value in 0...65535"
        }
    }
}
