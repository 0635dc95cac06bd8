import Dispatch
import Foundation
import Synchronization
import Testing
import WeftCore
import WeftNode
import WeftTestSupport

/// A drawing that fills its canvas with one colour, records whether it ran on
/// main, and optionally waits for a latch first.
struct FillDrawing: NodeDrawing {
    let argb: UInt32
    let threads: ThreadLog
    var latch: Gate?

    func draw(in canvas: DrawingCanvas) {
        threads.record(name: String(format: "%08x", argb))
        latch?.wait()
        guard !canvas.isCancelled else { return }
        for row in 0 ..< canvas.pixelHeight {
            (canvas.pixels + row * canvas.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                .update(repeating: argb, count: canvas.pixelWidth)
        }
    }
}

/// Which drawings ran, in order, and whether each ran on main.
// A PosixMutex, not Synchronization's Mutex, so that ThreadSanitizer sees the lock.
final class ThreadLog: Sendable {
    private struct Log {
        var entries: [(name: String, onMain: Bool)] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    private let log = PosixMutex(Log())

    func record(name: String) {
        let onMain = MainQueue.isCurrent
        let ready = log.withLock { log in
            log.entries.append((name, onMain))
            let count = log.entries.count
            defer { log.waiters.removeAll { $0.count <= count } }
            return log.waiters.filter { $0.count <= count }.map(\.continuation)
        }
        for continuation in ready { continuation.resume() }
    }

    var names: [String] { log.withLock { $0.entries.map(\.name) } }
    var onMain: [Bool] { log.withLock { $0.entries.map(\.onMain) } }

    /// Returns once `count` drawings have started, without holding main: the
    /// other suites' main-actor work goes on while a drawing here waits at its gate.
    func waitForStarts(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let started = log.withLock { log in
                if log.entries.count >= count { return true }
                log.waiters.append((count, continuation))
                return false
            }
            if started { continuation.resume() }
        }
    }
}

/// A node that draws a `FillDrawing` of its current colour.
// @unchecked Sendable: the colour and latch are in a PosixMutex.
final class FillNode: DisplayNode, @unchecked Sendable {
    let threads: ThreadLog
    private let fill: PosixMutex<(argb: UInt32, latch: Gate?)>

    init(argb: UInt32, threads: ThreadLog, latch: Gate? = nil, size: CGSize = CGSize(width: 10, height: 4)) {
        self.threads = threads
        fill = PosixMutex((argb, latch))
        super.init()
        contentsScale = 1
        _ = layoutThatFits(try! SizeRange(exactly: size))
    }

    func setFill(_ argb: UInt32, latch: Gate? = nil) {
        fill.withLock { $0 = (argb, latch) }
        setNeedsDisplay()
    }

    /// Changes what the next drawing fills with, without asking for one.
    func setFillQuietly(_ argb: UInt32) {
        fill.withLock { $0 = (argb, nil) }
    }

    override func drawing() -> (any NodeDrawing)? {
        let (argb, latch) = fill.withLock { ($0.argb, $0.latch) }
        return FillDrawing(argb: argb, threads: threads, latch: latch)
    }
}

/// Lets every main-queue block enqueued so far run: one main turn.
@MainActor
func nextMainTurn() async {
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
}

/// The display lifecycle of Texture, step by step (the display issue's five
/// steps). Serialized: the latch tests hold display workers, and the queue is
/// the process's.
@MainActor
@Suite(.serialized) struct DisplayLifecycleTests {
    init() {
        // Drawings here wait at gates while other suites draw: give every suite workers.
        DisplayNode.displayQueueWidth = 16
    }

    @Test func anAsynchronousDrawingRunsOffMainAndLandsOnALaterTurn() async throws {
        let threads = ThreadLog()
        let node = FillNode(argb: 0xFF11_2233, threads: threads)
        try node.recursivelySetInterfaceState([.preload, .display])
        #expect(node.contents == nil, "an asynchronous drawing never lands in the turn that started it")
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        let contents = try #require(node.contents)
        #expect(contents.pixel(x: 3, y: 2) == 0xFF11_2233)
        #expect(contents.pixelWidth == 10 && contents.pixelHeight == 4)
        #expect(threads.onMain == [false])
    }

