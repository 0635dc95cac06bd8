import Foundation
import Testing
import WeftCore
import WeftNode
import WeftTestSupport

/// A drawing that writes each pixel's row in the node (not in the tile) and a
/// tag, so that a tile drawn at the wrong offset, or twice, shows.
struct RowDrawing: NodeDrawing {
    let tag: UInt32
    var latch: Gate?

    func draw(in canvas: DrawingCanvas) {
        latch?.wait()
        let firstRow = Int((canvas.drawnRect.minY * canvas.scale).rounded())
        for row in 0 ..< canvas.pixelHeight {
            let value = 0xFF00_0000 | tag << 20 | UInt32(firstRow + row) & 0xF_FFFF
            (canvas.pixels + row * canvas.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                .update(repeating: value, count: canvas.pixelWidth)
        }
    }
}

/// A node that draws in tiles, as a text node does.
final class TiledNode: DisplayNode, @unchecked Sendable {
    override class var drawsInTiles: Bool { true }
    private let drawingState: PosixMutex<RowDrawing>
    /// How many drawings were captured.
    private let captureCount = PosixMutex(0)
    var captures: Int { captureCount.withLock { $0 } }

    init(size: CGSize, tag: UInt32 = 1) {
        drawingState = PosixMutex(RowDrawing(tag: tag))
        super.init()
        contentsScale = 1
        _ = layoutThatFits(try! SizeRange(exactly: size))
    }

    func setDrawing(tag: UInt32, latch: Gate? = nil) {
        drawingState.withLock { $0 = RowDrawing(tag: tag, latch: latch) }
        setNeedsDisplay()
    }

    override func drawing() -> (any NodeDrawing)? {
        captureCount.withLock { $0 += 1 }
        return drawingState.withLock { $0 }
    }
}

@MainActor
@Suite(.serialized) struct TiledDisplayTests {
    init() {
        DisplayNode.displayQueueWidth = 16
    }

    /// Checks that every tile holds the rows of the node it covers, drawn with `tag`.
    func expectTilesHoldTheirRows(_ node: DisplayNode, tag: UInt32) {
        for tile in node.contentsTiles {
            let first = Int(tile.origin.y * tile.bitmap.scale)
            for row in [0, tile.bitmap.pixelHeight / 2, tile.bitmap.pixelHeight - 1] {
                let expected = 0xFF00_0000 | tag << 20 | UInt32(first + row) & 0xF_FFFF
                #expect(tile.bitmap.pixel(x: tile.bitmap.pixelWidth - 1, y: row) == expected,
                        "tile at \(tile.origin), row \(row)")
            }
        }
    }

    @Test func aNodeTallerThanABitmapDrawsItsTopRowOfTilesAlone() throws {
        let node = TiledNode(size: CGSize(width: 100, height: 30_000))
        node.displaysAsynchronously = false
        try node.recursivelySetInterfaceState([.display])
        #expect(node.contents == nil && node.displayError == nil)
        #expect(node.contentsTiles.map(\.frame) == [CGRect(x: 0, y: 0, width: 100, height: 1_024)])
        expectTilesHoldTheirRows(node, tag: 1)
        #expect(node.isDisplayComplete)
    }

