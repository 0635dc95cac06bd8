public import Foundation
public import WeftCore
public import WeftDataController
import WeftNode

/// The content of a ``CollectionNode``, as `ASCollectionDataSource` gives it:
/// asked on main, only about new items, in the data source's index space.
@MainActor
public protocol CollectionNodeDataSource: AnyObject {
    /// The number of sections. The default is 1.
    func numberOfSections(in collectionNode: CollectionNode) -> Int

    /// The number of items in `section`.
    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int

    /// A block that makes the item's node; it runs off main, in parallel with others.
    func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath
    ) -> CollectionElement.NodeBlock

    /// The size range of the item's node. The default is
    /// ``CollectionNode/defaultConstrainedSize``: the layout's item size where it
    /// gives every item one (a grid's cell, a pager's page), else the viewport
    /// across the scroll axis (the viewport's width for a vertical list).
    func collectionNode(_ collectionNode: CollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> SizeRange

    /// The model behind the item's node; a reload whose model is unchanged keeps
    /// the node. The default is `nil`.
    func collectionNode(
        _ collectionNode: CollectionNode, nodeModelForItemAt indexPath: IndexPath
    ) -> (any Hashable & Sendable)?

    /// The supplementary kinds of `section`, as Texture's
    /// `collectionNode:supplementaryElementKindsInSection:`: one element of each
    /// kind per section. The list and grid layouts place
    /// ``CollectionNode/elementKindSectionHeader`` before the section's items and
    /// ``CollectionNode/elementKindSectionFooter`` after them. The default is none.
    ///
    /// Asked when the section is loaded, inserted or reloaded; item edits leave a
    /// section's supplementary nodes as they are (see ``CollectionNode``).
    func collectionNode(_ collectionNode: CollectionNode, supplementaryElementKindsInSection section: Int) -> [String]

    /// A block that makes the node of the `kind` element at `indexPath` (item 0 of
    /// its section); it runs off main, like an item's. Asked only for kinds that
    /// ``collectionNode(_:supplementaryElementKindsInSection:)`` returned. The
    /// default makes an empty cell node.
    func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionElement.NodeBlock

    /// The size range of the `kind` element at `indexPath`; the default is the
    /// same as an item's.
    func collectionNode(
        _ collectionNode: CollectionNode, constrainedSizeForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> SizeRange
}

extension CollectionNodeDataSource {
    public func numberOfSections(in collectionNode: CollectionNode) -> Int { 1 }

    public func collectionNode(_ collectionNode: CollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> SizeRange {
        collectionNode.defaultConstrainedSize
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeModelForItemAt indexPath: IndexPath
    ) -> (any Hashable & Sendable)? {
        nil
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, supplementaryElementKindsInSection section: Int
    ) -> [String] {
        []
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionElement.NodeBlock {
        { CellNode() }
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, constrainedSizeForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> SizeRange {
        collectionNode.defaultSupplementaryConstrainedSize
    }
}
