public import Foundation
public import WeftCore
import WeftNode

/// What a data controller asks about the collection's content. Every call comes
/// on main, during step 1 of an update, and only about elements that are new,
/// except one: the function a data source may return from
/// ``sendableElementPartsAsker(for:)``, which the data controller calls off
/// main, on its map queue, to make the elements of a large update or load.
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

    /// The node block, size range and node model of the item at `indexPath`,
    /// asked together when the data controller makes the item's element.
    ///
    /// The default asks ``dataController(_:nodeBlockForItemAt:)``,
    /// ``dataController(_:constrainedSizeForItemAt:)`` and
    /// ``dataController(_:nodeModelForItemAt:)``, in that order. Implement it
    /// when the three answers share a step, such as reaching the app's data
    /// source through a weak reference, as a container does: an eager load asks
    /// it of every item, on main.
    func dataController(
        _ dataController: DataController, elementPartsForItemAt indexPath: IndexPath
    ) -> (nodeBlock: CollectionElement.NodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?)

    /// A function that answers ``dataController(_:elementPartsForItemAt:)``
    /// for the items of one batch: the data controller asks for it once per
    /// batch or load, calls it for each item it makes an element for, in the
    /// same turn on main, and drops it.
    ///
    /// The default calls ``dataController(_:elementPartsForItemAt:)``.
    /// Implement it when every item's answers start with the same step, such
    /// as loading weak references to the app's data source, as a container
    /// does: the function takes the step once, where an eager load of a
    /// million items took it a million times.
    ///
    /// For an update that derives its map off main (see
    /// ``sendableElementPartsAsker(for:)``), main calls it for every new item
    /// in step 1, still on main, and the map queue makes the elements from
    /// its answers.
    func elementPartsAsker(
        for dataController: DataController
    ) -> (IndexPath) -> (nodeBlock: CollectionElement.NodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?)

    /// A function that answers ``dataController(_:elementPartsForItemAt:)``
    /// on any thread, or `nil` (the default) for a data source that answers on
    /// main only.
    ///
    /// With one, the items of a large update or load (64 edits or elements
    /// or more, in a collection of at most 4,096 sections) get their
    /// elements off main: step 1 asks for the function on main, once, and the
    /// data controller's map queue calls it for each new item while it derives
    /// the pending map, so main no longer asks a million items at an eager
    /// load, or the 10,000 inserts of a large update. Small updates, lazy
    /// loading, faithful validation, a layout delegate and collections of
    /// more than 4,096 sections keep asking ``elementPartsAsker(for:)`` on main.
    ///
    /// The function must answer for the data source's index space as it was
    /// when step 1 asked for it (the counts the update was validated
    /// against), so capture a value of the content, such as a snapshot's
    /// items, not the object that changes: the next update's step 1 can run
    /// before the map queue calls it. It is called once per new item, in the
    /// order of the batch's inserts, and dropped when the map is derived.
    /// Texture asks every data-source question on main; this is where Weft
    /// lets a data source that can answer anywhere spare main the work.
    func sendableElementPartsAsker(
        for dataController: DataController
    ) -> (@Sendable (IndexPath) -> (
        nodeBlock: CollectionElement.NodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?
    ))?

    /// The supplementary kinds (``ElementKind/sectionHeader``, ``ElementKind/sectionFooter``) of `section`. The
    /// default is none.
    ///
    /// Asked when the section is loaded, inserted or reloaded, and, unless
    /// ``dataController(_:shouldReloadSupplementaryElementsOnItemChangesInSection:)``
    /// says no, again when items are inserted into, deleted from, moved into or
    /// out of, or reloaded in the section, as Texture repopulates a section's
    /// supplementary elements: a header that shows the section's count stays right.
    func dataController(_ dataController: DataController, supplementaryKindsInSection section: Int) -> [String]

    /// How many elements of `kind` `section` has, at items `0 ..< count` of the
    /// section in that kind's own index space (Texture's
    /// `supplementaryNodesOfKind:inSection:`). Asked for each kind that
    /// ``dataController(_:supplementaryKindsInSection:)`` returned. The default is 1.
    func dataController(
        _ dataController: DataController, numberOfSupplementaryElementsOfKind kind: String, inSection section: Int
    ) -> Int

    /// A block that makes the node of the `kind` element at `indexPath`. Called
    /// only for kinds that ``dataController(_:supplementaryKindsInSection:)``
    /// returned, at items below their count. The default asks
    /// ``dataController(_:nodeBlockForSupplementaryElementOfKind:inSection:)``.
    func dataController(
        _ dataController: DataController, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionElement.NodeBlock

    /// The section form of
    /// ``dataController(_:nodeBlockForSupplementaryElementOfKind:at:)``, from
    /// when a section had one element of each kind: a data source written for it
    /// keeps working, its block made for every element of the kind. Implement
    /// one of the two. The default makes an empty `CellNode`.
    func dataController(
        _ dataController: DataController, nodeBlockForSupplementaryElementOfKind kind: String, inSection section: Int
    ) -> CollectionElement.NodeBlock

    /// The size range of the `kind` element at `indexPath`. The default asks
    /// ``dataController(_:constrainedSizeForSupplementaryElementOfKind:inSection:)``.
    func dataController(
        _ dataController: DataController, constrainedSizeForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> SizeRange

    /// The section form of
    /// ``dataController(_:constrainedSizeForSupplementaryElementOfKind:at:)``;
    /// implement one of the two. The default is the same as for items.
    func dataController(
        _ dataController: DataController, constrainedSizeForSupplementaryElementOfKind kind: String,
        inSection section: Int
    ) -> SizeRange

    /// Whether item inserts, deletes, moves and reloads in `section` ask its
    /// supplementary elements again (new elements, new nodes). The default is
    /// `true`, as in Texture. Return `false` for a section whose supplementary
    /// nodes do not depend on its items: its item edits then cost O(*k* log *n*)
    /// on main with no supplementary work, and its nodes stay.
    func dataController(
        _ dataController: DataController, shouldReloadSupplementaryElementsOnItemChangesInSection section: Int
    ) -> Bool
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

    public func dataController(
        _ dataController: DataController, elementPartsForItemAt indexPath: IndexPath
    ) -> (nodeBlock: CollectionElement.NodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?) {
        (self.dataController(dataController, nodeBlockForItemAt: indexPath),
         self.dataController(dataController, constrainedSizeForItemAt: indexPath),
         self.dataController(dataController, nodeModelForItemAt: indexPath))
    }

    public func elementPartsAsker(
        for dataController: DataController
    ) -> (IndexPath) -> (nodeBlock: CollectionElement.NodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?) {
        { [unowned dataController] in self.dataController(dataController, elementPartsForItemAt: $0) }
    }

    public func sendableElementPartsAsker(
        for dataController: DataController
    ) -> (@Sendable (IndexPath) -> (
        nodeBlock: CollectionElement.NodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?
    ))? {
        nil
    }

    public func dataController(_ dataController: DataController, supplementaryKindsInSection section: Int) -> [String] {
        []
    }

    public func dataController(
        _ dataController: DataController, numberOfSupplementaryElementsOfKind kind: String, inSection section: Int
    ) -> Int {
        1
    }

    public func dataController(
        _ dataController: DataController, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionElement.NodeBlock {
        self.dataController(dataController, nodeBlockForSupplementaryElementOfKind: kind, inSection: indexPath.section)
    }

    public func dataController(
        _ dataController: DataController, nodeBlockForSupplementaryElementOfKind kind: String, inSection section: Int
    ) -> CollectionElement.NodeBlock {
        { CellNode() }
    }

    public func dataController(
        _ dataController: DataController, constrainedSizeForSupplementaryElementOfKind kind: String,
        at indexPath: IndexPath
    ) -> SizeRange {
        self.dataController(dataController, constrainedSizeForSupplementaryElementOfKind: kind, inSection: indexPath.section)
    }

    public func dataController(
        _ dataController: DataController, constrainedSizeForSupplementaryElementOfKind kind: String,
        inSection section: Int
    ) -> SizeRange {
        dataController.defaultConstrainedSize
    }

    public func dataController(
        _ dataController: DataController, shouldReloadSupplementaryElementsOnItemChangesInSection section: Int
    ) -> Bool {
        true
    }
}
