public import Foundation
public import WeftChangeSet
public import WeftCore
import WeftDataController
public import WeftNode
public import WeftDiff

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
    public typealias NodeBlockProvider = @MainActor (IndexPath, Item) -> CellNodeBlock

    /// Makes the node block of an item on any thread: see
    /// ``init(collectionNode:sendableNodeBlockProvider:)``.
    public typealias SendableNodeBlockProvider = @Sendable (IndexPath, Item) -> CellNodeBlock

    /// Makes the node block of a supplementary element: its kind, its index
    /// path (item 0 of the section) and the section's identifier.
    public typealias SupplementaryNodeBlockProvider = @MainActor (String, IndexPath, Section) -> CellNodeBlock

    /// The collection node it feeds, which keeps this data source while it is
    /// the node's data source.
    public private(set) weak var collectionNode: CollectionNode?

    /// The newest snapshot handed to ``apply(_:animatingDifferences:completion:)``
    /// or ``applyInBackground(_:animatingDifferences:completion:)``, without its
    /// reload and reconfigure marks: build the next snapshot on this one, as
    /// with UIKit's `snapshot()`, and no update is lost, however many background
    /// applies are still diffing. After a refusal it is ``shownSnapshot`` again.
    public var snapshot: CollectionSnapshot<Section, Item> { latestSnapshot }

    /// The snapshot the data source answers from: the last one whose batches
    /// were submitted to the pipeline (so what the collection shows once they
    /// commit). It lags ``snapshot`` while background applies are diffing.
    public private(set) var shownSnapshot = CollectionSnapshot<Section, Item>()

    /// The supplementary kinds every section has, such as
    /// ``CollectionNode/elementKindSectionHeader``; asked of
    /// ``supplementaryNodeBlockProvider``. Empty by default. Set it before the
    /// first apply: sections made later are the ones that get the kinds.
    public var supplementaryElementKinds: [String] = []

    /// Makes the nodes of the ``supplementaryElementKinds``, as UIKit's
    /// `supplementaryViewProvider`; without it they get empty cell nodes.
    public var supplementaryNodeBlockProvider: SupplementaryNodeBlockProvider?

    /// Whether an apply that inserts, deletes, moves or reloads items of a
    /// section asks the section's supplementary nodes again (Texture's
    /// behaviour; see
    /// ``CollectionNodeDataSource/collectionNode(_:shouldReloadSupplementaryElementsOnItemChangesInSection:)``).
    /// `false` by default, as UIKit's diffable data source keeps a section's
    /// supplementary views through item changes: set it when a header shows
    /// something its items decide, such as their count.
    public var reloadsSupplementaryElementsOnItemChanges = false

    private let nodeBlockProvider: NodeBlockProvider

    /// The provider given to ``init(collectionNode:sendableNodeBlockProvider:)``, if that made this data source.
    private let sendableNodeBlockProvider: SendableNodeBlockProvider?

    /// The snapshot the last apply issued leaves: what the next background
    /// apply diffs against. ``shownSnapshot`` once nothing is in flight.
    private var latestSnapshot = CollectionSnapshot<Section, Item>()

    /// Background applies whose batches have not been submitted yet.
    private var appliesInFlight = 0

    /// Counts refusals: a background apply queued before the last one is
    /// diffed against a snapshot that never showed, and fails with ``chainBreak``.
    private var generation = 0
    private var chainBreak: SnapshotError?

    /// Diffs one stage of an apply: old sections and items, new sections and
    /// items, and the reloaded identifiers, which are deleted and inserted.
    @usableFromInline
    typealias _Differ = @Sendable ([Section], [[Item]], [Section], [[Item]], Set<Section>, Set<Item>) -> ChangeSet

    /// The diff of every apply, made where the app names `Section` and `Item`.
    private let differ: _Differ

    /// Reads the item at an index path of a snapshot's items.
    @usableFromInline
    typealias _ItemReader = @Sendable ([[Item]], IndexPath) -> Item

    /// The reader of the items the collection asks about, made where the app
    /// names `Item`: compiled here, generically, each read looked up the
    /// metadata of `[Item]` in the runtime's cache, 15% of making an element
    /// off main.
    private let readItem: _ItemReader

    /// Creates a data source, makes it the collection node's, and has the node keep it.
    // Inlinable so that the diff closure is made in the app's module, which
    // knows `Section` and `Item`: the diff is then specialized for them, where
    // compiled here, generically, it hashed and compared each identifier
    // through its witness table at three times the cost.
    @inlinable
    public convenience init(collectionNode: CollectionNode, nodeBlockProvider: @escaping NodeBlockProvider) {
        self.init(
            collectionNode: collectionNode, nodeBlockProvider: nodeBlockProvider,
            readItem: { $0[$1.section][$1.item] }
        ) {
            ChangeSet(diffingSections: $0, items: $1, to: $2, items: $3, replacing: $4, $5)
        }
    }

    /// Creates a data source whose node blocks can be made on any thread,
    /// makes it the collection node's, and has the node keep it.
    ///
    /// `sendableNodeBlockProvider` is asked on main for small updates, as
    /// the provider of ``init(collectionNode:nodeBlockProvider:)`` is, and
    /// off main for the new items of an update of 64 edits or more, or a
    /// load of as many items: the collection then asks
    /// ``sendableItemPartsAsker(for:)``, and main spends no time on those
    /// items (see ``CollectionNodeDataSource/sendableItemPartsAsker(for:)``).
    /// Give it a provider that reads only its arguments and values it
    /// captured, never main-actor state.
    // Disfavoured: a trailing closure matches both initializers, and the one
    // that asks on main only must stay what such a call means.
    @inlinable @_disfavoredOverload
    public convenience init(
        collectionNode: CollectionNode, sendableNodeBlockProvider: @escaping SendableNodeBlockProvider
    ) {
        self.init(
            collectionNode: collectionNode, nodeBlockProvider: { sendableNodeBlockProvider($0, $1) },
            sendableNodeBlockProvider: sendableNodeBlockProvider, readItem: { $0[$1.section][$1.item] }
        ) {
            ChangeSet(diffingSections: $0, items: $1, to: $2, items: $3, replacing: $4, $5)
        }
    }

    @usableFromInline
    init(
        collectionNode: CollectionNode, nodeBlockProvider: @escaping NodeBlockProvider,
        sendableNodeBlockProvider: SendableNodeBlockProvider? = nil, readItem: @escaping _ItemReader,
        differ: @escaping _Differ
    ) {
        self.collectionNode = collectionNode
        self.readItem = readItem
        self.nodeBlockProvider = nodeBlockProvider
        self.sendableNodeBlockProvider = sendableNodeBlockProvider
        self.differ = differ
        collectionNode.dataSource = self
        collectionNode.retainedDataSource = self
    }

    /// Shows `newSnapshot`, diffing it on main: the first one loads everything;
    /// later ones go as a batch of the differences, then, if items were
    /// reconfigured, a batch that hands them their models.
    ///
    /// The diff is O(*n*) on main. For large feeds, or snapshots that change
    /// often, use ``applyInBackground(_:animatingDifferences:completion:)``,
    /// which leaves main only the batch's O(*k* log *n*). An `apply` issued
    /// while background applies are still diffing waits for them, so that
    /// snapshots are shown in the order they were applied.
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
        completion: (@MainActor @Sendable (Bool) -> Void)? = nil
    ) throws(SnapshotError) {
        guard let collectionNode else {
            completion?(false)  // nothing to show it in
            return
        }
        if appliesInFlight > 0 { collectionNode.dataController.waitUntilAllUpdatesAreProcessed() }
        guard collectionNode.dataController.hasLoadedData else {
            shownSnapshot = newSnapshot.applied
            latestSnapshot = shownSnapshot
            collectionNode.reloadData { completion?(true) }
            return
        }
        let old = shownSnapshot
        latestSnapshot = newSnapshot.applied
        do throws(SnapshotError) {
            try run(Self.plan(from: old, to: newSnapshot, differ: differ), animatingDifferences: animatingDifferences, completion: completion)
        } catch {
            latestSnapshot = shownSnapshot
            throw error
        }
    }

    /// Shows `newSnapshot` as ``apply(_:animatingDifferences:completion:)``
    /// does, but diffs it off main, on the collection's editing queue; main
    /// runs only the resulting batches, as UIKit's `apply` does when called
    /// from a background queue.
    ///
    /// Returns at once. Snapshots show in the order they were applied: each is
    /// diffed against the one applied before it; ``snapshot`` is it at once, and
    /// ``shownSnapshot`` becomes it when its batches are submitted. The collection node's
    /// `CollectionNode.waitUntilAllUpdatesAreProcessed()` waits for the diff
    /// too.
    ///
    /// ```swift
    /// source.applyInBackground(snapshot) { result in
    ///     if case .failure(let error) = result { print(error) }
    /// }
    /// ```
    ///
    /// Without a completion, `source.applyInBackground(snapshot)` applies
    /// without hearing back, in synchronous and async code alike; to suspend
    /// until the snapshot shows, call
    /// ``applyInBackgroundAndWait(_:animatingDifferences:)``.
    ///
    /// - Parameters:
    ///   - newSnapshot: The content to show.
    ///   - animatingDifferences: Whether the view should animate the batch.
    ///   - completion: Runs on main with `.success` when the last batch has
    ///     committed, or with ``SnapshotError/refused(_:)`` if the collection
    ///     node's data was changed behind this data source's back. Such a
    ///     refusal also fails the applies queued behind it, which were diffed
    ///     against a snapshot that never showed; ``shownSnapshot`` stays the last
    ///     one shown, and ``snapshot`` goes back to it. If the collection node
    ///     is released first, the completion gets `.refused(.released)`.
    /// - Complexity: O(1) now; O(*n* + *k* log *k*) off main for *n* items and
    ///   *k* differences; the pipeline's O(*k* log *n*) on main.
    public func applyInBackground(
        _ newSnapshot: CollectionSnapshot<Section, Item>, animatingDifferences: Bool = true,
        completion: (@MainActor @Sendable (Result<Void, SnapshotError>) -> Void)? = nil
    ) {
        guard let collectionNode else {
            // As `apply` does without a node: nothing to show, nothing refused.
            completion?(.success(()))
            return
        }
        guard collectionNode.dataController.hasLoadedData || appliesInFlight > 0 else {
            shownSnapshot = newSnapshot.applied
            latestSnapshot = shownSnapshot
            collectionNode.reloadData { completion?(.success(())) }
            return
        }
        let base = latestSnapshot
        latestSnapshot = newSnapshot.applied
        appliesInFlight += 1
        let generation = generation
        let differ = differ
        let mode = collectionNode.dataController.validationMode
        collectionNode.dataController.performInBackground {
            Self.plan(from: base, to: newSnapshot, differ: differ, validatingFor: mode)
        } then: { [weak self] plan in
            // Released with its node while the diff ran: say so, or an `await` waits for good.
            guard let self else {
                completion?(.failure(.refused(.released)))
                return
            }
            runInBackgroundPlan(plan, generation: generation, animatingDifferences: animatingDifferences, completion: completion)
        }
    }

    /// Shows `newSnapshot` as ``applyInBackground(_:animatingDifferences:completion:)``
    /// does, and returns once its last batch has committed. It suspends; main
    /// goes on meanwhile. A name of its own, not an `async` twin: a twin would
    /// shadow the call without a completion in every async function.
    ///
    /// - Throws: ``SnapshotError/refused(_:)``, as the completion handler of
    ///   ``applyInBackground(_:animatingDifferences:completion:)`` gets it.
    /// - Complexity: As ``applyInBackground(_:animatingDifferences:completion:)``.
    public func applyInBackgroundAndWait(
        _ newSnapshot: CollectionSnapshot<Section, Item>, animatingDifferences: Bool = true
    ) async throws(SnapshotError) {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<Void, SnapshotError>, Never>) in
            applyInBackground(newSnapshot, animatingDifferences: animatingDifferences) { continuation.resume(returning: $0) }
        }
        try result.get()
    }

    /// The main half of a background apply: submits the plan, unless a refusal
    /// since it was queued made its base snapshot one that never showed.
    private func runInBackgroundPlan(
        _ plan: Plan, generation: Int, animatingDifferences: Bool,
        completion: (@MainActor @Sendable (Result<Void, SnapshotError>) -> Void)?
    ) {
        appliesInFlight -= 1
        guard collectionNode != nil else {
            completion?(.failure(.refused(.released)))
            return
        }
        if generation != self.generation, let chainBreak {
            completion?(.failure(chainBreak))
            return
        }
        do throws(SnapshotError) {
            try run(plan, animatingDifferences: animatingDifferences, completion: nil) { result in
                if case .success = result { completion?(.success(())) }
            }
        } catch {
            self.generation += 1
            chainBreak = error
            latestSnapshot = shownSnapshot
            completion?(.failure(error))
        }
    }

    /// The batches that turn `old` into `new`, each with the snapshot it leaves
    /// shown. A `nil` change set is the reconfigure batch, made on main when its
    /// turn comes, against the counts the batches before it leave.
    private struct Plan: Sendable {
        var batches: [(changeSet: ChangeSet?, shows: CollectionSnapshot<Section, Item>, reloads: ReloadBehavior)] = []
        var reconfigured: [IndexPath] = []
    }

    /// Diffs `old` against `new`. Runs on main or off it. Off main, `mode` is
    /// the data controller's: each batch is validated there, so that main only
    /// compares its counts (`ChangeSet.prevalidate(newItemCounts:mode:)`).
    private nonisolated static func plan(
        from old: CollectionSnapshot<Section, Item>, to new: CollectionSnapshot<Section, Item>, differ: _Differ,
        validatingFor mode: ValidationMode? = nil
    ) -> Plan {
        var plan = Plan()
        plan.reconfigured = new.reconfiguredItemIdentifiers.compactMap { item -> IndexPath? in
            old.sectionOfItem[item] == nil ? nil : new.indexPath(of: item)
        }
        // A moved section with item edits would be deleted and inserted whole by
        // the diff, since UIKit mishandles edits in moved sections. So sections
        // move first, on their own, and items change in a second batch: moved
        // items keep their nodes in every case.
        // Reload marks count in the last stage only, where items change.
        var stages: [(from: CollectionSnapshot<Section, Item>, to: CollectionSnapshot<Section, Item>, marks: Bool)]
        if let reordered = sectionsReordered(from: old, to: new) {
            stages = [(old, reordered, false), (reordered, new, true)]
        } else {
            stages = [(old, new, true)]
        }
        // A reloaded item or section differs from itself, so the diff deletes
        // and inserts it: a new node, whatever its node model.
        let reloadedSections = Set(new.reloadedSectionIdentifiers)
        let reloadedItems = Set(new.reloadedItemIdentifiers)
        for stage in stages {
            var changeSet = differ(
                stage.from.sectionIdentifiers, stage.from.itemsBySection, stage.to.sectionIdentifiers,
                stage.to.itemsBySection, stage.marks ? reloadedSections : [], stage.marks ? reloadedItems : [])
            if stage.marks, !reloadedItems.isEmpty {
                changeSet.replacedItems = replacements(of: reloadedItems, from: stage.from, to: stage.to)
            }
            if let mode, !changeSet.isEmpty {
                changeSet.prevalidate(newItemCounts: stage.to.itemsBySection.map(\.count), mode: mode)
            }
            if !changeSet.isEmpty { plan.batches.append((changeSet, stage.to.applied, .followsNodeModel)) }
        }
        if !plan.reconfigured.isEmpty { plan.batches.append((nil, new.applied, .reconfiguresNode)) }
        return plan
    }

    /// Where each of `items` was in `old` and is in `new`: a reloaded item is
    /// deleted and inserted, and this tells the view the two are one.
    ///
    /// - Complexity: O(*n*) for the *n* items of both snapshots, stopping early
    ///   once every item is found.
    private nonisolated static func replacements(
        of items: Set<Item>, from old: CollectionSnapshot<Section, Item>, to new: CollectionSnapshot<Section, Item>
    ) -> [IndexPath: IndexPath] {
        func positions(in snapshot: CollectionSnapshot<Section, Item>) -> [Item: IndexPath] {
            var found: [Item: IndexPath] = [:]
            for (section, sectionItems) in snapshot.itemsBySection.enumerated() {
                for (index, item) in sectionItems.enumerated() where items.contains(item) {
                    found[item] = IndexPath(item: index, section: section)
                    if found.count == items.count { return found }
                }
            }
            return found
        }
        let before = positions(in: old), after = positions(in: new)
        var replaced: [IndexPath: IndexPath] = [:]
        for (item, from) in before {
            if let to = after[item] { replaced[from] = to }
        }
        return replaced
    }

    /// Submits the batches of `plan` in turn.
    ///
    /// - Parameters:
    ///   - completion: The last batch's completion handler.
    ///   - committed: Gets the last batch's outcome when it commits.
    /// - Throws: The first refusal, with ``shownSnapshot`` back where it was.
    private func run(
        _ plan: Plan, animatingDifferences: Bool, completion: (@MainActor @Sendable (Bool) -> Void)?,
        committed: (@MainActor (Result<Void, DataControllerError>) -> Void)? = nil
    ) throws(SnapshotError) {
        guard let collectionNode else { return }
        guard !plan.batches.isEmpty else {
            completion?(true)
            committed?(.success(()))
            return
        }
        // A refused edit's catch-up, derived off main from the snapshot shown,
        // goes first, while that snapshot is still the one shown.
        collectionNode.submitCatchUpInFlight()
        let old = shownSnapshot
        for (index, stage) in plan.batches.enumerated() {
            let isLast = index == plan.batches.count - 1
            var batch = stage.changeSet ?? collectionNode.dataController.makeChangeSet()
            if stage.changeSet == nil { batch.reloadItems(at: plan.reconfigured) }
            batch.beginUpdates()
            batch.endUpdates(animated: animatingDifferences, completion: isLast ? completion.map(ChangeSet.onMain) : nil)
            shownSnapshot = stage.shows
            var refusal: DataControllerError?
            collectionNode.dataController.updateWithChangeSet(batch, reloads: stage.reloads) { result in
                if case .failure(let error) = result {
                    refusal = error
                } else if isLast {
                    committed?(result)
                }
            }
            if let refusal {
                shownSnapshot = old
                throw .refused(refusal)
            }
        }
        // The snapshot this replaced may hold many items whose release would
        // cost main O(n); it goes where the pipeline's other garbage goes.
        collectionNode.dataController.deallocQueue.release(value: old)
        if collectionNode.usesSynchronousDataLoading { collectionNode.waitUntilAllUpdatesAreProcessed() }
    }

    /// The old snapshot's surviving sections in the new snapshot's order, with
    /// their old items, or `nil` if their order did not change.
    private nonisolated static func sectionsReordered(
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

    /// The item at `indexPath` of the shown snapshot, or `nil`: UIKit's `itemIdentifier(for:)`.
    ///
    /// - Complexity: O(1).
    public func itemIdentifier(for indexPath: IndexPath) -> Item? {
        guard indexPath.count == 2, shownSnapshot.itemsBySection.indices.contains(indexPath.section) else { return nil }
        let items = shownSnapshot.itemsBySection[indexPath.section]
        return items.indices.contains(indexPath.item) ? items[indexPath.item] : nil
    }

    /// The index path of `item` in the shown snapshot, or `nil`: UIKit's `indexPath(for:)`.
    ///
    /// - Complexity: O(*m*) for *m* items in its section.
    public func indexPath(for item: Item) -> IndexPath? {
        shownSnapshot.indexPath(of: item)
    }

    /// The section at `index` of the shown snapshot, or `nil`: UIKit's `sectionIdentifier(for:)`.
    public func sectionIdentifier(for index: Int) -> Section? {
        shownSnapshot.sectionIdentifiers.indices.contains(index) ? shownSnapshot.sectionIdentifiers[index] : nil
    }

    /// The index of `section` in the shown snapshot, or `nil`: UIKit's `index(for:)`.
    public func index(for section: Section) -> Int? {
        shownSnapshot.indexOfSection(section)
    }

    public func numberOfSections(in collectionNode: CollectionNode) -> Int {
        shownSnapshot.numberOfSections
    }

    public func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        shownSnapshot.itemsBySection[section].count
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath
    ) -> CellNodeBlock {
        nodeBlockProvider(indexPath, readItem(shownSnapshot.itemsBySection, indexPath))
    }

    /// With a sendable node block provider, a function that makes an item's
    /// node block from the shown snapshot's items, as they are now, on any
    /// thread, with the collection's default size range and the item as its
    /// node model; `nil` otherwise.
    public func sendableItemPartsAsker(
        for collectionNode: CollectionNode
    ) -> (@Sendable (IndexPath) -> (
        nodeBlock: CellNodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?
    ))? {
        guard let provider = sendableNodeBlockProvider else { return nil }
        let items = shownSnapshot.itemsBySection, size = collectionNode.defaultConstrainedSize, readItem = readItem
        return { indexPath in
            let item = readItem(items, indexPath)
            return (provider(indexPath, item), size, item)
        }
    }

    /// The item identifier: a reconfigure hands it to the node, and a reload with
    /// an equal identifier keeps the node.
    public func collectionNode(
        _ collectionNode: CollectionNode, nodeModelForItemAt indexPath: IndexPath
    ) -> (any Hashable & Sendable)? {
        readItem(shownSnapshot.itemsBySection, indexPath)
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, supplementaryElementKindsInSection section: Int
    ) -> [String] {
        supplementaryElementKinds
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, shouldReloadSupplementaryElementsOnItemChangesInSection section: Int
    ) -> Bool {
        reloadsSupplementaryElementsOnItemChanges
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CellNodeBlock {
        guard let provider = supplementaryNodeBlockProvider else { return { CellNode() } }
        return provider(kind, indexPath, shownSnapshot.sectionIdentifiers[indexPath.section])
    }
}