    @Test func tilesFollowTheDisplayRectAndTheOthersAreDropped() throws {
        let node = TiledNode(size: CGSize(width: 1_500, height: 30_000))
        node.contentsScale = 2
        node.displaysAsynchronously = false
        try node.recursivelySetInterfaceState([.display])
        node.updateTiles(display: CGRect(x: 0, y: 5_000, width: 1_500, height: 2_000),
                         visible: CGRect(x: 0, y: 5_500, width: 1_500, height: 500))
        // The top row left the display rect: dropped at once.
        #expect(node.contentsTiles.isEmpty)
        #expect(!node.isDisplayComplete, "the visible tiles are not drawn yet")
        DisplayNode.commitFinishedDisplays()
        // 1,500 points at 2x is 3 columns; 5,000...7,000 points is rows 9...13.
        let frames = node.contentsTiles.map(\.frame)
        #expect(frames.count == 15, "\(frames)")
        #expect(Set(frames.map { Int($0.minY) }) == Set((9 ... 13).map { $0 * 512 }))
        #expect(frames.last == CGRect(x: 1_024, y: 13 * 512, width: 1_500 - 1_024, height: 512))
        expectTilesHoldTheirRows(node, tag: 1)
        #expect(node.isDisplayComplete)
        // Moving within the drawn rows asks for nothing.
        node.updateTiles(display: CGRect(x: 0, y: 5_100, width: 1_500, height: 1_800),
                         visible: CGRect(x: 0, y: 5_600, width: 1_500, height: 500))
        #expect(node.contentsTiles.count == 15 && node.isDisplayComplete)
    }

    @Test func aNewDrawingReplacesTheTilesWhichShowUntilItLands() async throws {
        let node = TiledNode(size: CGSize(width: 100, height: 30_000))
        try node.recursivelySetInterfaceState([.display])
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        DisplayNode.commitFinishedDisplays()
        #expect(node.contentsTiles.count == 1 && node.isDisplayComplete)
        let gate = Gate()
        node.setDrawing(tag: 2, latch: gate)
        DisplayNode.commitFinishedDisplays()
        // The old tile shows while the new drawing runs; the node is not complete.
        #expect(node.contentsTiles.count == 1 && !node.isDisplayComplete)
        expectTilesHoldTheirRows(node, tag: 1)
        gate.open()
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        DisplayNode.commitFinishedDisplays()
        #expect(node.contentsTiles.count == 1 && node.isDisplayComplete)
        expectTilesHoldTheirRows(node, tag: 2)
    }

    @Test func tilesInFlightAreAskedForOnceAndTheNodeIsIncompleteUntilTheyLand() async throws {
        let node = TiledNode(size: CGSize(width: 100, height: 30_000))
        let gate = Gate()
        node.setDrawing(tag: 3, latch: gate)
        try node.recursivelySetInterfaceState([.display])
        DisplayNode.commitFinishedDisplays()
        #expect(!node.isDisplayComplete)
        // The same rect again while its tiles are drawn asks for no second drawing.
        node.updateTiles(display: CGRect(x: 0, y: 0, width: 100, height: 1_000),
                         visible: CGRect(x: 0, y: 0, width: 100, height: 500))
        DisplayNode.commitFinishedDisplays()
        #expect(node.captures == 1)
        gate.open()
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        DisplayNode.commitFinishedDisplays()
        #expect(node.contentsTiles.count == 1 && node.isDisplayComplete)
        #expect(node.captures == 1)
        expectTilesHoldTheirRows(node, tag: 3)
    }

    @Test func aNodeThatLeavesDisplayDropsItsTiles() async throws {
        let node = TiledNode(size: CGSize(width: 100, height: 30_000))
        node.displaysAsynchronously = false
        try node.recursivelySetInterfaceState([.display])
        #expect(node.contentsTiles.count == 1)
        try node.recursivelySetInterfaceState([])
        DisplayNode.commitFinishedDisplays()
        #expect(node.contentsTiles.isEmpty)
    }

    @Test func aNodeThatShrinksBelowTheLimitDrawsOneBitmapAgain() throws {
        let node = TiledNode(size: CGSize(width: 100, height: 30_000))
        node.displaysAsynchronously = false
        try node.recursivelySetInterfaceState([.display])
        #expect(node.contentsTiles.count == 1)
        _ = node.layoutThatFits(try SizeRange(exactly: CGSize(width: 100, height: 300)))
        DisplayNode.commitFinishedDisplays()
        #expect(node.contents?.pixelHeight == 300 && node.contentsTiles.isEmpty && node.isDisplayComplete)
    }
}
