import Foundation
import Synchronization
import Weft
import WeftDiff
import WeftHeadless
import WeftMemory
import WeftTestSupport
import WeftChangeSet
import WeftDataController
import WeftRangeController

/// Differential fuzzing of the whole pipeline, end to end through `CollectionNode`.
///
/// The input picks a container (a collection with a list or grid layout, a table or a
/// pager), a validation mode, whether strictly validated updates derive their pending
/// map off main, eager or lazy item loading, one or two section headers (asked
/// again on item edits or kept) or none and
/// single or multiple selection, then interleaves batches of random item edits (valid or
/// not), snapshot updates by diff, scrolls, single turns of the main context (so several
/// updates are in flight at once), full waits, selections of random paths (valid or not)
/// and, when lazy, unloads of random loaded items. Checked against ``ChangeSetModel``
/// and the headless view:
/// - strict mode accepts a batch exactly when the model does, and whenever the pipeline
///   is idle the view shows the data source, with no divergence;
/// - in faithful mode the view never raises an inconsistency, and when it shows something
///   other than the data source it has recorded a divergence;
/// - in both, no range, layout, mount or shared-node error, and every node made is
///   released once the collection is gone;
/// - a lazy collection or a pager may leave items without cells, but every cell it has
///   shows the data source's item at its place;
/// - whenever the view shows the data source, it has exactly the headers the data source
///   says, each showing the section's current count unless the data source keeps them;
/// - selecting a path that names no item throws a typed error, and whenever the view
///   shows the data source, every selected path names an item whose story was selected
///   (or, as a reload that reuses a selected item's node keeps its selection, a story
///   new in that batch), so a selection never passes to another story.
///
/// Any disagreement traps, so libFuzzer keeps the input. `scripts/fuzz Pipeline SECONDS`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPipeline(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let random = FuzzRandom(UnsafeBufferPointer(start: data, count: size))
    let nodes = LiveCount()
    MainActor.assumeIsolated {
        do {
            var run = try PipelineRun(random: random, nodes: nodes)
            try run.run()
        } catch {
            fatalError("the pipeline run could not start: \(error)")
        }
    }
    if nodes.value != 0 { fatalError("\(nodes.value) story nodes outlived their collection") }
    return 0
}

struct Story: Hashable, Sendable, Diffable {
    var id: Int
    var version = 0
    var diffIdentifier: Int { id }
    func isContentEqual(to other: Story) -> Bool { version == other.version }
}

