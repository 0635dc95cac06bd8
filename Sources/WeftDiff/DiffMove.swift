/// An element that a diff found in both snapshots at places that need a move.
///
/// `from` is in the old index space (before any edit) and `to` in the new one
/// (after every edit), as UIKit's `moveItem(at:to:)` reads them. For a list
/// diff `Index` is `Int`; a ``SectionedDiff`` uses `Int` for sections and
/// `IndexPath` for items.
public struct DiffMove<Index: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// Where the element was, in the old index space.
    public let from: Index
    /// Where the element is, in the new index space.
    public let to: Index

    /// Creates a move from an old index to a new one.
    public init(from: Index, to: Index) {
        self.from = from
        self.to = to
    }

    public var description: String { "move \(from) -> \(to)" }
}
