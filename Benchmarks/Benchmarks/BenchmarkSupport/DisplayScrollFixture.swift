public import Foundation
import Synchronization
public import Weft
public import WeftSimulation
import WeftHeadless
import WeftCore
import WeftDataController

/// A feed of real post cells (avatar image, author, 3 to 6 lines of Pango
/// text) scrolled frame by frame at a steady speed, paced at 60 Hz in real time so
/// that the display workers get the time a device's frames would give them.
///
/// The same feed draws asynchronously (Weft's model) or on main (UIKit's
/// `draw(_:)`, the peer). Each frame's main-thread work is measured: the main-queue
/// jobs of the pipeline, the finished drawings committed, the scroll and the range
/// update (with synchronous display, the drawings themselves).
@MainActor
public final class DisplayScrollFixture: CollectionNodeDataSource {
    public let node: CollectionNode
    private let scheduler = QueueScheduler()
    private let count: Int
    private let asynchronous: Bool
    private let made = NodesMade()
    /// The visible items drawn in the last frame recorded.
    private var drawnItems: Set<IndexPath> = []

    /// Cells the node blocks have made.
    public var nodesMade: Int { made.value.load(ordering: .relaxed) }
    /// The viewport: an iPhone's.
    public nonisolated static let viewport = CGSize(width: 390, height: 844)

    /// What a run of frames measured.
    public struct Frames {
        /// The main thread's time in each frame.
        public var main: [Duration] = []
        /// Of that, summed over the frames: the pipeline's main jobs, the drawings
        /// committed, and the scroll with its range update and mount pass.
        public var jobs: Duration = .zero
        public var commits: Duration = .zero
        public var rangeUpdates: Duration = .zero
        /// The main thread's display work in each frame, from the pipeline's
        /// trace: capturing drawings, drawing (synchronous display) and committing.
        public var display: [Duration] = []
        /// Visible cells without contents (theirs or a subnode's that draws), summed over the frames.
        public var blankCellFrames = 0
        /// Visible cells, summed over the frames.
        public var cellFrames = 0
        /// Visible cells showing placeholders (not blank), summed over the frames.
        public var placeholderCellFrames = 0
        /// Visible cells drawn in one frame and blank in the next (no update
        /// moves an item during a scroll, so an index path is one item).
        public var flashedCellFrames = 0
        /// How far drawn cells reach past the viewport's bottom, in screens, each frame.
        public var lead: [Double] = []
    }

    public init(count: Int, loading: DataController.ItemLoading, asynchronous: Bool) throws {
        self.count = count
        self.asynchronous = asynchronous
        node = CollectionNode(
            layout: try ListLayout(estimatedItemLength: 120), view: HeadlessCollectionView(), itemLoading: loading,
            mainScheduler: scheduler,
            deallocQueue: .shared)
        node.dataSource = self
        node.viewportSize = Self.viewport
        node.isVisible = true
        DisplayNode.defaultContentsScale = 2
    }

    /// Loads the first screen and draws it, then scrolls a screen so the ranges
    /// reach full mode.
    public func load() throws {
        node.reloadData()
        while node.visibleNodes.isEmpty || node.visibleNodes.count != node.indexPathsForVisibleItems.count {
            guard scheduler.waitForJob(timeout: .seconds(60)) else { throw LazyFeedFixture.Stalled() }
            scheduler.runJob()
        }
        for cell in node.visibleNodes { cell.recursivelyEnsureDisplaySynchronously() }
        _ = scroll(frames: 30, screensPerSecond: 2)
    }

