import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Weft
import WeftHeadless
import WeftMemory
import WeftCore
import WeftDisplay

/// A feed on a `CollectionNode` over a headless view, driven frame by
/// frame: an initial load, scrolling at a frame rate, batch fetching near the
/// end, random valid updates from snapshots, and deliberately invalid updates
/// that the pipeline must refuse.
///
/// Frames are simulated, not waited for: between two frames the background
/// queues finish what they were handed (the time a real frame would give them),
/// and each frame runs what main was handed (commits, coalesced range updates,
/// snapshots to apply), issues the updates due, scrolls, and lays out, and the
/// time main spends on that is the frame's time. As in an app that keeps a large feed responsive, snapshots are built
/// on a queue of their own and applied with
/// `CollectionDiffableDataSource.applyInBackground(_:animatingDifferences:completion:)`,
/// which diffs on the pipeline's editing queue; node allocation runs on
/// background threads too, as it would on a device.
@MainActor
public final class Simulation {
    /// Reports progress: frames done, frames in all.
    public typealias Progress = (Int, Int) -> Void

    private let options: SimulationOptions
    private let scheduler = SimulationScheduler()
    private let deallocQueue: DeallocQueue
    private let node: CollectionNode
    /// The node's backing view, which checks every commit by UIKit's rules.
    private let view = HeadlessCollectionView()
    /// The cells this simulation made, to count those alive.
    private let cells = CellRegistry()
    /// Each cell's milliseconds from entering the display range to its contents (main only).
    private let latencies = LatencyLog()
    private let feed: CollectionDiffableDataSource<Int, Post>
    private let fetcher: BatchFetcher
    private let model = FeedModel()
    /// How many posts the model holds once the edits handed to it are done.
    private var modelCount = 0
    private var random: SplitMix64
    private var report: SimulationReport
    private var nextID: Int
    private var scrollDirection: CGFloat = 1
    /// The posts drawn on screen in the last frame (for the flashed-cell count).
    private var drawnPosts = Set<Int>()
    /// The run's start on the pipeline's trace clock, which every event counts from.
    private let origin = PipelineTracing.now()
    /// Collects the pipeline's events on every thread, when the options ask for a trace.
    private var recorder: PipelineTraceRecorder?

    /// Prepares a run with validated options.
    ///
    /// - Throws: ``SimulationError/invalidOption(_:)`` naming the bad option.
    public init(options: SimulationOptions) throws {
        self.options = try options.validated()
        deallocQueue = try DeallocQueue()
        node = CollectionNode(
            layout: try ListLayout(), view: view, itemLoading: options.loadsLazily ? .lazy : .eager,
            mainScheduler: scheduler, deallocQueue: deallocQueue)
        let cells = cells
        let latencies = latencies
        let scale = options.scale
        feed = CollectionDiffableDataSource(collectionNode: node) { _, post in
            {
                let cell = PostCellNode(id: post.id, version: post.version) { nanoseconds in
                    latencies.append(Double(nanoseconds) / 1e6)
                }
                cell.contentsScale = scale
                cells.add(cell)
                return cell
            }
        }
        fetcher = BatchFetcher(pageSize: options.pageSize, maximumItems: options.maximumItems)
        random = SplitMix64(seed: options.seed)
        report = SimulationReport(options: options)
        nextID = options.initialItems
    }

    /// Runs every frame and returns what was measured.
    public func run(progress: Progress? = nil) throws -> SimulationReport {
        if options.tracesPipeline {
            let recorder = PipelineTraceRecorder(origin: origin)
            self.recorder = recorder
            PipelineTracing.install(recorder)
        }
        defer { if recorder != nil { PipelineTracing.install(nil) } }
        if let directory = options.framesDirectory { try SimulationReport.makeDirectory(directory) }
        node.viewportSize = options.viewportSize
        node.isVisible = true
        node.delegate = fetcher
        fetcher.simulation = self
        model.update([.append((0 ..< options.initialItems).map { Post(id: $0) })], scheduler: scheduler) { [feed] in
            feed.applyInBackground($0, completion: nil)
        }
        modelCount = options.initialItems
        settle()
        Bitmap.resetPeakMemory()
        var firstScreenDrawn = false
        let period = UInt64(1e9 / Double(options.framesPerSecond))

        let frames = options.frameCount
        let updateEvery = options.updatesPerSecond > 0
            ? max(Int((Double(options.framesPerSecond) / options.updatesPerSecond).rounded()), 1) : Int.max
        for frame in 0 ..< frames {
            // Frames run faster than real time; between two of them the background
            // queues get the time a device's frame would give them. Main's work, the
            // measured part, all happens inside the frames.
            model.waitUntilBuilt()
            node.dataController.waitForBackgroundWork()
            if frame % 6 == 0 { recordCounters() }
            let frameStart = PipelineTracing.now()
            scheduler.runPendingJobs()
            DisplayNode.commitFinishedDisplays()
            if frame % updateEvery == updateEvery - 1 { issueUpdate() }
            scroll()
            node.layoutIfNeeded()
            let frameEnd = PipelineTracing.now()
            let microseconds = Double(frameEnd - frameStart) / 1_000
            report.frameMicroseconds.append(microseconds)
            let cells = node.visibleCells()
            let screen = node.screen(of: cells, at: CollectionNode.frameTime)
            let blank = screen.blankItems.count
            firstScreenDrawn = firstScreenDrawn || blank == 0
            if firstScreenDrawn {
                report.blankCellFrames += blank
                report.placeholderCellFrames += screen.placeholderItems.count
                report.cellFrames += node.indexPathsForVisibleItems.count
            }
            countFlashes(cells, screen)
            report.displayLeads.append(node.displayLead)
            if let directory = options.framesDirectory, frame % options.frameEvery == 0 {
                try writeFrame(frame, to: directory)
            }
            // The display workers draw in real time: give them what remains of the
            // frame, as a device's frame would.
            let deadline = frameStart + period
            let now = PipelineTracing.now()
            if now < deadline { usleep(UInt32((deadline - now) / 1_000)) }
            report.traceEvents.append(TraceEvent(
                name: "frame", cat: "main", ph: "X", ts: self.microseconds(since: frameStart), dur: microseconds,
                args: ["frame": .number(Double(frame)), "offset": .number(Double(Int(node.contentOffset.y)))]))
            progress?(frame + 1, frames)
        }
        try finish()
        return report
    }

