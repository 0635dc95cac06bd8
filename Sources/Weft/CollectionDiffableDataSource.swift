public import Foundation
import WeftChangeSet
public import WeftDataController
import WeftDiff

/// A collection node's data source that you drive with snapshots, as UIKit's
/// `UICollectionViewDiffableDataSource`: apply a new snapshot, and Weft diffs it
/// against the one shown, builds a strictly valid batch, and runs it through
/// the pipeline. Moved items keep their nodes; reloaded items get new ones;
/// reconfigured items keep theirs and get their new models.
///
/// ```swift
/// let source = CollectionDiffableDataSource<Section, Post>(collectionNode: feed) { _, post in
///     { PostNode(post) }
/// }
/// var snapshot = CollectionSnapshot<Section, Post>()
/// try snapshot.appendSections([.feed])
/// try snapshot.appendItems(posts)
/// try source.apply(snapshot)
/// ```
///
/// **Ownership.** UIKit's collection view holds its data source weakly, so a
/// diffable data source that nobody else keeps disappears and the view goes
/// blank without a word. Here the collection node keeps the diffable data
/// source it was created with, for as long as it stays the node's
/// ``CollectionNode/dataSource``: `_ = CollectionDiffableDataSource(collectionNode: feed) { ... }`
/// works. The data source holds the node weakly, so there is no cycle.
@MainActor
public final class CollectionDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: CollectionNodeDataSource {
    public typealias Section = SectionIdentifierType
    public typealias Item = ItemIdentifierType

    /// Makes the node block of an item.
    public typealias NodeBlockProvider = @MainActor (IndexPath, Item) -> CollectionElement.NodeBlock

    /// Makes the node block of a supplementary element: its kind, its index
    /// path (item 0 of the section) and the section's identifier.
    public typealias SupplementaryNodeBlockProvider = @MainActor (String, IndexPath, Section) -> CollectionElement.NodeBlock

    /// The collection node it feeds, which keeps this data source while it is
    /// the node's data source.
    public private(set) weak var collectionNode: CollectionNode?

    /// The snapshot the data source answers from: the last one applied, without
    /// its reload and reconfigure marks.
    public private(set) var snapshot = CollectionSnapshot<Section, Item>()

    /// The supplementary kinds every section has, such as
    /// ``CollectionNode/elementKindSectionHeader``; asked of
    /// ``supplementaryNodeBlockProvider``. Empty by default. Set it before the
    /// first apply: sections made later are the ones that get the kinds.
    public var supplementaryElementKinds: [String] = []

    /// Makes the nodes of the ``supplementaryElementKinds``, as UIKit's
    /// `supplementaryViewProvider`; without it they get empty cell nodes.
    public var supplementaryNodeBlockProvider: SupplementaryNodeBlockProvider?

    private let nodeBlockProvider: NodeBlockProvider

    /// Creates a data source, makes it the collection node's, and has the node keep it.
    public init(collectionNode: CollectionNode, nodeBlockProvider: @escaping NodeBlockProvider) {
        self.collectionNode = collectionNode
        self.nodeBlockProvider = nodeBlockProvider
        collectionNode.dataSource = self
        collectionNode.retainedDataSource = self
    }

    /// Shows `newSnapshot`: the first one loads everything; later ones go as a
    /// batch of the differences, then, if items were reconfigured, a batch that
    /// hands them their models.
    ///
    /// - Parameters:
    ///   - newSnapshot: The content to show.
    ///   - animatingDifferences: Whether the view should animate the batch.
    ///   - completion: Runs on main when the last batch has committed.
    /// - Throws: ``SnapshotError/refused(_:)`` if the collection node's data was
    ///   changed behind this data source's back; the shown snapshot stays. A diff
    ///   itself never produces an invalid batch.
    /// - Complexity: O(*n* + *k* log *k*) for *n* items and *k* differences, plus
    ///   the pipeline's O(*k* log *n*) on main.
    public func apply(
        _ newSnapshot: CollectionSnapshot<Section, Item>, animatingDifferences: Bool = true,
        completion: (@Sendable (Bool) -> Void)? = nil
    ) throws(SnapshotError) {
        guard let collectionNode else { return }
        let old = snapshot
        snapshot = newSnapshot.applied
        guard collectionNode.dataController.hasLoadedData else {
            collectionNode.reloadData { completion?(true) }
            return
        }
        let reconfigured = newSnapshot.reconfiguredItemIdentifiers.compactMap { item -> IndexPath? in
            old.sectionOfItem[item] == nil ? nil : newSnapshot.indexPath(of: item)
        }
        // A moved section with item edits would be deleted and inserted whole by
        // the diff, since UIKit mishandles edits in moved sections. So sections
        // move first, on their own, and items change in a second batch: moved
        // items keep their nodes in every case.
        // Reload marks count in the last stage only, where items change.
        var stages: [(from: CollectionSnapshot<Section, Item>, to: CollectionSnapshot<Section, Item>, marks: Bool)] = []
        if let reordered = Self.sectionsReordered(from: old, to: newSnapshot) {
            stages = [(old, reordered, false), (reordered, newSnapshot, true)]
        } else {
            stages = [(old, newSnapshot, true)]
        }
        // A `nil` batch is the reconfigure, made when its turn comes, against the
        // counts the batches before it leave.
        var batches: [(ChangeSet?, CollectionSnapshot<Section, Item>, ReloadBehavior)] = stages.compactMap { stage in
            let changeSet = ChangeSet(
                diffing: Self.diffSections(stage.from, marks: nil), to: Self.diffSections(stage.to, marks: stage.marks ? newSnapshot : nil))
            return changeSet.isEmpty ? nil : (changeSet, stage.to.applied, .followsNodeModel)
        }
        if !reconfigured.isEmpty { batches.append((nil, newSnapshot.applied, .reconfiguresNode)) }
        guard !batches.isEmpty else {
            completion?(true)
            return
        }
        for (index, (changeSet, shown, reloads)) in batches.enumerated() {
            var batch = changeSet ?? collectionNode.dataController.makeChangeSet()
            if changeSet == nil { batch.reloadItems(at: reconfigured) }
            batch.beginUpdates()
            batch.endUpdates(animated: animatingDifferences, completion: index == batches.count - 1 ? completion : nil)
            snapshot = shown
            try submit(batch, reloads: reloads, restoring: old)
        }
    }

