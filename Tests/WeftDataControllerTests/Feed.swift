import Dispatch
import Foundation
import Synchronization
import WeftChangeSet
import WeftCore
import WeftMemory
import WeftDataController
import WeftHeadless
import WeftDiff
import WeftNode
import WeftTestSupport

/// One post of the test feed: its identity and a version that changes with its content.
struct FeedItem: Hashable, Sendable, Diffable {
    var id: Int
    var version = 0

    var diffIdentifier: Int { id }
    func isContentEqual(to other: FeedItem) -> Bool { version == other.version }
}

typealias FeedSection = DiffSection<Int, FeedItem>

/// Where and how often node blocks ran; shared with the blocks, which run off main.
/// PosixMutex rather than Mutex: node blocks contend for it on many threads, and
/// ThreadSanitizer cannot see a contended Mutex hand over on Linux.
final class NodeLog: Sendable {
    private let threads = PosixMutex<[ThreadIdentity]>([])
    private let deinits = PosixMutex<[(Int, ThreadIdentity)]>([])
    /// Closed gates hold node blocks back, so that a test can keep step 3 busy.
    let gate = PosixMutex<DispatchSemaphore?>(nil)
    /// Called at the start of every node block, on its thread.
    let onBlock = PosixMutex<(@Sendable () -> Void)?>(nil)

    var blockThreads: [ThreadIdentity] { threads.withLock { $0 } }
    var deinitRecords: [(id: Int, thread: ThreadIdentity)] { deinits.withLock { $0.map { ($0.0, $0.1) } } }

    func recordBlock() {
        threads.withLock { $0.append(.current) }
        onBlock.withLock { $0 }?()
        if let gate = gate.withLock({ $0 }) {
            gate.wait()
            gate.signal()
        }
    }

    func recordDeinit(of id: Int) {
        deinits.withLock { $0.append((id, .current)) }
    }
}

/// The node of one feed item; it remembers the item it was made for and logs its death.
final class FeedNode: CellNode, @unchecked Sendable {
    let item: FeedItem
    let log: NodeLog

    init(item: FeedItem, log: NodeLog) {
        self.item = item
        self.log = log
        super.init()
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: 44 + CGFloat(item.id % 3) * 10)
    }

    /// The item is fixed at birth, so a reload with a new version makes a new node.
    override func canUpdate(toNodeModel model: any Hashable & Sendable) -> Bool { false }

    deinit {
        log.recordDeinit(of: item.id)
    }
}

/// A data source holding sections of feed items, that records what it is asked.
@MainActor
final class Feed: DataControllerDataSource {
    var sections: [FeedSection]
    let log = NodeLog()
    var nodeBlockRequests: [IndexPath] = []
    var usesNodeModels = true
    var headerKinds: [String] = []
    var onAsk: (() -> Void)?

    init(_ counts: [Int], firstID: Int = 0) {
        var next = firstID
        sections = counts.enumerated().map { index, count in
            FeedSection(model: index, items: (0 ..< count).map { _ in
                defer { next += 1 }
                return FeedItem(id: next)
            })
        }
    }

    var counts: [Int] { sections.map(\.items.count) }

    func item(at path: IndexPath) -> FeedItem { sections[path.section].items[path.item] }

    func numberOfSections(in dataController: DataController) -> Int {
        onAsk?()
        return sections.count
    }

    func dataController(_ dataController: DataController, numberOfItemsInSection section: Int) -> Int {
        sections[section].items.count
    }

    func dataController(_ dataController: DataController, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        nodeBlockRequests.append(indexPath)
        let item = item(at: indexPath)
        let log = log
        return {
            log.recordBlock()
            return FeedNode(item: item, log: log)
        }
    }

    func dataController(_ dataController: DataController, constrainedSizeForItemAt indexPath: IndexPath) -> SizeRange {
        let width = max(dataController.viewportSize.width, 1)
        return try! SizeRange(min: CGSize(width: width, height: 0), max: CGSize(width: width, height: 1000))
    }

    func dataController(_ dataController: DataController, nodeModelForItemAt indexPath: IndexPath) -> (any Hashable & Sendable)? {
        usesNodeModels ? item(at: indexPath) : nil
    }

    func dataController(_ dataController: DataController, supplementaryKindsInSection section: Int) -> [String] {
        headerKinds
    }
}

/// A data controller, its feed and a headless view, wired as a collection node wires them.
@MainActor
struct Pipeline {
    let feed: Feed
    let controller: DataController
    let view = HeadlessCollectionView()
    let scheduler = ManualMainScheduler()
    let deallocQueue: DeallocQueue

    init(
        _ counts: [Int], allocation: DataController.NodeAllocation = .parallel,
        itemLoading: DataController.ItemLoading = .eager, load: Bool = true
    ) throws {
        feed = Feed(counts)
        deallocQueue = try DeallocQueue()
        controller = DataController(
            nodeAllocation: allocation, itemLoading: itemLoading, mainScheduler: scheduler, deallocQueue: deallocQueue)
        controller.viewportSize = CGSize(width: 320, height: 640)
        controller.dataSource = feed
        controller.delegate = view
        view.attach(to: controller)
        if load {
            controller.reloadData()
            controller.waitUntilAllUpdatesAreProcessed()
        }
    }

    /// Changes the feed to `newSections` and issues the diff as one update.
    func apply(
        _ newSections: [FeedSection],
        completion: (@MainActor (Result<Void, DataControllerError>) -> Void)? = nil
    ) {
        let changeSet = ChangeSet(diffing: feed.sections, to: newSections)
        feed.sections = newSections
        controller.updateWithChangeSet(changeSet, completion: completion)
    }

    /// The feed items the view shows, read from the nodes of its cells.
    var shownItems: [[FeedItem]] {
        view.allCells.map { section in
            section.map { cell in ((cell as! CollectionElement).nodeIfAllocated as! FeedNode).item }
        }
    }

    var feedItems: [[FeedItem]] { feed.sections.map(\.items) }
}
