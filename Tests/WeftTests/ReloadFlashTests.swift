import Foundation
import Testing
import Weft
import WeftCore
import WeftTestSupport

/// A 100-point cell filled with one colour, its drawing held at a gate when it has one.
final class ColourCell: CellNode, @unchecked Sendable {
    let colour: UInt32
    let gate: Gate?

    init(colour: UInt32, gate: Gate?) {
        self.colour = colour
        self.gate = gate
        super.init()
        contentsScale = 1
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: 100)
    }

    struct Fill: NodeDrawing {
        let colour: UInt32
        let gate: Gate?
        func draw(in canvas: DrawingCanvas) {
            gate?.wait()
            for row in 0 ..< canvas.pixelHeight {
                (canvas.pixels + row * canvas.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                    .update(repeating: colour, count: canvas.pixelWidth)
            }
        }
    }

    override func drawing() -> (any NodeDrawing)? { Fill(colour: colour, gate: gate) }
}

@MainActor
final class ColourSource: CollectionNodeDataSource {
    var colours: [UInt32] = (0 ..< 10).map { 0xFF00_0000 | UInt32($0 * 20) << 16 }
    /// The gate new cells wait at, when set.
    var gate: Gate?

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { colours.count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let colour = colours[indexPath.item], gate = gate
        return { ColourCell(colour: colour, gate: gate) }
    }
}

/// A reload never flashes a drawn cell blank: the old drawing stays in the new
/// cell's place until the new one lands, then both switch in one turn.
@MainActor
@Suite(.serialized) struct ReloadFlashTests {
    init() {
        DisplayNode.displayQueueWidth = 16
    }

    func feed(inverted: Bool) async throws -> (CollectionNode, ColourSource) {
        let source = ColourSource()
        let node = CollectionNode(layout: try ListLayout())
        node.dataSource = source
        node.isInverted = inverted
        node.viewportSize = CGSize(width: 100, height: 300)
        node.reloadData()
        await settleDisplays(node, untilDrawn: true)
        return (node, source)
    }

    /// The colour at the middle of `item`'s rect in `frame`.
    func colour(of item: Int, in frame: ComposedFrame, of node: CollectionNode) throws -> UInt32 {
        let rect = node.viewportRect(forContentRect: try #require(node.layout.frameForItem(at: IndexPath(item: item, section: 0))))
        return frame.bitmap.pixel(x: Int(rect.midX), y: Int(rect.midY))
    }

    @Test(arguments: [false, true])
    func reloadItemsShowsTheOldDrawingUntilTheNewLands(inverted: Bool) async throws {
        let (node, source) = try await feed(inverted: inverted)
        let old = source.colours[1]
        let gate = Gate()
        source.gate = gate
        source.colours[1] = 0xFF00_FF00
        try node.reloadItems(at: [IndexPath(item: 1, section: 0)])
        await node.waitForAllUpdates()
        node.layoutIfNeeded()
        let during = try node.composeFrame(scale: 1)
        #expect(during.blankItems.isEmpty, "the reloaded cell is not blank while its new drawing is held")
        #expect(try colour(of: 1, in: during, of: node) == old, "it shows its old drawing")
        #expect(try colour(of: 0, in: during, of: node) == source.colours[0])
        gate.open()
        await settleDisplays(node, untilDrawn: true)
        let after = try node.composeFrame(scale: 1)
        #expect(try colour(of: 1, in: after, of: node) == 0xFF00_FF00, "the new drawing replaced it")
        #expect(after.blankItems.isEmpty)
    }

    @Test(arguments: [false, true])
    func reloadDataNeverFlashesTheScreenBlank(inverted: Bool) async throws {
        let (node, source) = try await feed(inverted: inverted)
        let before = try node.composeFrame(scale: 1)
        let gate = Gate()
        source.gate = gate
        source.colours = source.colours.map { $0 ^ 0x0000_00FF }
        node.reloadData()
        await node.waitForAllUpdates()
        node.layoutIfNeeded()
        let during = try node.composeFrame(scale: 1)
        #expect(during.blankItems.isEmpty && !during.visibleItems.isEmpty)
        let same = ReferenceImage.compare(during.bitmap, before.bitmap, channelTolerance: 0)
        #expect(same.differingPixels == 0, "the old screen stays whole: \(same)")
        gate.open()
        await settleDisplays(node, untilDrawn: true)
        let after = try node.composeFrame(scale: 1)
        for item in after.visibleItems {
            #expect(try colour(of: item.item, in: after, of: node) == source.colours[item.item])
        }
    }
}