    /// Scrolls down `frames` frames at `screensPerSecond`, 60 frames a second.
    public func scroll(frames: Int, screensPerSecond: Double) -> Frames {
        let clock = ContinuousClock()
        let period = Duration.microseconds(16_667)
        let step = Self.viewport.height * screensPerSecond / 60
        var result = Frames()
        result.main.reserveCapacity(frames)
        let spans = DisplaySpans()
        PipelineTracing.install(spans)
        defer { PipelineTracing.install(nil) }
        var deadline = clock.now
        for _ in 0 ..< frames {
            let start = clock.now
            scheduler.runScheduledJobs()
            let jobsDone = clock.now
            DisplayNode.commitFinishedDisplays()
            let committed = clock.now
            node.contentOffset.y += step
            node.layoutIfNeeded()
            let end = clock.now
            result.main.append(end - start)
            result.jobs += jobsDone - start
            result.commits += committed - jobsDone
            result.rangeUpdates += end - committed
            result.display.append(.nanoseconds(spans.take()))
            record(into: &result)
            deadline += period
            if clock.now < deadline { Thread.sleep(until: Date(timeIntervalSinceNow: (deadline - clock.now).seconds)) }
        }
        return result
    }

    /// Counts the visible cells shown blank and the display lead after a frame.
    private func record(into frames: inout Frames) {
        let visible = node.indexPathsForVisibleItems
        let bottom = node.contentOffset.y + Self.viewport.height
        // The screen's count: a visible item without a node (a lazy item still
        // loading) is blank as much as one whose node has not drawn.
        let shown = node.viewIndexPathsForVisibleItems
        let blank = Set(node.blankVisibleItems)
        frames.cellFrames += shown.count
        frames.blankCellFrames += blank.count
        frames.placeholderCellFrames += node.placeholderVisibleItems.count
        frames.flashedCellFrames += blank.intersection(drawnItems).count
        drawnItems = Set(shown).subtracting(blank)
        // Drawn cells from the last visible one on, until the first that is not.
        var reach = bottom
        var path = visible.last ?? IndexPath(item: 0, section: 0)
        while path.item < count, let cell = node.nodeForItem(at: path), Self.isDrawn(cell),
            let frame = node.layout.frameForItem(at: path) {
            reach = frame.maxY
            path = IndexPath(item: path.item + 1, section: 0)
        }
        frames.lead.append(max(reach - bottom, 0) / Self.viewport.height)
    }

    /// Whether a cell and every node of it that draws has contents.
    private static func isDrawn(_ cell: DisplayNode) -> Bool {
        guard cell.contents != nil else { return false }
        return cell.subnodes.allSatisfy { $0.contents != nil }
    }

    public func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        count
    }

    public func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath
    ) -> CollectionElement.NodeBlock {
        let asynchronous = asynchronous
        let made = made
        return {
            made.value.add(1, ordering: .relaxed)
            return PostCellNode(id: indexPath.item, displaysAsynchronously: asynchronous)
        }
    }
}

private final class NodesMade: Sendable {
    let value = Atomic(0)
}

/// Sums the main thread's display spans of the pipeline's trace.
final class DisplaySpans: TraceRecorder {
    private let total = Atomic<UInt64>(0)

    func record(_ record: TraceRecord) {
        guard record.category == "display", record.role == "main", case .span(let nanoseconds) = record.kind else { return }
        total.add(nanoseconds, ordering: .relaxed)
    }

    /// The nanoseconds summed since the last call.
    func take() -> UInt64 { total.exchange(0, ordering: .relaxed) }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        let (s, atto) = components
        return Double(s) + Double(atto) / 1e18
    }
}

/// Real post cells measured fresh: the work a data controller's node blocks do.
public enum PostMeasureFixture {
    /// `count` fresh cells, made on every core, their bodies set as `bodyText` says.
    public static func make(_ count: Int, bodyText: PostBodyText = .plain) -> [PostCellNode] {
        nonisolated(unsafe) var cells = [PostCellNode?](repeating: nil, count: count)
        cells.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: count) { index in
                slots[index] = PostCellNode(id: index, bodyText: bodyText)
            }
        }
        return cells.map { $0! }
    }

    /// Measures `cells` at 390 points wide, on every core or one at a time.
    public static func measure(_ cells: [PostCellNode], parallel: Bool) {
        let range = (try? SizeRange(min: CGSize(width: 390, height: 0), max: CGSize(width: 390, height: CGFloat.infinity)))
            ?? .unconstrained
        measureCells(cells, in: range, parallel: parallel)
    }
}
