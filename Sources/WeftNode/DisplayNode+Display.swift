import Foundation
public import WeftCore
import Synchronization

extension DisplayNode {
    // MARK: Contents

    /// What the node shows: the bitmap its last drawing made, `nil` before it
    /// first drew and a turn after it left the display state.
    ///
    /// Set by the display machinery on main (see <doc:DisplayLifecycle>); setting it by
    /// hand shows a bitmap made elsewhere until the next drawing.
    ///
    /// - Complexity: O(1).
    @MainActor
    public var contents: Bitmap? {
        get { state.withLock { $0.contents } }
        set { replaceContents(with: newValue, drawnAt: nil) }
    }

    /// Makes `contents` the node's, drawn at `sentinel` (`nil`: not by a
    /// drawing), and tells the contents observers if the bitmap changed.
    @MainActor
    func replaceContents(with contents: Bitmap?, drawnAt sentinel: UInt64?) {
        let (old, hadTiles) = state.withLock { state in
            defer {
                state.contents = contents
                state.contentsSentinel = sentinel
                state.tiling?.removeTiles()
            }
            return (state.contents, state.tiling.map { !$0.tiles.isEmpty } ?? false)
        }
        if old !== contents || hadTiles { ContentsObservation.contentsDidChange(of: self) }
    }

    /// Why the node's last drawing made no contents, or `nil` when it made some.
    @MainActor
    public var displayError: DisplayError? {
        state.withLock { $0.displayError }
    }

    /// Whether the node draws on a display thread (the default) or on main, at
    /// once, when it enters the display state or gets ``setNeedsDisplay()``:
    /// UIKit's `draw(_:)` model, and Texture's `displaysAsynchronously = NO`.
    ///
    /// Set it before the node enters the display state; it applies to the node
    /// alone, not its subnodes.
    public var displaysAsynchronously: Bool {
        get { state.withLock { $0.displaysAsynchronously } }
        set { state.withLock { $0.displaysAsynchronously = newValue } }
    }

    /// The colour the node fills its bounds with before it draws, or `nil` (the
    /// default) for none. A node with a background draws even if ``drawing()``
    /// returns `nil`. Setting it calls ``setNeedsDisplay()``.
    public var backgroundColor: Color? {
        get { state.withLock { $0.backgroundColor } }
        set {
            state.withLock { $0.backgroundColor = newValue }
            setNeedsDisplay()
        }
    }

    /// The radius, in points, of the background's rounded corners; 0 (the
    /// default) for square ones. Rounding clips the background only, as
    /// Texture's precomposited corners do not clip subnodes. Setting it calls
    /// ``setNeedsDisplay()``.
    public var cornerRadius: Double {
        get { state.withLock { $0.cornerRadius } }
        set {
            state.withLock { $0.cornerRadius = newValue.isFinite ? max(newValue, 0) : 0 }
            setNeedsDisplay()
        }
    }

    /// Pixels per point of the node's contents: the node's own when set, else its
    /// supernode's, else its container's display scale
    /// (``TraitCollection/displayScale``, for a cell's nodes once a host view set
    /// it, or the one a layout spec handed down), else ``defaultContentsScale``.
    ///
    /// - Complexity: O(*d*) for depth *d*.
    public var contentsScale: Double {
        get {
            var node = self
            while true {
                if let own = node.state.withLock({ $0.contentsScale }) { return own }
                guard let supernode = node.supernode else { break }
                node = supernode
            }
            return node.rootTraits?.displayScale ?? Self.defaultContentsScale
        }
        set {
            state.withLock { $0.contentsScale = newValue.isFinite && newValue > 0 ? newValue : nil }
            setNeedsDisplay()
        }
    }

    private static let defaultScaleBits = Atomic<UInt64>(1.0.bitPattern)

