public import Foundation

/// A node block returned a node that is a subnode of another node. A cell's
/// node stands alone at the top of its hierarchy (the view hosts it), so it
/// cannot also sit inside another one; the element got an empty
/// `CellNode` instead, and the item shows nothing until it is
/// reloaded with a block that returns a node of its own.
public struct NestedNodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where the element is, in the map of the commit that reported the error;
    /// `nil` if that map no longer holds it.
    public let indexPath: IndexPath?
    /// The element's supplementary kind, or `nil` for an item.
    public let supplementaryKind: String?
    /// The node the returned node was inside, by its description.
    public let supernode: String

    public init(indexPath: IndexPath?, supplementaryKind: String?, supernode: String) {
        self.indexPath = indexPath
        self.supplementaryKind = supplementaryKind
        self.supernode = supernode
    }

    public var description: String {
        let element: String = if let indexPath, indexPath.count == 2 {
            supplementaryKind.map { "the \($0) of section \(indexPath.section)" }
                ?? "item \(indexPath.item) of section \(indexPath.section)"
        } else {
            "an element of an update not yet committed"
        }
        return "The node block for \(element) returned a node inside \(supernode). A cell's node must stand "
            + "alone: return a new node, or remove it from its supernode first. It shows an empty CellNode instead"
    }
}
