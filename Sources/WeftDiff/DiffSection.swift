/// A section for ``SectionedDiff``: a model that gives the section its
/// identity and content, and the items it holds.
///
/// ```swift
/// let old = [DiffSection(model: "Pinned", items: [post1]),
///            DiffSection(model: "Recent", items: [post2, post3])]
/// let diff = SectionedDiff(from: old, to: new)
/// ```
///
/// The section's identity is the model's ``Diffable/diffIdentifier``; a
/// section update means the model's ``Diffable/isContentEqual(to:)`` returned
/// `false`. Items never affect either.
public struct DiffSection<Model: Diffable, Item: Diffable>: DiffableSection {
    /// What identifies the section and what its header shows.
    public var model: Model
    /// The section's items, in order.
    public var items: [Item]

    /// Creates a section of `items` identified by `model`.
    public init(model: Model, items: [Item]) {
        self.model = model
        self.items = items
    }

    /// The model's identity.
    public var diffIdentifier: Model.DiffIdentifier { model.diffIdentifier }

    /// Returns whether the models show the same content; items are not compared.
    ///
    /// - Parameter other: The section with the same identity in the other snapshot.
    /// - Returns: `model.isContentEqual(to: other.model)`.
    public func isContentEqual(to other: Self) -> Bool {
        model.isContentEqual(to: other.model)
    }
}

extension DiffSection: Equatable where Model: Equatable, Item: Equatable {}
extension DiffSection: Hashable where Model: Hashable, Item: Hashable {}
extension DiffSection: Sendable where Model: Sendable, Item: Sendable {}