    /// A layout that arrives while a drawing is in flight draws again: the
    /// drawing was captured for the layout it replaces (a trait change's text
    /// node captured none, and landed nothing over a cell counted drawn).
    @Test func aNewLayoutWhileADrawingIsInFlightDrawsAgain() async throws {
        let threads = ThreadLog(), gate = Gate()
        let node = FillNode(argb: 0xFF11_1111, threads: threads)
        try node.recursivelySetInterfaceState([.preload, .display])
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        node.setFill(0xFF22_2222, latch: gate)
        await threads.waitForStarts(2)  // captured and held at the gate
        // What the node draws follows from its layout, and a new one of the same size arrives.
        node.setFillQuietly(0xFF33_3333)
        node.invalidateCalculatedLayout()
        _ = node.layoutThatFits(try SizeRange(exactly: CGSize(width: 10, height: 4)))
        gate.open()
        while !node.isDisplayComplete {
            await DisplayNode.waitUntilScheduledDisplaysFinish()
            await nextMainTurn()
        }
        #expect(node.contents?.pixel(x: 3, y: 2) == 0xFF33_3333, "drawn for the new layout")
        #expect(threads.names == ["ff111111", "ff222222", "ff333333"])
    }

    @Test func aSynchronousDrawingRunsOnMainAtOnce() throws {
        let threads = ThreadLog()
        let node = FillNode(argb: 0xFF44_5566, threads: threads)
        node.displaysAsynchronously = false
        node.contentsScale = 3
        try node.recursivelySetInterfaceState([.display])
        let contents = try #require(node.contents)
        #expect(contents.pixelWidth == 30 && contents.pixelHeight == 12 && contents.scale == 3)
        #expect(threads.onMain == [true])
    }

    @Test func aNodeThatLeftDisplayBeforeItsDrawingFinishedNeverShowsIt() async throws {
        let threads = ThreadLog(), latch = Gate()
        let node = FillNode(argb: 0xFF00_00FF, threads: threads, latch: latch)
        try node.recursivelySetInterfaceState([.display])
        await threads.waitForStarts(1)
        try node.recursivelySetInterfaceState([])
        latch.open()
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        await nextMainTurn()
        #expect(node.contents == nil)
    }

    @Test func setNeedsDisplayRedrawsAndDropsTheDrawingItReplaced() async throws {
        let threads = ThreadLog(), latch = Gate()
        let node = FillNode(argb: 0xFFAA_0000, threads: threads, latch: latch)
        try node.recursivelySetInterfaceState([.display])
        await threads.waitForStarts(1)
        node.setFill(0xFF00_AA00)
        latch.open()
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        #expect(node.contents?.pixel(x: 0, y: 0) == 0xFF00_AA00)
        #expect(threads.names == ["ffaa0000", "ff00aa00"])
        node.setFill(0xFF00_00AA)
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        #expect(node.contents?.pixel(x: 0, y: 0) == 0xFF00_00AA)
    }

    /// Texture draws a node once per run-loop turn however often it was marked
    /// (TEXTURE-PARITY D4): three marks in one turn make one capture of the
    /// last state, and a mark in a later turn, here from another thread, makes
    /// another.
    @Test func marksInOneTurnMakeOneCaptureOfTheLastState() async throws {
        let threads = ThreadLog()
        let node = FillNode(argb: 0xFF00_0001, threads: threads)
        try node.recursivelySetInterfaceState([.display])
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        #expect(threads.names == ["ff000001"])

        // No suspension between the marks and the check: one turn.
        node.setFill(0xFF00_0002)
        node.backgroundColor = .white
        node.setFill(0xFF00_0003)
        #expect(threads.names.count == 1, "no capture before the turn's")
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        #expect(threads.names == ["ff000001", "ff000003"])
        #expect(node.contents?.pixel(x: 0, y: 0) == 0xFF00_0003)

        await Task.detached { node.setFill(0xFF00_0004) }.value
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        #expect(threads.names == ["ff000001", "ff000003", "ff000004"])
        #expect(node.contents?.pixel(x: 0, y: 0) == 0xFF00_0004)
    }