    /// The scale of nodes that set none and have no supernode that does: the
    /// screen's, as UIKit's `UIScreen.main.scale`; 1 until an app sets it.
    /// Values that are not finite and above zero are ignored.
    public static var defaultContentsScale: Double {
        get { Double(bitPattern: defaultScaleBits.load(ordering: .relaxed)) }
        set {
            guard newValue.isFinite, newValue > 0 else { return }
            defaultScaleBits.store(newValue.bitPattern, ordering: .relaxed)
        }
    }

    // MARK: Requesting display

    /// Asks for new contents: cancels the drawing in flight, if any, and, if the
    /// node is in the display state, marks it for the next main turn, which
    /// captures one new ``drawing()`` however often the node was marked (setting
    /// `backgroundColor` and then `cornerRadius` makes one capture, as Texture
    /// draws a node once per run-loop turn) and starts it (on main, inline, when
    /// the node does not display asynchronously). A host with a frame clock gets
    /// the capture at the frame's start (``commitFinishedDisplays()``), and
    /// ``waitUntilScheduledDisplaysFinish()`` waits for it.
    ///
    /// Callable on any thread. A node outside the display state draws when it
    /// enters it.
    ///
    /// - Complexity: O(1) here; the drawing is the node's.
    public func setNeedsDisplay() {
        displaySentinel.add(1, ordering: .relaxed)
        // A node outside the display state draws when it enters it, capturing
        // then what was set before: no main turn is spent on it (a cell built
        // off main sets several drawn properties). Entering display sets the
        // state before capturing, so a change that reads it as not entered yet
        // is seen by that capture.
        guard isInDisplayState else { return }
        markForDisplay()
    }

    /// Marks the node for the next main turn's capture, once however often
    /// it is marked in the turn.
    func markForDisplay() {
        let isFirstMark = state.withLock { state in
            defer { state.isMarkedForDisplay = true }
            return !state.isMarkedForDisplay
        }
        if isFirstMark { _DisplayCommitter.markForDisplay(self) }
    }

    /// The capture a mark asked for: clears the mark, then draws if the node is
    /// still in the display state and its contents are stale.
    @MainActor
    func redisplayMarked() {
        state.withLock { $0.isMarkedForDisplay = false }
        redisplayIfNeeded()
    }

    /// Draws, now and on main, every node of the subtree that is in the display
    /// state and whose contents are missing or stale: waits for the drawings in
    /// flight and applies them, and draws the others here (Texture's
    /// `recursivelyEnsureDisplaySynchronously:`, which `neverShowPlaceholders`
    /// calls when a cell becomes visible).
    ///
    /// It blocks main for as long as the drawings take: use it where a blank
    /// frame is worse than a late one.
    ///
    /// - Complexity: O(*s*) for *s* nodes, plus their drawings.
    @MainActor
    public func recursivelyEnsureDisplaySynchronously() {
        _DisplayCommitter.flushBatch()
        var pending: [DisplayNode] = [self]
        while let node = pending.popLast() {
            pending.append(contentsOf: node.subnodes)
            guard node.isInDisplayState else { continue }
            if let transaction = node.state.withLock({ $0.displayTransaction }) {
                transaction.waitUntilDrawn()
                transaction.apply()
            }
            if node.needsDrawing, let operation = node.captureDisplay() {
                node.finishDisplay(with: operation.work())
            }
        }
    }

    /// Returns once every drawing started so far has reached its node (or been
    /// dropped): the moment Texture posts
    /// `ASRenderingEngineDidDisplayScheduledNodesNotification`. Tests and tools
    /// wait here instead of sleeping.
    @MainActor
    public static func waitUntilScheduledDisplaysFinish() async {
        await _DisplayCommitter.waitUntilIdle()
    }

    /// Captures the drawings of the nodes marked by ``setNeedsDisplay()``,
    /// applies every drawing that has finished by now, and clears the contents of
    /// nodes that left the display state before now and have not come back: what
    /// the main queue would do on its next turns, done now.
    ///
    /// A host with a frame clock (a toolkit's frame callback, a benchmark's or a
    /// simulation's frame loop) calls it once per frame, before the frame's range
    /// update, so that drawings ready for the frame are in it. Without it, the
    /// main queue applies them on its own turns.
    ///
    /// - Complexity: O(*t*) for the nodes of the transactions applied and cleared.
    @MainActor
    public static func commitFinishedDisplays() {
        _DisplayCommitter.commitNow()
    }