/// Nodes alive, across the allocation and dealloc threads.
final class LiveCount: Sendable {
    private let count = Atomic(0)
    func add(_ delta: Int) { count.add(delta, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// A 50-point row that shows a story; a reload hands it the new version.
final class StoryCell: CellNode, @unchecked Sendable {
    // @unchecked Sendable: `shown` is a Mutex; the rest is CellNode's, behind its lock.
    private let shown: PosixMutex<Story>
    private let nodes: LiveCount

    init(story: Story, nodes: LiveCount) {
        shown = PosixMutex(story)
        self.nodes = nodes
        nodes.add(1)
        super.init()
    }

    deinit { nodes.add(-1) }

    var story: Story { shown.withLock { $0 } }

    override func updateNodeModel(_ model: any Hashable & Sendable) {
        super.updateNodeModel(model)
        if let story = model as? Story { shown.withLock { $0 = story } }
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: min(constrainedSize.width, 320), height: 50)
    }
}

@MainActor
final class StorySource: CollectionNodeDataSource {
    var stories: [Story] = []
    let nodes: LiveCount
    /// How many headers the section has; their nodes count among the live ones too.
    var headerCount = 0
    /// Whether item edits keep the headers (the data source opts out of Texture's
    /// repopulation); otherwise each header shows the item count it was asked at.
    var keepsHeaders = false
    /// Whether items are also answered on any thread, so that a large update's
    /// are made on the map queue from the stories as they were at its step 1.
    var answersOffMain = false

    init(nodes: LiveCount) { self.nodes = nodes }

    func sendableItemPartsAsker(
        for collectionNode: CollectionNode
    ) -> (@Sendable (IndexPath) -> (
        nodeBlock: CellNodeBlock, constrainedSize: SizeRange, nodeModel: (any Hashable & Sendable)?
    ))? {
        guard answersOffMain else { return nil }
        let (stories, nodes, size) = (stories, nodes, collectionNode.defaultConstrainedSize)
        return { indexPath in
            let story = stories[indexPath.item]
            return ({ StoryCell(story: story, nodes: nodes) }, size, story)
        }
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        stories.count
    }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let (story, nodes) = (stories[indexPath.item], nodes)
        return { StoryCell(story: story, nodes: nodes) }
    }

    func collectionNode(_ collectionNode: CollectionNode, nodeModelForItemAt indexPath: IndexPath) -> (any Hashable & Sendable)? {
        stories[indexPath.item]
    }

    func collectionNode(_ collectionNode: CollectionNode, supplementaryElementKindsInSection section: Int) -> [String] {
        headerCount > 0 ? [CollectionNode.elementKindSectionHeader] : []
    }

    func collectionNode(
        _ collectionNode: CollectionNode, numberOfSupplementaryElementsOfKind kind: String, inSection section: Int
    ) -> Int {
        headerCount
    }

    func collectionNode(
        _ collectionNode: CollectionNode, shouldReloadSupplementaryElementsOnItemChangesInSection section: Int
    ) -> Bool {
        !keepsHeaders
    }

    /// A header is a cell whose story id is -1 minus the item count it was asked at.
    func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CellNodeBlock {
        let (nodes, count) = (nodes, stories.count)
        return { StoryCell(story: Story(id: -1 - count), nodes: nodes) }
    }
}

/// The containers a run may build.
enum Container: CaseIterable {
    case list, grid, table, pager
}

@MainActor
struct PipelineRun {
    var random: FuzzRandom
    let strict: Bool
    let scheduler = ManualMainScheduler()
    let deallocQueue: DeallocQueue
    var node: CollectionNode?
    /// The node's backing view, held weakly so that it dies with the node.
    weak var headlessView: HeadlessCollectionView?
    let source: StorySource
    /// Whether items load lazily, so some have no cell.
    let lazy: Bool
    let container: Container
    /// The ids of the stories selected so far: a selected path must name one of them.
    var selectedIDs = Set<Int>()
    var nextID = 0
    /// At most this many items, so that every cell is within a screen of the viewport
    /// and the view compares each one with the data source.
    static let maximumItems = 30

    init(random: FuzzRandom, nodes: LiveCount) throws {
        self.random = random
        var strict = !self.random.chance(3)
        deallocQueue = try DeallocQueue()
        source = StorySource(nodes: nodes)
        container = Container.allCases[self.random.int(0 ..< Container.allCases.count)]
        lazy = self.random.chance(3)
        if self.random.chance(3) {
            source.headerCount = self.random.int(1 ..< 3)
            source.keepsHeaders = self.random.chance(3)
        }
        let loading: DataController.ItemLoading = lazy ? .lazy : .eager
        let node: CollectionNode
        let view: HeadlessCollectionView
        switch container {
        case .list, .grid:
            let layout: any CollectionLayout = container == .grid
                ? try GridLayout(columns: self.random.int(1 ..< 4), itemLength: 50) : try ListLayout()
            view = HeadlessCollectionView()
            node = CollectionNode(
                layout: layout, view: view, validationMode: strict ? .strict : .faithful(.collection),
                itemLoading: loading, mainScheduler: scheduler, deallocQueue: deallocQueue)
        case .table:
            // A table validates strictly, as UITableView does.
            strict = true
            view = HeadlessCollectionView(viewKind: .table)
            node = try TableNode(itemLoading: loading, view: view, mainScheduler: scheduler, deallocQueue: deallocQueue)
        case .pager:
            strict = true
            view = HeadlessCollectionView()
            node = PagerNode(itemLoading: loading, view: view, mainScheduler: scheduler, deallocQueue: deallocQueue)
        }
        self.strict = strict
        // Every strictly validated update derives its pending map off main, or none
        // does: the two paths must show the same thing.
        node.dataController.offMainMapEditThreshold = self.random.chance(2) ? 0 : .max
        source.answersOffMain = self.random.chance(2)
        node.allowsMultipleSelection = self.random.chance(2)
        headlessView = view
        node.dataSource = source
        node.viewportSize = CGSize(width: 320, height: 1_000)
        node.isVisible = true
        self.node = node
        source.stories = (0 ..< self.random.int(0 ..< 12)).map { _ in newStory() }
        node.reloadData()
    }

