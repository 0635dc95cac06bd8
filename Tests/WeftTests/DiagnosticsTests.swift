import Foundation
import Testing
import Weft
import WeftTestSupport

/// A cell whose layout names a node that another node holds: automatic subnode
/// management refuses it every time it is applied.
final class ForeignChildCell: CellNode, @unchecked Sendable {
    let foreign: DisplayNode

    init(foreign: DisplayNode) {
        self.foreign = foreign
        super.init()
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .stack(.vertical, children: [LayoutSpec.node(foreign).style { $0.height = .points(20) }])
    }
}

/// Items whose cells name a node held elsewhere, or plain cells.
@MainActor
final class DiagnosticsFeed: CollectionNodeDataSource {
    var count = 5
    let owner = DisplayNode()
    /// The item whose cell names a node that ``owner`` holds.
    var foreignItem: Int?

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        guard indexPath.item == foreignItem else { return { CellNode() } }
        let held = DisplayNode()
        // A detached leaf under a node of its own: adding it cannot fail.
        try! owner.addSubnode(held)
        return { ForeignChildCell(foreign: held) }
    }
}

/// Records every diagnostic forwarded to it.
final class RecordingSink: DiagnosticsSink, @unchecked Sendable {
    // `@unchecked Sendable`: `records` is only touched under `lock`.
    private let lock = NSLock()
    private var records: [Diagnostic] = []

    func report(_ diagnostic: Diagnostic) {
        lock.withLock { records.append(diagnostic) }
    }

    var received: [Diagnostic] { lock.withLock { records } }
}

/// Every layer reports what it could not do to the container's one log, with
/// its layer, update and index paths, through each container.
@MainActor
@Suite struct DiagnosticsTests {
    @Test(arguments: ContainerKind.allCases)
    func aRefusedUpdateIsReportedByTheDataController(kind: ContainerKind) throws {
        let feed = DiagnosticsFeed()
        let container = try kind.loaded(feed, scheduler: ManualMainScheduler())
        #expect(container.diagnostics.isEmpty)
        // The data source gains no item, but the edit says one was inserted.
        #expect(throws: DataControllerError.self) { try container.insertItems(at: [IndexPath(item: 0, section: 0)]) }
        let reported = container.diagnostics.diagnostics
        #expect(reported.count == 1)
        #expect(reported.first?.layer == .dataController && reported.first?.update == nil)
        #expect(reported.first?.error is DataControllerError)
    }

    /// The layout a cell cannot adopt is reported where each layer meets it: at
    /// the commit (the data controller), as the cell enters the preload range
    /// (the range controller; this was a `try?` that dropped it), and as the
    /// visible cell mounts (the container), each with the item's index path.
    @Test(arguments: ContainerKind.allCases)
    func aLayoutACellCannotAdoptIsReportedByEveryLayerThatMeetsIt(kind: ContainerKind) throws {
        let feed = DiagnosticsFeed()
        feed.foreignItem = 0
        let sink = RecordingSink()
        let scheduler = ManualMainScheduler()
        let log = DiagnosticsLog(forwardingTo: sink)
        let container = try kind.loaded(feed, scheduler: scheduler, diagnostics: log)
        scheduler.runAll()

        let layouts = log.diagnostics.filter { $0.error is NodeError }
        let layers = Set(layouts.map(\.layer))
        #expect(layers == [.dataController, .rangeController, .container])
        #expect(layouts.allSatisfy { $0.indexPaths == [IndexPath(item: 0, section: 0)] })
        #expect(layouts.first { $0.layer == .dataController }?.update == 1)
        #expect(container.layoutErrors.count == layouts.filter { $0.layer == .container }.count)
        #expect(container.dataController.layoutErrors.count == 1)
        #expect(sink.received.count == log.diagnostics.count, "the sink hears every record")
        if case .layoutChildHasAnotherSupernode = layouts.first?.error as? NodeError {} else {
            Issue.record("expected layoutChildHasAnotherSupernode, got \(String(describing: layouts.first))")
        }
    }
    /// Step 3 judges, on the threads that measure them, which new cells the
    /// commit must look at; the commit reports what those have. A large
    /// insert goes off main (the map queue makes its elements), and the one
    /// cell among 200 whose layout cannot be adopted is still reported by the
    /// data controller at that update, with its index path, and only it.
    @Test(arguments: ContainerKind.allCases)
    func aLayoutErrorAmongALargeInsertMadeOffMainIsReportedAtItsCommit(kind: ContainerKind) throws {
        let feed = DiagnosticsFeed()
        let scheduler = ManualMainScheduler()
        let log = DiagnosticsLog()
        let container = try kind.loaded(feed, scheduler: scheduler, diagnostics: log)
        scheduler.runAll()
        #expect(container.dataController.layoutErrors.isEmpty)
        let inserted = (5 ..< 205).map { IndexPath(item: $0, section: 0) }
        #expect(inserted.count >= container.dataController.offMainMapEditThreshold, "the insert goes off main")
        feed.foreignItem = 150
        feed.count = 205
        try container.insertItems(at: inserted)
        container.waitUntilAllUpdatesAreProcessed()
        scheduler.runAll()
        #expect(container.numberOfItems(inSection: 0) == 205)
        let reported = log.diagnostics.filter { $0.error is NodeError && $0.layer == .dataController }
        #expect(reported.count == 1, "\(reported)")
        #expect(reported.first?.indexPaths == [IndexPath(item: 150, section: 0)])
        #expect(reported.first?.update == 2)
    }
}
