public import Foundation
public import WeftCore
import WeftNode

/// What a data controller asks about the collection's content. Every call comes
/// on main, during step 1 of an update, and only about elements that are new.
///
/// Index paths are in the data source's index space: the state after every
/// update issued so far, which the view may not show yet.
@MainActor
public protocol DataControllerDataSource: AnyObject {
    /// The number of sections.
    func numberOfSections(in dataController: DataController) -> Int

    /// The number of items in `section`.
    func dataController(_ dataController: DataController, numberOfItemsInSection section: Int) -> Int

    /// A block that makes the node of the item at `indexPath`. The block runs
    /// off main, possibly in parallel with other blocks, so it must capture only
    /// what it may read on any thread.
    func dataController(
        _ dataController: DataController, nodeBlockForItemAt indexPath: IndexPath
    ) -> CollectionElement.NodeBlock

    /// The size range the item's node is measured in.
    ///
    /// The default is the viewport's width exactly and any height: a vertical list.
    func dataController(_ dataController: DataController, constrainedSizeForItemAt indexPath: IndexPath) -> SizeRange

    /// The model the item's node shows. When a reloaded item's new model equals
    /// the old one, the item keeps its element and node. The default is `nil`:
    /// every reload makes a new node, as in Texture without node models.
    func dataController(
        _ dataController: DataController, nodeModelForItemAt indexPath: IndexPath
    ) -> (any Hashable & Sendable)?

    /// The supplementary kinds (``ElementKind/sectionHeader``, ``ElementKind/sectionFooter``) of `section`: one
    /// element of each kind per section, at item 0. The default is none.
    func dataController(_ dataController: DataController, supplementaryKindsInSection section: Int) -> [String]

    /// A block that makes the node of the `kind` element of `section`. Called
    /// only for kinds that ``dataController(_:supplementaryKindsInSection:)``
    /// returned. The default makes an empty `CellNode`.
    func dataController(
        _ dataController: DataController, nodeBlockForSupplementaryElementOfKind kind: String, inSection section: Int
    ) -> CollectionElement.NodeBlock

    /// The size range of the `kind` element of `section`; the default is the
    /// same as for items.
    func dataController(
        _ dataController: DataController, constrainedSizeForSupplementaryElementOfKind kind: String,
        inSection section: Int
    ) -> SizeRange
}

extension DataControllerDataSource {
    public func dataController(_ dataController: DataController, constrainedSizeForItemAt indexPath: IndexPath) -> SizeRange {
        dataController.defaultConstrainedSize
    }

    public func dataController(
        _ dataController: DataController, nodeModelForItemAt indexPath: IndexPath
    ) -> (any Hashable & Sendable)? {
        nil
    }

    public func dataController(_ dataController: DataController, supplementaryKindsInSection section: Int) -> [String] {
        []
    }

    public func dataController(
        _ dataController: DataController, nodeBlockForSupplementaryElementOfKind kind: String, inSection section: Int
    ) -> CollectionElement.NodeBlock {
        { CellNode() }
    }

    public func dataController(
        _ dataController: DataController, constrainedSizeForSupplementaryElementOfKind kind: String,
        inSection section: Int
    ) -> SizeRange {
        dataController.defaultConstrainedSize
    }
}
