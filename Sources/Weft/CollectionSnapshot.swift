public import WeftDiff

/// The content of a collection at one moment: sections of items, each section
/// and item named by its identity (UIKit's `NSDiffableDataSourceSnapshot`).
///
/// Applying a snapshot diffs it against the one shown, so sections and items are
/// ``WeftDiff/Diffable``: the identity says which item is which, and the content
/// test says whether an item changed (a reload) or only moved.
public struct CollectionSnapshot<Section: Diffable & Hashable & Sendable, Item: Diffable & Hashable & Sendable>: Sendable {
    /// The sections, in order, with their items.
    public private(set) var sections: [DiffSection<Section, Item>] = []

    /// Creates an empty snapshot.
    public init() {}

    /// Creates a snapshot of the given sections and items.
    public init(_ sections: [(Section, [Item])]) {
        self.sections = sections.map { DiffSection(model: $0.0, items: $0.1) }
    }

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The number of items, in all sections.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    public var numberOfItems: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// Appends sections with no items.
    public mutating func appendSections(_ identifiers: [Section]) {
        sections += identifiers.map { DiffSection(model: $0, items: []) }
    }

    /// Appends items to the section `section`, or to the last section if `nil`.
    ///
    /// - Throws: ``SnapshotError/noSuchSection`` if there is no such section.
    public mutating func appendItems(_ items: [Item], toSection section: Section? = nil) throws(SnapshotError) {
        let index: Int?
        if let section {
            index = sections.firstIndex { $0.model.diffIdentifier == section.diffIdentifier }
        } else {
            index = sections.indices.last
        }
        guard let index else { throw .noSuchSection(section.map { "\($0)" } ?? "(last)") }
        sections[index].items += items
    }

    /// The items of the section at `index`.
    public func items(inSection index: Int) -> [Item] { sections[index].items }
}