    mutating func newStory() -> Story {
        defer { nextID += 1 }
        return Story(id: nextID)
    }

    var view: HeadlessCollectionView { headlessView! }

    mutating func run() throws {
        let steps = random.int(0 ..< 24)
        for _ in 0 ..< steps {
            switch random.int(0 ..< 13) {
            case 0 ..< 4: edit()
            case 4, 5: applySnapshot()
            case 6 where random.chance(4): extremeGeometry()
            case 6:
                let offset = CGFloat(random.int(0 ..< 40)) * 25
                node!.contentOffset = container == .pager ? CGPoint(x: offset * 8, y: 0) : CGPoint(x: 0, y: offset)
            case 7, 8: _ = scheduler.runNext()
            case 9: select()
            case 10 where lazy: unload()
            default: settle()
            }
        }
        settle()
        node = nil
        scheduler.runAll()
        try deallocQueue.drain()
    }

    /// A batch of one to three item edits, valid or not. The data source changes as
    /// the model says when the model accepts; otherwise it gets the counts the edits
    /// imply, with new stories, as a careless app would.
    mutating func edit() {
        let node = node!
        let old = source.stories
        var edits: [ChangeSet.Edit] = []
        func index(_ random: inout FuzzRandom, _ limit: Int) -> Int { random.int(-1 ..< limit + 2) }
        for _ in 0 ..< random.int(1 ..< 4) {
            switch random.int(0 ..< 4) {
            case 0: edits.append(.insertItem(IndexPath(item: index(&random, old.count), section: 0)))
            case 1: edits.append(.deleteItem(IndexPath(item: index(&random, old.count - 1), section: 0)))
            case 2: edits.append(.reloadItem(IndexPath(item: index(&random, old.count - 1), section: 0)))
            default:
                edits.append(.moveItem(IndexPath(item: index(&random, old.count - 1), section: 0),
                                       to: IndexPath(item: index(&random, old.count - 1), section: 0)))
            }
        }
        let inserted = edits.filter { if case .insertItem = $0 { true } else { false } }.count
        let deleted = edits.filter { if case .deleteItem = $0 { true } else { false } }.count
        let newCount = max(0, old.count + inserted - deleted)
        guard newCount <= Self.maximumItems else { return }
        let model = ChangeSetModel.perform(old: [old.count], edits: edits, new: [newCount])
        var fresh: [Story] = []
        for _ in 0 ..< newCount { fresh.append(newStory()) }
        let stories: [Story]
        if let tokens = model?.first {
            stories = tokens.enumerated().map { place, token in
                switch token {
                case .old(_, let item):
                    edits.contains(.reloadItem(IndexPath(item: item, section: 0)))
                        ? Story(id: old[item].id, version: old[item].version + 1) : old[item]
                case .new: fresh[place]
                }
            }
        } else {
            stories = fresh
        }
        // A reload that reuses the item's node keeps its selection (a new node
        // drops it), and here a reloaded item gets a new story: any new story of
        // the batch may be selected then.
        let reloadsSelected = edits.contains { edit in
            if case .reloadItem(let path) = edit, old.indices.contains(path.item) {
                return selectedIDs.contains(old[path.item].id)
            }
            return false
        }
        if reloadsSelected { selectedIDs.formUnion(fresh.map(\.id)) }
        // A batch the model refuses gives the data source new stories only; a faithful
        // view that accepts it keeps its selected paths (moved as UIKit moves them),
        // which then name new stories.
        if model == nil, !node.indexPathsForSelectedItems.isEmpty { selectedIDs.formUnion(fresh.map(\.id)) }
        var refused = false
        do {
            try node.performBatchUpdates {
                source.stories = stories
                for edit in edits {
                    switch edit {
                    case .insertItem(let p): try node.insertItems(at: [p])
                    case .deleteItem(let p): try node.deleteItems(at: [p])
                    case .reloadItem(let p): try node.reloadItems(at: [p])
                    case .moveItem(let from, let to): try node.moveItem(at: from, to: to)
                    default: break
                    }
                }
            }
        } catch {
            refused = true
        }
        if strict, refused != (model == nil) {
            fatalError("strict mode \(refused ? "refused" : "accepted") \(edits) on \(old.count) items, "
                + "which the model \(model == nil ? "refuses" : "accepts")")
        }
    }

