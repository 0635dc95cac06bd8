/// An element that a diff found in both snapshots with changed content.
///
/// `from` is in the old index space and `to` in the new one. An element can be
/// both moved and updated; it then appears in the diff's moves and its updates.
/// UIKit reloads by old index (`reloadItems(at:)`) and refuses to reload and
/// move the same item in one batch, so whoever turns a diff into a batch
/// update must split such a pair, for example into the move and a
/// reconfiguration of `to` once the batch is done.
public struct DiffUpdate<Index: Hashable & Sendable>: Hashable, Sendable, CustomStringConvertible {
    /// Where the element was, in the old index space.
    public let from: Index
    /// Where the element is, in the new index space.
    public let to: Index

    /// Creates an update of the element at `from` (old) that is now at `to` (new).
    public init(from: Index, to: Index) {
        self.from = from
        self.to = to
    }

    public var description: String { "update \(from) -> \(to)" }
}