    @Test func contentsAreClearedATurnAfterLeavingDisplayUnlessTheNodeCameBack() async throws {
        let threads = ThreadLog()
        let node = FillNode(argb: 0xFF12_3456, threads: threads)
        try node.recursivelySetInterfaceState([.display])
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        let first = try #require(node.contents)

        // Range thrash: out and back within the turn keeps the contents (no blank
        // frame), and the re-entry redraws.
        try node.recursivelySetInterfaceState([])
        try node.recursivelySetInterfaceState([.display])
        await nextMainTurn()
        #expect(node.contents != nil)
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        #expect(node.contents !== first, "re-entering display redraws")
        #expect(threads.names.count == 2)

        try node.recursivelySetInterfaceState([.preload])
        #expect(node.contents != nil, "cleared a turn later, not at once")
        await nextMainTurn()
        #expect(node.contents == nil)
    }

    @Test func aNodeAndItsSubnodesGetTheirContentsInTheSameTurn() async throws {
        let threads = ThreadLog(), latch = Gate()
        let cell = FillNode(argb: 0xFF00_0001, threads: threads)
        let slow = FillNode(argb: 0xFF00_0002, threads: threads, latch: latch)
        let fast = FillNode(argb: 0xFF00_0003, threads: threads)
        try cell.addSubnode(slow)
        try cell.addSubnode(fast)
        try cell.recursivelySetInterfaceState([.display])
        // Let the fast drawings finish and several turns pass: nothing lands
        // while the slow subnode draws.
        await threads.waitForStarts(3)
        for _ in 0 ..< 5 { await nextMainTurn() }
        #expect([cell, slow, fast].allSatisfy { $0.contents == nil })
        latch.open()
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        #expect([cell, slow, fast].allSatisfy { $0.contents != nil })
    }

    @Test func aBatchStartsItsDrawingsOnlyWhenItEnds() async throws {
        let threads = ThreadLog()
        let offScreen = (0 ..< 8).map { FillNode(argb: 0xFF00_0000 | UInt32($0), threads: threads) }
        let visible = FillNode(argb: 0xFFFF_FFFF, threads: threads)
        var startedInside = -1
        try DisplayNode.performDisplayBatch {
            for node in offScreen { try node.recursivelySetInterfaceState([.preload, .display]) }
            try visible.recursivelySetInterfaceState(.all)
            startedInside = threads.names.count
        }
        #expect(startedInside == 0, "no drawing starts before the batch ends, so the queue can order them")
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        #expect(([visible] + offScreen).allSatisfy { $0.contents != nil })
    }

    @Test func theDisplayQueueTakesTheHighestPriorityFirstThenTheOldest() {
        // One worker, so the order drawings start in is the order the queue gives them.
        let queue = _DisplayQueue(width: 1)
        let order = PosixMutex<[Int]>([])
        let done = DispatchGroup()
        let jobs = [(0, 10), (1, 11), (0, 12), (1, 13), (0, 14)].map { priority, id in
            done.enter()
            return (priority: priority, run: { @Sendable in
                order.withLock { $0.append(id) }
                done.leave()
            })
        }
        queue.submit(jobs)
        done.wait()
        let orderSeen = order.withLock { $0 }
        #expect(orderSeen == [11, 13, 10, 12, 14])
    }

    /// Runs `count` jobs on `queue`, returning each one's scheduling policy.
    func policies(of count: Int, on queue: _DisplayQueue) -> [Int32] {
        let seen = PosixMutex<[Int32]>([])
        let done = DispatchGroup()
        queue.submit((0 ..< count).map { _ in
            done.enter()
            return (priority: 0, run: { @Sendable in
                let policy = sched_getscheduler(0)
                seen.withLock { $0.append(policy) }
                done.leave()
            })
        })
        done.wait()
        return seen.withLock { $0 }
    }