    /// A new list of stories (some kept, some new, some changed, reordered), applied
    /// as the diff's change set, as a diffable data source does.
    mutating func applySnapshot() {
        let old = source.stories
        var new = old.filter { _ in !random.chance(4) }.map { story in
            random.chance(4) ? Story(id: story.id, version: story.version + 1) : story
        }
        for _ in 0 ..< random.int(0 ..< 4) where new.count < Self.maximumItems {
            new.insert(newStory(), at: random.int(0 ..< new.count + 1))
        }
        for _ in 0 ..< random.int(0 ..< 3) where new.count > 1 {
            new.swapAt(random.int(0 ..< new.count), random.int(0 ..< new.count))
        }
        let changeSet = ChangeSet(diffing: [DiffSection(model: 0, items: old)], to: [DiffSection(model: 0, items: new)])
        source.stories = new
        var refusal: DataControllerError?
        node!.dataController.updateWithChangeSet(changeSet) { if case .failure(let error) = $0 { refusal = error } }
        if let refusal { fatalError("a diff's change set was refused: \(refusal)") }
    }

    /// Settles, then selects or deselects a random path, which may name no item:
    /// then a typed error, and the selection stays.
    mutating func select() {
        guard settle() else { return }
        let node = node!
        let path = IndexPath(item: random.int(-1 ..< source.stories.count + 2), section: random.chance(8) ? 1 : 0)
        let names = path.section == 0 && (0 ..< source.stories.count).contains(path.item)
        let before = node.indexPathsForSelectedItems
        let selects = !random.chance(3)
        do {
            if selects { try node.selectItem(at: path) } else { try node.deselectItem(at: path) }
            if !names { fatalError("\(selects ? "selecting" : "deselecting") \(path) of \(source.stories.count) items did not throw") }
            if selects { selectedIDs.insert(source.stories[path.item].id) }
        } catch {
            if names { fatalError("\(selects ? "selecting" : "deselecting") \(path) of \(source.stories.count) items threw \(error)") }
            if node.indexPathsForSelectedItems != before { fatalError("a refused selection of \(path) changed the selection") }
        }
    }

    /// Unloads random loaded items of a lazy collection by hand, as an app under
    /// memory pressure may; those a range needs load again.
    mutating func unload() {
        let node = node!
        let map = node.dataController.visibleMap
        guard map.numberOfSections > 0 else { return }
        let count = map.numberOfItems(inSection: 0)
        let paths = (0 ..< count).filter { _ in random.chance(3) }.map { IndexPath(item: $0, section: 0) }
        node.dataController.unloadItems(at: paths)
    }

