/// What a component wants from its view: a view class and the attributes to set on it.
///
/// A configuration is immutable and `Sendable`, so components can build theirs on any
/// thread. Building one sorts the attributes and interns its ``AttributeShape``; a
/// mount pass then decides reuse by comparing small integers. Reusing one
/// configuration value across passes is cheapest: a view that already carries exactly
/// this configuration needs no attribute comparison at all.
///
/// ```swift
/// let configuration = try ViewConfiguration(ViewClass(LabelView.self), attributes: [
///     ViewAttribute("text", value: title) { (view: LabelView, text) in view.text = text },
/// ])
/// ```
public struct ViewConfiguration: Sendable, Equatable, CustomStringConvertible {
    let storage: _Storage

    /// Creates a configuration.
    ///
    /// - Parameters:
    ///   - viewClass: How to make the view and what identity it has.
    ///   - attributes: The attributes to set, in any order.
    /// - Throws: ``ViewConfigurationError/duplicateAttribute(_:viewClass:)`` if two
    ///   attributes share an identifier;
    ///   ``ViewConfigurationError/attributeNotApplicable(_:viewClass:)`` if an
    ///   attribute's closures take a view type the view class does not make.
    /// - Complexity: O(*a* log *a*), where *a* is the number of attributes, plus one
    ///   lookup under a process-wide lock to intern the shape.
    public init(_ viewClass: ViewClass, attributes: [ViewAttribute] = []) throws(ViewConfigurationError) {
        let sorted = attributes.sorted { $0.identifier.rawValue < $1.identifier.rawValue }
        var persistent: [Int32] = []
        var unappliesWhenPooled = false
        for (index, attribute) in sorted.enumerated() {
            if index > 0, sorted[index - 1].identifier == attribute.identifier {
                throw .duplicateAttribute(attribute.identifier, viewClass: viewClass.identifier)
            }
            if !attribute.storage.accepts(viewClass.viewType) {
                throw .attributeNotApplicable(attribute.identifier, viewClass: viewClass.identifier)
            }
            if !attribute.hasUnapplicator { persistent.append(attribute.identifier.rawValue) }
            if attribute.unappliesWhenPooled { unappliesWhenPooled = true }
        }
        storage = _Storage(viewClass: viewClass, attributes: sorted,
                           shape: AttributeShape(sortedUniqueNumbers: persistent),
                           unappliesWhenPooled: unappliesWhenPooled)
    }

    /// How the view is made, and its identity.
    public var viewClass: ViewClass { storage.viewClass }

    /// The attributes, sorted by identifier (in interning order).
    public var attributes: [ViewAttribute] { storage.attributes }

    /// The identifiers of the attributes without an unapplicator.
    public var shape: AttributeShape { storage.shape }

    /// Returns whether both configurations have the same view class identity and
    /// equivalent attributes.
    ///
    /// - Complexity: O(*a*), where *a* is the number of attributes.
    public static func == (lhs: ViewConfiguration, rhs: ViewConfiguration) -> Bool {
        if lhs.storage === rhs.storage { return true }
        guard lhs.viewClass.identifier == rhs.viewClass.identifier,
              lhs.attributes.count == rhs.attributes.count else { return false }
        return zip(lhs.attributes, rhs.attributes).allSatisfy { $0.isEquivalent(to: $1) }
    }

    public var description: String {
        "\(viewClass)(" + attributes.map(\.description).joined(separator: ", ") + ")"
    }
}
