public import Foundation
import WeftChangeSet
public import WeftDataController
public import WeftDiff

/// A collection node's data source that you drive with snapshots, as UIKit's
/// `UICollectionViewDiffableDataSource`: apply a new snapshot, and Weft diffs it
/// against the current one, builds a strictly valid change set, and runs it
/// through the pipeline. Moved items keep their nodes; items whose content
/// changed are reloaded with new nodes.
///
/// ```swift
/// let source = CollectionDiffableDataSource<Int, Post>(collectionNode: feed) { _, post in
///     { PostNode(post) }
/// }
/// try source.apply(CollectionSnapshot([(0, posts)]))
/// ```
@MainActor
public final class CollectionDiffableDataSource<
    Section: Diffable & Hashable & Sendable, Item: Diffable & Hashable & Sendable
>: CollectionNodeDataSource {
    /// Makes the node block of an item.
    public typealias NodeBlockProvider = @MainActor (IndexPath, Item) -> CollectionElement.NodeBlock

    /// The collection node it feeds; it holds the data source weakly, so keep this object.
    public private(set) weak var collectionNode: CollectionNode?

    /// The snapshot the data source answers from: the last one applied.
    public private(set) var snapshot = CollectionSnapshot<Section, Item>()

    private let nodeBlockProvider: NodeBlockProvider

    /// Creates a data source and makes it the collection node's.
    public init(collectionNode: CollectionNode, nodeBlockProvider: @escaping NodeBlockProvider) {
        self.collectionNode = collectionNode
        self.nodeBlockProvider = nodeBlockProvider
        collectionNode.dataSource = self
    }

    /// Shows `newSnapshot`: the first one loads everything; later ones go as
    /// one batch of the differences.
    ///
    /// - Parameters:
    ///   - newSnapshot: The content to show.
    ///   - animatingDifferences: Whether the view should animate the batch.
    ///   - completion: Runs on main when the batch has committed.
    /// - Throws: ``SnapshotError`` for duplicate identities, or if the collection
    ///   node's data was changed behind this data source's back; the shown
    ///   snapshot stays. A diff itself never produces an invalid batch.
    /// - Complexity: O(*n* + *k* log *k*) for *n* items and *k* differences, plus
    ///   the pipeline's O(*k* log *n*) on main.
    public func apply(
        _ newSnapshot: CollectionSnapshot<Section, Item>, animatingDifferences: Bool = true,
        completion: (@Sendable (Bool) -> Void)? = nil
    ) throws(SnapshotError) {
        try Self.checkUnique(newSnapshot)
        guard let collectionNode else { return }
        let old = snapshot
        snapshot = newSnapshot
        guard collectionNode.dataController.hasLoadedData else {
            collectionNode.reloadData { completion?(true) }
            return
        }
        var changeSet = ChangeSet(diffing: old.sections, to: newSnapshot.sections)
        changeSet.beginUpdates()
        changeSet.endUpdates(animated: animatingDifferences, completion: completion)
        var refusal: DataControllerError?
        collectionNode.dataController.updateWithChangeSet(changeSet) { result in
            if case .failure(let error) = result { refusal = error }
        }
        if let refusal {
            snapshot = old
            throw .refused(refusal)
        }
    }

    /// The item at `indexPath` of the shown snapshot, or `nil`.
    public func itemIdentifier(for indexPath: IndexPath) -> Item? {
        guard snapshot.sections.indices.contains(indexPath.section) else { return nil }
        let items = snapshot.sections[indexPath.section].items
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    public func numberOfSections(in collectionNode: CollectionNode) -> Int {
        snapshot.numberOfSections
    }

    public func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        snapshot.sections[section].items.count
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath
    ) -> CollectionElement.NodeBlock {
        nodeBlockProvider(indexPath, snapshot.sections[indexPath.section].items[indexPath.item])
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeModelForItemAt indexPath: IndexPath
    ) -> (any Hashable & Sendable)? {
        snapshot.sections[indexPath.section].items[indexPath.item]
    }

    private static func checkUnique(_ snapshot: CollectionSnapshot<Section, Item>) throws(SnapshotError) {
        var sections: [Section.DiffIdentifier: Int] = [:]
        var items: [Item.DiffIdentifier: IndexPath] = [:]
        for (s, section) in snapshot.sections.enumerated() {
            if let first = sections.updateValue(s, forKey: section.model.diffIdentifier) {
                throw .duplicateSection("\(section.model)", firstAt: first, againAt: s)
            }
            for (i, item) in section.items.enumerated() {
                let path = IndexPath(item: i, section: s)
                if let first = items.updateValue(path, forKey: item.diffIdentifier) {
                    throw .duplicateItem("\(item)", firstAt: first, againAt: path)
                }
            }
        }
    }
}
