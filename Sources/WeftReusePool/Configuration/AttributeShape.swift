/// The identifiers of the attributes that a view cannot shed: those without an unapplicator.
///
/// A view that was given such an attribute keeps its effect until the same attribute
/// is applied again with another value, so it may only be reused by a component whose
/// configuration sets that attribute too. Two configurations with the same shape can
/// share views; the pools are keyed by shape (see ``ViewKey``). Attributes that have
/// an unapplicator are not part of the shape: a reused view sheds them.
///
/// The shape is order-insensitive (the identifiers are kept sorted) and interned, so
/// comparing two shapes compares two `Int32`s.
public struct AttributeShape: Hashable, Sendable, CustomStringConvertible {
    let rawValue: Int32

    /// The shape of a configuration without persistent attributes.
    public static let empty = AttributeShape(rawValue: 0)

    /// Creates the shape made of `identifiers`, in any order; repeats count once.
    ///
    /// - Parameter identifiers: The identifiers of attributes without an unapplicator.
    /// - Complexity: O(*s* log *s*), where *s* is the number of identifiers, plus
    ///   one lookup under a process-wide lock.
    public init(_ identifiers: some Sequence<AttributeIdentifier>) {
        var numbers = identifiers.map(\.rawValue)
        numbers.sort()
        var unique: [Int32] = []
        unique.reserveCapacity(numbers.count)
        for number in numbers where unique.last != number { unique.append(number) }
        self.init(sortedUniqueNumbers: unique)
    }

    init(sortedUniqueNumbers: [Int32]) {
        rawValue = _Interner.shared.shapeNumber(for: sortedUniqueNumbers)
    }

    init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// The identifiers in the shape, in interning order.
    ///
    /// - Complexity: O(*s*), where *s* is the number of identifiers.
    public var identifiers: [AttributeIdentifier] {
        _Interner.shared.shapeMembers(rawValue).map(AttributeIdentifier.init(rawValue:))
    }

    public var description: String {
        "[" + identifiers.map(\.name).joined(separator: ", ") + "]"
    }
}