    /// The most drawings that run at once: the machine's core count. Tests whose
    /// drawings wait on purpose raise it, so that suites running in parallel in
    /// one process do not wait for each other's display workers.
    package static var displayQueueWidth: Int {
        get { _DisplayQueue.shared.width }
        set { _DisplayQueue.shared.width = newValue }
    }

    /// Runs `body` and starts the drawings it requested only when it returns, all
    /// at once, so that the display queue takes visible nodes' drawings before
    /// the others. A range controller wraps each range update in it.
    @MainActor
    package static func performDisplayBatch<R>(_ body: () throws -> R) rethrows -> R {
        try _DisplayCommitter.performBatch(body)
    }

    // MARK: The lifecycle (main)

    /// Whether the node and every node below it show what they draw now: each is
    /// in the display state and its latest drawing has landed, or it draws
    /// nothing, and none is ``isAwaitingContents``. A host counts a visible cell for which this is `false` as shown
    /// blank (or stale).
    ///
    /// - Complexity: O(*s*) for *s* nodes in the subtree.
    @MainActor
    public var isDisplayComplete: Bool {
        // Recursive, not a worklist: a host asks this of every visible cell in
        // every frame, and the worklist was an allocation each time. Node trees
        // are a few levels deep.
        guard isInDisplayState, !lacksLatestDrawing, !isAwaitingContents else { return false }
        for subnode in subnodes where !subnode.isDisplayComplete { return false }
        return true
    }

    /// Whether a drawing is due: the contents are missing or were drawn at
    /// an older sentinel; for a node drawn in tiles, a tile of the display
    /// range is neither drawn at the sentinel nor being drawn.
    @MainActor
    var needsDrawing: Bool {
        isStale { tiling, grid, sentinel in tiling.missingKeys(for: grid, sentinel: sentinel).map { !$0.isEmpty } ?? true }
    }

    /// Whether what the node shows is not its latest drawing: the contents
    /// are missing or stale; for a node drawn in tiles, a tile on screen is
    /// missing or stale (one drawing ahead, past the screen, is not a lack).
    @MainActor
    var lacksLatestDrawing: Bool {
        isStale { tiling, grid, sentinel in !tiling.coversVisibleRect(of: grid, sentinel: sentinel) }
    }

    /// Whether the contents were drawn at another sentinel than the current
    /// one, or, for a node drawn in tiles, what `tiles` says of its tiling.
    private func isStale(tiles: (_Tiling, _Tiling.Grid, UInt64) -> Bool) -> Bool {
        let sentinel = displaySentinel.load(ordering: .relaxed)
        return state.withLock { state in
            guard let tiling = state.tiling, let grid = tiling.capturedGrid else {
                return state.contentsSentinel != sentinel
            }
            return tiles(tiling, grid, sentinel)
        }
    }

