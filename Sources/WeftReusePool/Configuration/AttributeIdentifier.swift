/// The name of a view attribute, such as `"backgroundColor"`, interned to a small number.
///
/// Two attributes with the same identifier set the same thing on a view; a
/// configuration may hold each identifier once. Creating an identifier from a string
/// takes a process-wide lock once, so hot code can keep identifiers in static
/// constants; comparing and hashing identifiers then costs no more than an `Int32`'s.
///
/// ```swift
/// extension AttributeIdentifier {
///     static let backgroundColor: AttributeIdentifier = "backgroundColor"
/// }
/// ```
public struct AttributeIdentifier: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The interned number; numbers are assigned in order of first use in the process.
    let rawValue: Int32

    /// Creates the identifier named `name`.
    ///
    /// - Parameter name: Any string; equal strings give equal identifiers.
    /// - Complexity: O(*m*) expected, where *m* is the length of `name`, under a
    ///   process-wide lock.
    public init(_ name: String) {
        rawValue = _Interner.shared.attributeNumber(for: name)
    }

    public init(stringLiteral name: String) {
        self.init(name)
    }

    init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The name the identifier was created from.
    ///
    /// - Complexity: O(1), under a process-wide lock.
    public var name: String { _Interner.shared.attributeName(rawValue) }

    public var description: String { name }
}
