public import Foundation
public import WeftCore
import WeftDataController
public import WeftNode

/// The content of a ``TableNode`` in rows, as `ASTableDataSource` gives it.
///
/// It refines ``CollectionNodeDataSource``: the item-named requirements are
/// implemented here by calling the row-named ones, so a conforming type
/// implements only these. Set it as the table's ``CollectionNode/dataSource``.
/// Wired to a container that is not a table, it answers no sections.
@MainActor
public protocol TableNodeDataSource: CollectionNodeDataSource {
    /// The number of sections. The default is 1.
    func numberOfSections(in tableNode: TableNode) -> Int

    /// The number of rows in `section`.
    func tableNode(_ tableNode: TableNode, numberOfRowsInSection section: Int) -> Int

    /// A block that makes the row's node; it runs off main, in parallel with others.
    func tableNode(_ tableNode: TableNode, nodeBlockForRowAt indexPath: IndexPath) -> CellNodeBlock

    /// The size range of the row's node. The default is the table's width exactly, any height.
    func tableNode(_ tableNode: TableNode, constrainedSizeForRowAt indexPath: IndexPath) -> SizeRange

    /// The model behind the row's node; a reload whose model is unchanged keeps
    /// the node. The default is `nil`.
    func tableNode(_ tableNode: TableNode, nodeModelForRowAt indexPath: IndexPath) -> (any Hashable & Sendable)?
}

extension TableNodeDataSource {
    public func numberOfSections(in tableNode: TableNode) -> Int { 1 }

    public func tableNode(_ tableNode: TableNode, constrainedSizeForRowAt indexPath: IndexPath) -> SizeRange {
        tableNode.defaultConstrainedSize
    }

    public func tableNode(_ tableNode: TableNode, nodeModelForRowAt indexPath: IndexPath) -> (any Hashable & Sendable)? {
        nil
    }

    public func numberOfSections(in collectionNode: CollectionNode) -> Int {
        guard let table = collectionNode as? TableNode else { return 0 }
        return numberOfSections(in: table)
    }

    public func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        guard let table = collectionNode as? TableNode else { return 0 }
        return tableNode(table, numberOfRowsInSection: section)
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath
    ) -> CellNodeBlock {
        guard let table = collectionNode as? TableNode else { return { CellNode() } }
        return tableNode(table, nodeBlockForRowAt: indexPath)
    }

    public func collectionNode(_ collectionNode: CollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> SizeRange {
        guard let table = collectionNode as? TableNode else { return collectionNode.defaultConstrainedSize }
        return tableNode(table, constrainedSizeForRowAt: indexPath)
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeModelForItemAt indexPath: IndexPath
    ) -> (any Hashable & Sendable)? {
        guard let table = collectionNode as? TableNode else { return nil }
        return tableNode(table, nodeModelForRowAt: indexPath)
    }
}