    /// Captures a drawing for the node's current state and sentinel, or returns
    /// `nil` for a node that draws nothing (no drawing, no background) or has
    /// no size yet, or no pixels (a zero width or height: there is nothing to
    /// show, and nothing failed). A node that draws in tiles and is beyond the
    /// bitmap limits captures the tiles it lacks (``drawsInTiles``).
    @MainActor
    func captureDisplay() -> _DisplayTransaction.Operation? {
        let (background, radius) = state.withLock { ($0.backgroundColor, $0.cornerRadius) }
        let drawing = drawing()
        guard drawing != nil || background != nil, let size = calculatedSize else { return nil }
        let scale = contentsScale
        let pixelWidth = Bitmap.pixelLength(size.width, scale: scale), pixelHeight = Bitmap.pixelLength(size.height, scale: scale)
        guard pixelWidth > 0, pixelHeight > 0 else { return nil }
        let sentinel = displaySentinel.load(ordering: .relaxed)
        let weakNode = _WeakNode(self)
        let flow = PipelineTracing.makeFlow()
        let isCancelled = { @Sendable in weakNode.node.map { $0.displaySentinel.load(ordering: .relaxed) != sentinel } ?? true }
        let bounds = CGRect(origin: .zero, size: size)
        let work: @Sendable () -> _DisplayTransaction.Outcome
        if Self.drawsInTiles, Bitmap.exceedsLimits(pixelWidth: pixelWidth, pixelHeight: pixelHeight) {
            let grid = _Tiling.Grid(size: size, scale: scale)
            let missing = state.withLock { state in
                let tiling = state.tiling ?? _Tiling()
                state.tiling = tiling
                tiling.capturedGrid = grid
                let keys = tiling.missingKeys(for: grid, sentinel: sentinel)
                if let keys { tiling.request(keys, sentinel: sentinel) }
                return keys
            }
            if let keys = missing {
                // The display range does not reach the node: it shows nothing.
                guard !keys.isEmpty else { return nil }
            }
            work = {
                guard !isCancelled() else { return .cancelled }
                let role = MainQueue.isCurrent ? "main" : "display"
                guard let keys = missing else {
                    // The screen alone needs more tiles than a node may hold.
                    return .failed(.bitmap(.tooLarge(pixelWidth: grid.pixelWidth, pixelHeight: grid.pixelHeight),
                                           node: weakNode.node?.description ?? "a node that died"))
                }
                return PipelineTracing.span("draw tiles", category: "display", role: role, flow: flow) {
                    var made: [(_Tiling.Key, ContentsTile)] = []
                    for key in keys {
                        let pixels = grid.pixelRect(of: key), frame = grid.frame(of: key)
                        switch Self.draw(drawing, pixelWidth: pixels.width, pixelHeight: pixels.height, scale: scale,
                                         background: background, radius: 0, bounds: bounds, drawnRect: frame,
                                         node: weakNode, isCancelled: isCancelled) {
                        case .contents(let bitmap): made.append((key, ContentsTile(bitmap: bitmap, origin: frame.origin)))
                        case let other: return other
                        }
                    }
                    return .tiles(made, grid: grid)
                }
            }
        } else {
            work = {
                guard !isCancelled() else { return .cancelled }
                let role = MainQueue.isCurrent ? "main" : "display"
                return PipelineTracing.span("draw", category: "display", role: role, flow: flow) {
                    Self.draw(drawing, pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale,
                              background: background, radius: radius * scale, bounds: bounds, drawnRect: bounds,
                              node: weakNode, isCancelled: isCancelled)
                }
            }
        }
        return _DisplayTransaction.Operation(node: self, sentinel: sentinel, priority: isVisible ? 1 : 0, flow: flow,
                                             work: work)
    }

    /// Draws `drawing` over `background` into a new bitmap of `drawnRect`
    /// (the node's bounds, or a tile of them), on the calling thread.
    private static func draw(
        _ drawing: (any NodeDrawing)?, pixelWidth: Int, pixelHeight: Int, scale: Double, background: Color?,
        radius: Double, bounds: CGRect, drawnRect: CGRect, node: _WeakNode, isCancelled: @escaping @Sendable () -> Bool
    ) -> _DisplayTransaction.Outcome {
        var drawingError: DrawingError?
        do throws(BitmapError) {
            let bitmap = try Bitmap(pixelWidth: pixelWidth, pixelHeight: pixelHeight, scale: scale) { pixels, stride in
                if let background {
                    _BackgroundFill.fill(pixels, bytesPerRow: stride, width: pixelWidth, height: pixelHeight,
                                         color: background, radius: radius)
                }
                do throws(DrawingError) {
                    try drawing?.draw(in: DrawingCanvas(
                        pixels: pixels, pixelWidth: pixelWidth, pixelHeight: pixelHeight, bytesPerRow: stride,
                        scale: scale, bounds: bounds, drawnRect: drawnRect, isCancelled: isCancelled))
                } catch {
                    drawingError = error
                }
            }
            if isCancelled() { return .cancelled }
            if let drawingError {
                return .failed(.drawing(drawingError, node: node.node?.description ?? "a node that died"))
            }
            return .contents(bitmap)
        } catch {
            // Named here, off the capture's path: failures are rare, names cost.
            return .failed(.bitmap(error, node: node.node?.description ?? "a node that died"))
        }
    }

