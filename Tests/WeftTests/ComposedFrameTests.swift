import Foundation
import Testing
import Weft
import WeftCore
import WeftSimulation
import WeftTestSupport

/// A cell of 100 points whose drawing waits for a latch when it has one.
final class LatchedCell: CellNode, @unchecked Sendable {
    private let latch: Gate?

    init(latch: Gate?) {
        self.latch = latch
        super.init()
        contentsScale = 1
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: 100)
    }

    struct Fill: NodeDrawing {
        let latch: Gate?
        func draw(in canvas: DrawingCanvas) {
            latch?.wait()
            for row in 0 ..< canvas.pixelHeight {
                (canvas.pixels + row * canvas.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                    .update(repeating: 0xFF33_6699, count: canvas.pixelWidth)
            }
        }
    }

    override func drawing() -> (any NodeDrawing)? { Fill(latch: latch) }
}

@MainActor
final class LatchedSource: CollectionNodeDataSource {
    let latch = Gate()
    let latchedItem: Int
    var count = 10

    init(latchedItem: Int) {
        self.latchedItem = latchedItem
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let latch = indexPath.item == latchedItem ? latch : nil
        return { LatchedCell(latch: latch) }
    }
}

/// The screen without a toolkit: composed frames and the blank cells in them,
/// of containers that have no backing view (the engine owns none).
@MainActor
@Suite(.serialized) struct ComposedFrameTests {
    init() {
        // A drawing here waits at a gate while other suites draw: give every suite workers.
        DisplayNode.displayQueueWidth = 16
    }

    @Test func aComposedFrameOfAKnownFeedMatchesItsReference() async throws {
        let source = PostSource(count: 10)
        source.scale = 1
        let node = CollectionNode(layout: try ListLayout())
        node.dataSource = source
        node.viewportSize = CGSize(width: 320, height: 400)
        node.reloadData()
        await settleDisplays(node)
        let frame = try node.composeFrame(scale: 1)
        expectEachVisibleCellHoldsItsInk(frame, of: node, scale: 1)
        #expect(frame.bitmap.pixelWidth == 320 && frame.bitmap.pixelHeight == 400)
        #expect(frame.blankItems.isEmpty && !frame.visibleItems.isEmpty)
        #expect(node.displayLead > 0.25, "the display range ahead is drawn: \(node.displayLead)")
        let matches = try ImageNodeReference.matches(frame.bitmap, "feed-frame-1x.png")
        #expect(matches, "the first screen matches References/feed-frame-1x.png")
    }

    /// Every container works without a backing view (the default): it checks
    /// its commits itself, leaves no record of a valid one, and each visible
    /// cell's on-screen rect holds its own drawing.
    @Test(arguments: ContainerKind.allCases)
    func aContainerWithoutAViewCommitsAndDrawsEachVisibleCellInItsOwnRect(kind: ContainerKind) async throws {
        let source = LatchedSource(latchedItem: -1)
        let node: CollectionNode = switch kind {
        case .collection: CollectionNode(layout: try ListLayout())
        case .table: try TableNode()
        case .pager: PagerNode()
        }
        #expect(node.view == nil)
        node.dataSource = source
        let viewport = CGSize(width: 100, height: 450)
        node.viewportSize = viewport
        node.reloadData()
        await node.waitForAllUpdates()
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        await nextMainTurn()
        let frame = try node.composeFrame(scale: 1)
        expectEachVisibleCellHoldsItsInk(frame, of: node, scale: 1, "\(kind)")
        #expect(frame.blankItems.isEmpty && !frame.visibleItems.isEmpty, "\(kind)")
        for path in frame.visibleItems {
            // The middle of the part of the cell's rect that shows.
            let rect = try #require(node.frameForItem(at: path))
                .offsetBy(dx: -node.contentOffset.x, dy: -node.contentOffset.y)
                .intersection(CGRect(origin: .zero, size: viewport))
            #expect(frame.bitmap.pixel(x: Int(rect.midX), y: Int(rect.midY)) == 0xFF33_6699,
                    "\(kind): item \(path.item) shows its drawing at \(rect)")
        }
        // The node checks each commit itself: a valid batch leaves no record.
        try node.performBatchUpdates {
            source.count = 9
            try node.deleteItems(at: [IndexPath(item: 9, section: 0)])
        }
        await node.waitForAllUpdates()
        #expect(node.numberOfItems(inSection: 0) == 9)
        #expect(node.diagnostics.diagnostics.isEmpty, "\(kind): \(node.diagnostics.diagnostics)")
    }

    @Test func aSlowDrawingIsCountedBlankWhileVisibleThenNot() async throws {
        let source = LatchedSource(latchedItem: 2)
        let node = CollectionNode(layout: try ListLayout())
        node.dataSource = source
        node.viewportSize = CGSize(width: 100, height: 450)
        node.reloadData()
        await node.waitForAllUpdates()
        // Every other cell lands while item 2 waits; turns pass until they have.
        var turns = 0
        while node.blankVisibleItems.count > 1, turns < 100_000 {
            await nextMainTurn()
            turns += 1
        }
        let latched = IndexPath(item: 2, section: 0)
        #expect(node.blankVisibleItems == [latched])
        let blankFrame = try node.composeFrame(scale: 1)
        expectEachVisibleCellHoldsItsInk(blankFrame, of: node, scale: 1)
        #expect(blankFrame.blankItems == [latched])
        #expect(blankFrame.visibleItems.count == 5)
        #expect(blankFrame.bitmap.pixel(x: 50, y: 250) == 0xFFFF_FFFF, "item 2 shows the background")
        #expect(blankFrame.bitmap.pixel(x: 50, y: 150) == 0xFF33_6699, "item 1 is drawn")
        source.latch.open()
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        await nextMainTurn()
        #expect(node.blankVisibleItems.isEmpty)
        let drawnFrame = try node.composeFrame(scale: 1)
        expectEachVisibleCellHoldsItsInk(drawnFrame, of: node, scale: 1)
        #expect(drawnFrame.blankItems.isEmpty)
        #expect(drawnFrame.bitmap.pixel(x: 50, y: 250) == 0xFF33_6699)
    }
}
