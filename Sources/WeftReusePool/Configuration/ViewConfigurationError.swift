/// Why a ``ViewConfiguration`` could not be built.
public enum ViewConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Two attributes of the configuration have the same identifier.
    case duplicateAttribute(AttributeIdentifier, viewClass: ViewClassIdentifier)
    /// The attribute's closures take a view type that the view class's views are not.
    case attributeNotApplicable(AttributeIdentifier, viewClass: ViewClassIdentifier)

    public var description: String {
        switch self {
        case let .duplicateAttribute(identifier, viewClass):
            "attribute '\(identifier.name)' appears more than once in a configuration of \(viewClass)"
        case let .attributeNotApplicable(identifier, viewClass):
            "attribute '\(identifier.name)' applies to another view type than \(viewClass)"
        }
    }
}