    @Test func workersNeverPreemptMainOnWakeUpAndEndWhenIdle() async {
        let queue = _DisplayQueue(width: 2, idleLifetime: .milliseconds(20))
        // SCHED_BATCH (3): a worker main wakes never preempts main.
        #expect(policies(of: 4, on: queue) == [3, 3, 3, 3])
        #expect((1 ... 2).contains(queue.workerCount))
        let clock = ContinuousClock(), deadline = clock.now + .seconds(120)
        while queue.workerCount > 0, clock.now < deadline { await Task.yield() }
        #expect(queue.workerCount == 0, "idle workers end")
        #expect(policies(of: 3, on: queue) == [3, 3, 3], "new work gets new workers")
    }

    @Test func ensureDisplaySynchronouslyWaitsForDrawingsInFlightAndDrawsTheRest() throws {
        let threads = ThreadLog()
        let cell = FillNode(argb: 0xFF00_0010, threads: threads)
        let child = FillNode(argb: 0xFF00_0011, threads: threads)
        try cell.addSubnode(child)
        try cell.recursivelySetInterfaceState([.display])
        cell.recursivelyEnsureDisplaySynchronously()
        #expect(cell.contents?.pixel(x: 0, y: 0) == 0xFF00_0010)
        #expect(child.contents?.pixel(x: 0, y: 0) == 0xFF00_0011)
        #expect(threads.names.count == 2, "drawings in flight are waited for, not drawn twice")
    }

    @Test func aBackgroundColourDrawsWithRoundedCorners() throws {
        let node = DisplayNode()
        _ = node.layoutThatFits(try SizeRange(exactly: CGSize(width: 20, height: 10)))
        node.contentsScale = 1
        node.backgroundColor = Color(red: 1, green: 0, blue: 0)
        node.cornerRadius = 4
        node.displaysAsynchronously = false
        try node.recursivelySetInterfaceState([.display])
        let contents = try #require(node.contents)
        #expect(contents.pixel(x: 10, y: 5) == 0xFFFF_0000)
        #expect(contents.pixel(x: 0, y: 0) == 0, "outside the arc")
        #expect(contents.pixel(x: 19, y: 9) == 0)
        #expect(contents.pixel(x: 0, y: 5) == 0xFFFF_0000, "the straight edge")
        let edge = contents.pixel(x: 1, y: 1) >> 24
        #expect(edge > 0 && edge < 255, "the arc is antialiased: alpha \(edge)")
    }

    @Test func boundsBeyondTheBitmapLimitGiveATypedErrorAndNoContents() throws {
        let node = DisplayNode()
        node.debugName = "huge"
        _ = node.layoutThatFits(try SizeRange(exactly: CGSize(width: 20_000, height: 10)))
        node.contentsScale = 1
        node.backgroundColor = .white
        node.displaysAsynchronously = false
        try node.recursivelySetInterfaceState([.display])
        #expect(node.contents == nil)
        #expect(node.displayError == .bitmap(.tooLarge(pixelWidth: 20_000, pixelHeight: 10), node: "DisplayNode 'huge'"))
    }

    @Test func contentsMemoryIsCounted() throws {
        let threads = ThreadLog()
        let node = FillNode(argb: 0xFF00_0020, threads: threads, size: CGSize(width: 100, height: 100))
        node.displaysAsynchronously = false
        try node.recursivelySetInterfaceState([.display])
        #expect(node.contents?.byteCount == 40_000)
        // Other suites draw at the same time: the process-wide figures are at least this node's.
        #expect(Bitmap.memory.liveBytes >= 40_000 && Bitmap.memory.peakBytes >= 40_000)
        #expect(Bitmap.memory.liveBitmaps >= 1)
    }
}
