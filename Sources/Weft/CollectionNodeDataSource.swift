public import Foundation
public import WeftCore
import WeftDataController
public import WeftNode

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
    ) -> CellNodeBlock

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

    /// A function that answers the three questions above (the item's node
    /// block, size range and node model) on any thread, or `nil`, the default:
    /// every question is then asked on main.
    ///
    /// Return one to keep a large update or load off main: for an update of
    /// 64 edits or more, or a load of as many items, the collection asks for
    /// the function once, on main, and calls it off main for each new item
    /// while its map is derived there (an eager load of a million items then
    /// costs main no asks at all). Lazy collections, small updates, a
    /// validation mode other than strict, a layout delegate and collections
    /// of more than 4,096 sections ask on main as before.
    ///
    /// The function answers for the content as it was when it was asked for,
    /// so capture a value of it (an array of posts, a snapshot), never the
    /// object that the next update changes: that update can be issued before
    /// the function has been called. Its answers must equal those of the three
    /// questions above for the same content.
    /// ``CollectionDiffableDataSource`` returns one when it was made with a
    /// sendable node block provider.
    ///
    /// ```swift
    /// func sendableItemPartsAsker(for collectionNode: CollectionNode)
    ///     -> (@Sendable (IndexPath) -> (nodeBlock: CellNodeBlock, constrainedSize: SizeRange,
    ///                                     nodeModel: (any Hashable & Sendable)?))? {
    ///     let posts = posts, size = collectionNode.defaultConstrainedSize
    ///     return { indexPath in
    ///         let post = posts[indexPath.item]
    ///         return ({ PostNode(post) }, size, post)
    ///     }
    /// }
    /// ```
    func sendableItemPartsAsker(
        for collectionNode: CollectionNode
    ) -> (@Sendable (IndexPath) -> (
        nodeBlock: CellNodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?
    ))?

    /// The supplementary kinds of `section`, as Texture's
    /// `collectionNode:supplementaryElementKindsInSection:`; each kind has
    /// ``collectionNode(_:numberOfSupplementaryElementsOfKind:inSection:)``
    /// elements. The list and grid layouts place the
    /// ``CollectionNode/elementKindSectionHeader`` elements one after the other
    /// before the section's items and the ``CollectionNode/elementKindSectionFooter``
    /// elements after them. The default is none.
    ///
    /// Asked when the section is loaded, inserted or reloaded, and again, as in
    /// Texture, when items are inserted into, deleted from, moved into or out of,
    /// or reloaded in it, so that a header showing the section's count stays
    /// right; see
    /// ``collectionNode(_:shouldReloadSupplementaryElementsOnItemChangesInSection:)``
    /// to keep a section's supplementary nodes through its item edits.
    func collectionNode(_ collectionNode: CollectionNode, supplementaryElementKindsInSection section: Int) -> [String]

    /// How many elements of `kind` `section` has: they are items `0 ..< count`
    /// of the section in that kind's index space, each with its own node. The
    /// default is 1.
    func collectionNode(
        _ collectionNode: CollectionNode, numberOfSupplementaryElementsOfKind kind: String, inSection section: Int
    ) -> Int

    /// Whether item inserts, deletes, moves and reloads in `section` ask its
    /// supplementary elements again, with new nodes. The default is `true`, as in
    /// Texture. Return `false` when the section's headers and footers do not
    /// depend on its items: its item edits then keep their nodes and cost
    /// O(*k* log *n*) on main for *k* edits, with no supplementary work.
    func collectionNode(
        _ collectionNode: CollectionNode, shouldReloadSupplementaryElementsOnItemChangesInSection section: Int
    ) -> Bool

    /// A block that makes the node of the `kind` element at `indexPath` (an item
    /// below the kind's count, in the kind's own index space of the section); it
    /// runs off main, like an item's. Asked only for kinds that
    /// ``collectionNode(_:supplementaryElementKindsInSection:)`` returned. The
    /// default makes an empty cell node.
    func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CellNodeBlock

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

    public func sendableItemPartsAsker(
        for collectionNode: CollectionNode
    ) -> (@Sendable (IndexPath) -> (
        nodeBlock: CellNodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?
    ))? {
        nil
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, supplementaryElementKindsInSection section: Int
    ) -> [String] {
        []
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, numberOfSupplementaryElementsOfKind kind: String, inSection section: Int
    ) -> Int {
        1
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, shouldReloadSupplementaryElementsOnItemChangesInSection section: Int
    ) -> Bool {
        true
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CellNodeBlock {
        { CellNode() }
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, constrainedSizeForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> SizeRange {
        collectionNode.defaultSupplementaryConstrainedSize
    }
}