    /// Captures the node's drawing into `operations`, or draws it at once when
    /// the node does not display asynchronously.
    @MainActor
    func scheduleDisplay(into operations: inout [_DisplayTransaction.Operation]) {
        guard needsDrawing else { return }
        let start = PipelineTracing.isOn ? PipelineTracing.now() : 0
        guard let operation = captureDisplay() else {
            // Nothing to draw (or no size yet): the node is complete without contents.
            replaceContents(with: nil, drawnAt: displaySentinel.load(ordering: .relaxed))
            return
        }
        PipelineTracing.recordSpan("capture", category: "display", role: "main", start: start,
                                   flow: operation.flow, phase: .begin)
        if displaysAsynchronously {
            operations.append(operation)
        } else {
            finishDisplay(with: operation.work())
        }
    }

    /// Starts one transaction for `operations` (a cell and its subnodes).
    @MainActor
    static func startDisplay(_ operations: [_DisplayTransaction.Operation]) {
        guard !operations.isEmpty else { return }
        let transaction = _DisplayTransaction(operations: operations)
        for operation in operations {
            operation.node?.state.withLock { $0.displayTransaction = transaction }
        }
        _DisplayCommitter.start(transaction)
    }

    /// Redraws after ``setNeedsDisplay()`` if the node is in the display state.
    @MainActor
    private func redisplayIfNeeded() {
        guard isInDisplayState else { return }
        var operations: [_DisplayTransaction.Operation] = []
        scheduleDisplay(into: &operations)
        Self.startDisplay(operations)
    }

    /// Applies a drawing's outcome whose sentinel still matches.
    @MainActor
    func finishDisplay(with outcome: _DisplayTransaction.Outcome) {
        let sentinel = displaySentinel.load(ordering: .relaxed)
        if case .cancelled = outcome { return }
        defer { displayDidFinish() }
        state.withLock { state in
            switch outcome {
            case .contents(let bitmap):
                state.contents = bitmap
                state.contentsSentinel = sentinel
                state.displayError = nil
                state.tiling = nil
            case .tiles(let made, let grid):
                let tiling = state.tiling ?? _Tiling()
                tiling.land(made, grid: grid, sentinel: sentinel)
                tiling._checkInvariants()
                state.tiling = tiling
                state.contents = nil
                state.contentsSentinel = sentinel
                state.displayError = nil
            case .failed(let error):
                state.contents = nil
                state.contentsSentinel = sentinel
                state.displayError = error
                state.tiling = nil
            case .cancelled:
                break
            }
        }
        ContentsObservation.contentsDidChange(of: self)
    }

    /// Forgets the transaction once it has been applied.
    @MainActor
    func transactionDidApply(_ transaction: _DisplayTransaction) {
        state.withLock { state in
            if state.displayTransaction === transaction { state.displayTransaction = nil }
        }
    }

    /// Clears the contents a turn after the node left the display state (which
    /// cancelled its drawing in flight) if it has not come back by then (Texture's
    /// guard against range thrash).
    @MainActor
    func displayDidExit() {
        // The sentinel moved when the state changed, before the exit hook. A node without contents (or tiles) has nothing to clear: leaving costs it no
        // allocation (a scrolled frame of such nodes allocates nothing).
        guard state.withLock({ $0.contents != nil || $0.tiling.map { !$0.tiles.isEmpty } ?? false }) else { return }
        _DisplayCommitter.clearLater(self)
    }
}