    /// Counts the posts drawn in the last frame that this frame shows blank,
    /// and remembers the posts drawn now. A post is told by its cell's node,
    /// so a reload (a new node for the same post) is seen through.
    private func countFlashes(_ cells: [VisibleCell], _ screen: _Screen) {
        let blank = Set(screen.blankItems)
        var drawn = Set<Int>()
        for cell in cells where cell.supplementaryKind == nil {
            guard let post = (cell.node as? PostCellNode)?.postID else { continue }
            if blank.contains(cell.indexPath) {
                if drawnPosts.contains(post) { report.flashedCellFrames += 1 }
            } else {
                drawn.insert(post)
            }
        }
        drawnPosts = drawn
    }

    /// Appends a page of new posts; called by the batch fetcher.
    func fetchPage(completion: @escaping @MainActor @Sendable (Bool) -> Void) {
        let count = min(options.pageSize, options.maximumItems - modelCount)
        guard count > 0 else {
            completion(false)
            return
        }
        let page = (0 ..< count).map { _ in newPost() }
        modelCount += count
        model.update([.append(page)], scheduler: scheduler) { [feed] snapshot in
            feed.applyInBackground(snapshot) { completion((try? $0.get()) != nil) }
        }
        report.batchFetches += 1
        report.updatesApplied += 1
        instant("batch fetch", ["items": "\(count)"])
    }

    private func issueUpdate() {
        if Double.random(in: 0 ..< 1, using: &random) < options.invalidShare {
            issueInvalidUpdate()
        } else {
            model.update(randomEdits(), scheduler: scheduler) { [feed, weak self] snapshot in
                feed.applyInBackground(snapshot) { result in
                    if case .failure(let error) = result { self?.report.refusals.append(error.description) }
                }
            }
            report.updatesApplied += 1
            instant("update", [:])
        }
    }

    /// A random next state of the feed: posts inserted, deleted, moved, changed.
    private func randomEdits() -> [FeedModel.Edit] {
        var edits: [FeedModel.Edit] = []
        for _ in 0 ..< Int.random(in: 1 ... 8, using: &random) {
            switch Int.random(in: 0 ..< 4, using: &random) {
            case 0:
                edits.append(.insert(newPost(), at: Int.random(in: 0 ... modelCount, using: &random)))
                modelCount += 1
            case 1 where modelCount > 0:
                edits.append(.remove(at: Int.random(in: 0 ..< modelCount, using: &random)))
                modelCount -= 1
            case 2 where modelCount > 1:
                let from = Int.random(in: 0 ..< modelCount, using: &random)
                edits.append(.move(from: from, to: Int.random(in: 0 ..< modelCount, using: &random)))
            case 3 where modelCount > 0:
                edits.append(.change(at: Int.random(in: 0 ..< modelCount, using: &random)))
            default:
                break
            }
        }
        return edits
    }

    /// Waits until the model has built every snapshot handed to it and the
    /// pipeline has committed them all, with the loads the ranges asked for after.
    private func settle() {
        _ = model.settledPosts()
        repeat {
            scheduler.runPendingJobs()
            node.waitUntilAllUpdatesAreProcessed()
        } while scheduler.hasPendingJobs || node.dataController.isProcessingUpdates
    }

