public import Foundation

/// A node block returned a node that another element of the same map still
/// holds. One node cannot show two items, so the element got an empty
/// `CellNode` instead; the item shows nothing until it is reloaded
/// with a block that returns a node of its own.
///
/// A block may return a new node, or the node of an element its update removes
/// (a reload that hands the new element the old item's node); only a node that
/// stays with another element is refused.
public struct SharedNodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the element whose block returned the node is, in the map of the
    /// commit that reported the error; `nil` if that map no longer holds it.
    public let indexPath: IndexPath?
    /// The element's supplementary kind, or `nil` for an item.
    public let supplementaryKind: String?
    /// Where the element that holds the node is, in the same map; `nil` if that
    /// map does not hold it (an element of an update not yet committed).
    public let holderIndexPath: IndexPath?
    /// The holder's supplementary kind, or `nil` for an item.
    public let holderSupplementaryKind: String?
    /// Whether the holder belongs to this collection (if not in the committed
    /// map, then in an update not yet committed); `false` when another
    /// collection's element holds the node.
    public let holderIsInThisCollection: Bool

    public init(indexPath: IndexPath?, supplementaryKind: String?,
                holderIndexPath: IndexPath?, holderSupplementaryKind: String?,
                holderIsInThisCollection: Bool = true) {
        self.indexPath = indexPath
        self.supplementaryKind = supplementaryKind
        self.holderIndexPath = holderIndexPath
        self.holderSupplementaryKind = holderSupplementaryKind
        self.holderIsInThisCollection = holderIsInThisCollection
    }

    public var description: String {
        "The node block for \(Self.describe(indexPath, kind: supplementaryKind)) returned the node that "
            + "\(holderIsInThisCollection ? Self.describe(holderIndexPath, kind: holderSupplementaryKind) : "an element of another collection") already holds. Each element needs "
            + "a node of its own: a new node, or the node of an item the same update removes. "
            + "It shows an empty CellNode instead"
    }

    private static func describe(_ path: IndexPath?, kind: String?) -> String {
        guard let path, path.count == 2 else { return "an element of an update not yet committed" }
        return kind.map { "the \($0) of section \(path.section)" } ?? "item \(path.item) of section \(path.section)"
    }
}
