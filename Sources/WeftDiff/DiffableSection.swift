/// A section of a sectioned snapshot: an identity and content of its own
/// (from ``Diffable``), and the items it holds.
///
/// ``SectionedDiff`` pairs sections by identity, reports a section update when
/// the section's own content changed (a header title, say; not its items),
/// and diffs the items of all sections at once, so items can move between
/// sections. ``DiffSection`` is a ready-made conforming type; conform your own
/// section model when it already has an `items` array.
public protocol DiffableSection: Diffable {
    /// The type of the section's items.
    associatedtype Item: Diffable

    /// The section's items, in order.
    ///
    /// ``SectionedDiff/applied(to:)`` sets this on a copy of a section to build
    /// the new snapshot.
    var items: [Item] { get set }
}
