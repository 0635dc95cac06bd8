public import Foundation
public import WeftCore
public import WeftDataController

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

    /// The size range of the item's node. The default fills the viewport across
    /// the scroll axis: the viewport's width for a vertical list.
    func collectionNode(_ collectionNode: CollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> SizeRange

    /// The model behind the item's node; a reload whose model is unchanged keeps
    /// the node. The default is `nil`.
    func collectionNode(
        _ collectionNode: CollectionNode, nodeModelForItemAt indexPath: IndexPath
    ) -> (any Hashable & Sendable)?
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
}