    /// An update that breaks a batch-update rule; the collection node must throw.
    private func issueInvalidUpdate() {
        report.invalidUpdatesIssued += 1
        let count = node.numberOfItems(inSection: 0)
        let kind = Int.random(in: 0 ..< 3, using: &random)
        do {
            switch kind {
            case 0:
                try node.deleteItems(at: [IndexPath(item: count + 3, section: 0)])
            case 1:
                try node.insertItems(at: [IndexPath(item: 0, section: 0)])
            default:
                try node.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: count + 1, section: 0))
            }
            report.invalidUpdatesAccepted.append("kind \(kind) with \(count) items")
        } catch {
            report.refusals.append(error.description)
            instant("refused", ["error": error.description])
        }
    }

    /// Moves the viewport one frame along; at the end of a full feed it turns back.
    private func scroll() {
        let step = options.scrollSpeed / CGFloat(options.framesPerSecond) * scrollDirection
        let limit = max(node.layout.contentSize.height - options.viewportSize.height, 0)
        var y = node.contentOffset.y + step
        if y >= limit, modelCount >= options.maximumItems { scrollDirection = -1 }
        if y <= 0, scrollDirection < 0 { scrollDirection = 1 }
        y = min(max(y, 0), limit)
        node.contentOffset = CGPoint(x: 0, y: y)
    }

    private func finish() throws {
        settle()
        // Every item with an element shows its post; a lazy feed's others are absent.
        let shown = node.dataController.visibleMap.items(inSection: 0)
        let posts = feed.shownSnapshot.itemIdentifiers
        report.viewMatchesFeed = shown.count == posts.count
            && zip(shown, posts).allSatisfy { element, post in
                element.map { $0.nodeModel as? Post == post } ?? options.loadsLazily
            }
            && posts == model.settledPosts()
            && view.numberOfItems(inSection: 0) == shown.count
        report.viewInconsistencies = view.inconsistencies.map(\.description)
        report.viewDivergences = view.divergences.map(\.description)
        report.itemsAtEnd = feed.snapshot.numberOfItems
        report.backingViewsCreated = view.reusePool.statistics.viewsCreated
        report.nodesCreated = cells.created
        try deallocQueue.drain()
        report.nodesAlive = cells.alive
        report.memory = try? MemoryReport.current()
        report.contentsMemory = Bitmap.memory
        report.displayLatencies = latencies.values
        recordCounters()
        if let recorder { report.traceEvents += recorder.events() }
    }

    /// Composes the viewport and writes it as `frame-NNNNNN.png`.
    private func writeFrame(_ frame: Int, to directory: String) throws {
        let composed: ComposedFrame
        do {
            composed = try node.composeFrame(scale: options.scale)
        } catch {
            throw SimulationError.cannotWrite(path: directory, reason: error.description)
        }
        let path = directory + "/" + String(format: "frame-%06d.png", frame)
        try SimulationReport.write(composed.bitmap.pngData(), to: path)
        report.framesWritten.append(path)
    }

    private func newPost() -> Post {
        defer { nextID += 1 }
        return Post(id: nextID)
    }

    private func instant(_ name: String, _ args: [String: String]) {
        report.traceEvents.append(TraceEvent(
            name: name, cat: "pipeline", ph: "i", ts: microseconds(since: PipelineTracing.now()), s: "t",
            args: args.mapValues { .text($0) }))
    }

    /// Microseconds from the run's start.
    private func microseconds(since time: UInt64) -> Double {
        Double(Int64(bitPattern: time &- origin)) / 1_000
    }

    /// Live nodes and each subsystem's memory, as counters between frames, and
    /// as samples for the chart's second panel.
    private func recordCounters() {
        let ts = microseconds(since: PipelineTracing.now())
        let live = Double(cells.alive)
        report.traceEvents.append(TraceEvent(
            name: "live nodes", cat: "counter", ph: "C", ts: ts, args: ["live nodes": .number(live)]))
        var sample = SimulationReport.CounterSample(frame: report.frameMicroseconds.count, liveNodes: Int(live), bytes: [:])
        if let memory = try? MemoryReport.current() {
            var args: [String: TraceEvent.Argument] = [:]
            for subsystem in Subsystem.allCases {
                let bytes = memory[subsystem].allocatedBytes
                args[subsystem.description] = .number(Double(bytes))
                sample.bytes[subsystem.description] = bytes
            }
            report.traceEvents.append(TraceEvent(name: "memory (bytes)", cat: "counter", ph: "C", ts: ts, args: args))
        }
        report.counterSamples.append(sample)
    }
}

/// Asks the simulation for a page whenever the range controller wants more.
@MainActor
final class BatchFetcher: CollectionNodeDelegate {
    weak var simulation: Simulation?
    let pageSize: Int
    let maximumItems: Int

    init(pageSize: Int, maximumItems: Int) {
        self.pageSize = pageSize
        self.maximumItems = maximumItems
    }

    func shouldBatchFetch(for collectionNode: CollectionNode) -> Bool {
        collectionNode.numberOfItems(inSection: 0) < maximumItems
    }

    func collectionNode(_ collectionNode: CollectionNode, willBeginBatchFetchWith context: BatchContext) {
        // The data source completes on main, when the page has committed.
        simulation?.fetchPage { finished in context.completeBatchFetching(finished) }
    }
}