    /// The old snapshot's surviving sections in the new snapshot's order, with
    /// their old items, or `nil` if their order did not change.
    private static func sectionsReordered(
        from old: CollectionSnapshot<Section, Item>, to new: CollectionSnapshot<Section, Item>
    ) -> CollectionSnapshot<Section, Item>? {
        let surviving = old.sectionIdentifiers.filter { new.sectionIndexes[$0] != nil }
        let target = new.sectionIdentifiers.filter { old.sectionIndexes[$0] != nil }
        guard surviving != target else { return nil }
        var reordered = CollectionSnapshot<Section, Item>()
        reordered.sectionIdentifiers = target
        reordered.itemsBySection = target.map { old.itemsBySection[old.sectionIndexes[$0]!] }
        reordered.reindexSections()
        for (section, items) in zip(target, reordered.itemsBySection) {
            for item in items { reordered.sectionOfItem[item] = section }
        }
        return reordered
    }

    private func submit(
        _ changeSet: ChangeSet, reloads: ReloadBehavior, restoring old: CollectionSnapshot<Section, Item>
    ) throws(SnapshotError) {
        var refusal: DataControllerError?
        collectionNode?.dataController.updateWithChangeSet(changeSet, reloads: reloads) { result in
            if case .failure(let error) = result { refusal = error }
        }
        if let refusal {
            snapshot = old
            throw .refused(refusal)
        }
    }

    /// The snapshot as sections to diff. A reloaded item or section gets an
    /// identity of its own, so the diff deletes and inserts it: a new node,
    /// whatever its node model.
    private static func diffSections(
        _ snapshot: CollectionSnapshot<Section, Item>, marks: CollectionSnapshot<Section, Item>?
    ) -> [DiffSection<_Replaceable<Section>, _Replaceable<Item>>] {
        let reloadedSections = Set(marks?.reloadedSectionIdentifiers ?? [])
        let reloadedItems = Set(marks?.reloadedItemIdentifiers ?? [])
        return zip(snapshot.sectionIdentifiers, snapshot.itemsBySection).map { section, items in
            DiffSection(
                model: _Replaceable(section, isReplaced: reloadedSections.contains(section)),
                items: items.map { _Replaceable($0, isReplaced: reloadedItems.contains($0)) })
        }
    }

    /// The item at `indexPath` of the shown snapshot, or `nil`: UIKit's `itemIdentifier(for:)`.
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> Item? {
        guard indexPath.count == 2, snapshot.itemsBySection.indices.contains(indexPath.section) else { return nil }
        let items = snapshot.itemsBySection[indexPath.section]
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    /// The index path of `item` in the shown snapshot, or `nil`: UIKit's `indexPath(for:)`.
    ///
    /// - Complexity: O(*m*) for *m* items in its section.
    public func indexPath(for item: Item) -> IndexPath? {
        snapshot.indexPath(of: item)
    }

    /// The section at `index` of the shown snapshot, or `nil`: UIKit's `sectionIdentifier(for:)`.
    public func sectionIdentifier(for index: Int) -> Section? {
        snapshot.sectionIdentifiers.indices.contains(index) ? snapshot.sectionIdentifiers[index] : nil
    }

    /// The index of `section` in the shown snapshot, or `nil`: UIKit's `index(for:)`.
    public func index(for section: Section) -> Int? {
        snapshot.indexOfSection(section)
    }

    public func numberOfSections(in collectionNode: CollectionNode) -> Int {
        snapshot.numberOfSections
    }

    public func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        snapshot.itemsBySection[section].count
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath
    ) -> CollectionElement.NodeBlock {
        nodeBlockProvider(indexPath, snapshot.itemsBySection[indexPath.section][indexPath.item])
    }

    /// The item identifier: a reconfigure hands it to the node, and a reload with
    /// an equal identifier keeps the node.
    public func collectionNode(
        _ collectionNode: CollectionNode, nodeModelForItemAt indexPath: IndexPath
    ) -> (any Hashable & Sendable)? {
        snapshot.itemsBySection[indexPath.section][indexPath.item]
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, supplementaryElementKindsInSection section: Int
    ) -> [String] {
        supplementaryElementKinds
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CollectionElement.NodeBlock {
        guard let provider = supplementaryNodeBlockProvider else { return { CellNode() } }
        return provider(kind, indexPath, snapshot.sectionIdentifiers[indexPath.section])
    }
}