    /// An offset or a viewport of an extreme value (reliability round 4: NaN,
    /// ±infinity, ±10^300, -1, 0): a non-finite offset is refused and changes
    /// nothing, anything else is clamped; the geometry stays finite. The viewport
    /// comes back to its size after.
    mutating func extremeGeometry() {
        let node = node!
        let value = random.pick([CGFloat.nan, .infinity, -.infinity, 1e300, -1e300, -1, 0])
        let before = node.contentOffset
        if random.chance(2) {
            node.contentOffset = CGPoint(x: value, y: value)
            if !value.isFinite, node.contentOffset != before {
                fatalError("an offset of \(value) moved the view from \(before) to \(node.contentOffset)")
            }
        } else {
            node.viewportSize = CGSize(width: value, height: value)
            node.layoutIfNeeded()
            node.viewportSize = CGSize(width: 320, height: 1_000)
        }
        node.layoutIfNeeded()
        let content = node.layout.contentSize, offset = node.contentOffset
        if !(content.width.isFinite && content.height.isFinite && offset.x.isFinite && offset.y.isFinite) {
            fatalError("after \(value): content \(content), offset \(offset)")
        }
    }

    /// Waits for every update, and every load the ranges ask for on the turns
    /// after, then checks the view against the data source. Returns whether the
    /// view shows the data source.
    @discardableResult
    mutating func settle() -> Bool {
        let node = node!
        repeat {
            node.waitUntilAllUpdatesAreProcessed()
            scheduler.runAll()
        } while scheduler.pendingJobCount > 0 || node.dataController.isProcessingUpdates
        let count = view.numberOfSections == 0 ? 0 : view.numberOfItems(inSection: 0)
        let shown = (0 ..< count).map { item -> Story? in
            let element = view.cellForItem(at: IndexPath(item: item, section: 0)) as? CollectionElement
            return (element?.nodeIfAllocated as? StoryCell)?.story ?? element?.nodeModel as? Story
        }
        // A lazy collection's items without cells are absent, not wrong; so are a
        // pager's pages far from the viewport.
        let mayLackCells = lazy || container == .pager
        let matches = shown.count == source.stories.count
            && zip(shown, source.stories).allSatisfy { shown, story in shown.map { $0 == story } ?? mayLackCells }
        let mode = strict ? "strict" : "faithful"
        if !view.inconsistencies.isEmpty { fatalError("\(mode): the view raised \(view.inconsistencies)") }
        if strict, !matches { fatalError("strict: the view shows \(shown), the data source has \(source.stories)") }
        if strict, !view.divergences.isEmpty { fatalError("strict: divergences \(view.divergences)") }
        if !matches, view.divergences.isEmpty {
            fatalError("\(mode): the view shows \(shown) for \(source.stories) and recorded no divergence")
        }
        for (what, errors) in [("range", node.rangeErrors.map(\.description)),
                               ("layout", node.layoutErrors.map(\.description)),
                               ("mount", view.mountErrors.map(\.description)),
                               ("shared node", node.sharedNodeErrors.map(\.description))] where !errors.isEmpty {
            fatalError("\(mode): \(what) errors \(errors)")
        }
        guard matches else { return false }
        // Headers: as many as the data source says, each showing the current count
        // unless the data source keeps them through item edits.
        let header = CollectionNode.elementKindSectionHeader
        for item in 0 ..< source.headerCount {
            guard let cell = node.supplementaryNode(ofKind: header, at: IndexPath(item: item, section: 0)) as? StoryCell else {
                fatalError("\(mode): header \(item) of \(source.headerCount) is missing")
            }
            if !source.keepsHeaders, cell.story.id != -1 - source.stories.count {
                fatalError("\(mode): header \(item) shows count \(-1 - cell.story.id), the section has \(source.stories.count)")
            }
        }
        if node.supplementaryNode(ofKind: header, at: IndexPath(item: source.headerCount, section: 0)) != nil {
            fatalError("\(mode): a header past the \(source.headerCount) the data source has")
        }
        for path in node.indexPathsForSelectedItems {
            guard path.section == 0, path.item < source.stories.count, selectedIDs.contains(source.stories[path.item].id) else {
                fatalError("\(mode): \(path) is selected, which names \(path.item < source.stories.count ? "\(source.stories[path.item])" : "no item"), never selected")
            }
        }
        return true
    }
}

#if !FUZZING
/// Without -DFUZZING this target replays inputs: `PipelineFuzzer file...`.
@main
enum Replay {
    static func main() {
        replayFuzzInputs { _ = fuzzPipeline($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
    }
}
#endif
