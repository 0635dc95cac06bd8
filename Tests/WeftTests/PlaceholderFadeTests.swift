import Foundation
import Testing
@testable import Weft
import WeftCore
import WeftTestSupport

/// Texture's `placeholderFadeDuration`, end to end through a container: a
/// cell's placeholder fades out over its landed drawing, frame by frame, and
/// the frames say they change with time alone until it is gone.
@MainActor
@Suite(.serialized) struct PlaceholderFadeTests {
    init() {
        DisplayNode.displayQueueWidth = 16
    }

    /// A feed of 10 colour cells of 100 points whose drawings wait at `gate`,
    /// each showing its placeholder meanwhile, fading over `fade` seconds.
    func feed(inverted: Bool, fade: Double, gate: Gate) async throws -> (CollectionNode, FadingSource) {
        let source = FadingSource(gate: gate, fade: fade)
        let node = CollectionNode(layout: try ListLayout())
        node.dataSource = source
        node.isInverted = inverted
        node.viewportSize = CGSize(width: 100, height: 300)
        node.reloadData()
        await node.waitForAllUpdates()
        node.layoutIfNeeded()
        return (node, source)
    }

    func colour(of item: Int, in frame: ComposedFrame, of node: CollectionNode, scale: Int) throws -> UInt32 {
        let rect = node.viewportRect(forContentRect: try #require(node.layout.frameForItem(at: IndexPath(item: item, section: 0))))
        return frame.bitmap.pixel(x: Int(rect.midX) * scale, y: Int(rect.midY) * scale)
    }

    /// One channel (`shift` 0 blue, 8 green, 16 red) of a pixel.
    func channel(_ pixel: UInt32, _ shift: UInt32) -> Int { Int((pixel >> shift) & 0xFF) }

    @Test(arguments: [false, true])
    func thePlaceholderFadesOutOverTheLandedDrawing(inverted: Bool) async throws {
        let gate = Gate()
        let (node, source) = try await feed(inverted: inverted, fade: 0.25, gate: gate)
        let grey = Color(white: 0.92).premultipliedARGB32
        let pending = try node.composeFrame(scale: 2, background: .white, at: 100)
        #expect(!pending.visibleItems.isEmpty && pending.blankItems.isEmpty)
        #expect(pending.placeholderItems == pending.visibleItems, "every cell shows its placeholder")
        #expect(try colour(of: 1, in: pending, of: node, scale: 2) == grey)

        gate.open()
        await settleDisplays(node, untilDrawn: true)
        let colour = source.colours[1]
        let first = try node.composeFrame(scale: 2, background: .white, at: 200)
        #expect(first.isAnimating, "the fade starts at the first frame that shows the drawing")
        #expect(first.blankItems.isEmpty && first.placeholderItems.isEmpty, "a fading cell counts as drawn")
        #expect(try self.colour(of: 1, in: first, of: node, scale: 2) == grey, "opacity 1 at the fade's start")

        let middle = try node.composeFrame(scale: 2, background: .white, at: 200.125)
        try middle.bitmap.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory() + "placeholder-fade-\(inverted ? "inverted" : "list")-middle-2x.png"))
        #expect(middle.isAnimating)
        let half = try self.colour(of: 1, in: middle, of: node, scale: 2)
        for shift: UInt32 in [0, 8, 16] {
            let expected = (channel(grey, shift) + channel(colour, shift)) / 2
            #expect(abs(channel(half, shift) - expected) <= 2,
                    "halfway, half of each: \(String(half, radix: 16)) between \(String(grey, radix: 16)) and \(String(colour, radix: 16))")
        }

        let done = try node.composeFrame(scale: 2, background: .white, at: 200.25)
        #expect(!done.isAnimating, "the fade is over")
        for item in done.visibleItems {
            #expect(try self.colour(of: item.item, in: done, of: node, scale: 2) == source.colours[item.item],
                    "cell \(item.item) holds its own colour")
        }
        let later = try node.composeFrame(scale: 2, background: .white, at: 200.1)
        #expect(!later.isAnimating, "a finished fade does not come back")
    }

    @Test(arguments: [false, true])
    func withoutAFadeThePlaceholderSwitchesInOneFrame(inverted: Bool) async throws {
        let gate = Gate()
        let (node, source) = try await feed(inverted: inverted, fade: 0, gate: gate)
        #expect(try node.composeFrame(scale: 1, background: .white, at: 1).placeholderItems.count > 0)
        gate.open()
        await settleDisplays(node, untilDrawn: true)
        let frame = try node.composeFrame(scale: 1, background: .white, at: 1)
        #expect(!frame.isAnimating)
        #expect(try colour(of: 2, in: frame, of: node, scale: 1) == source.colours[2])
    }

    @Test func aFadeDurationThatIsNotANumberOfSecondsIsNone() {
        let node = DisplayNode()
        node.placeholderFadeDuration = -1
        #expect(node.placeholderFadeDuration == 0)
        node.placeholderFadeDuration = .nan
        #expect(node.placeholderFadeDuration == 0)
        node.placeholderFadeDuration = 0.3
        #expect(node.placeholderFadeDuration == 0.3)
    }
}

/// Colour cells with placeholders that fade, their drawings held at a gate.
@MainActor
final class FadingSource: CollectionNodeDataSource {
    let colours: [UInt32] = (0 ..< 10).map { 0xFF00_0000 | UInt32(40 + $0 * 20) << 16 | 0x40 }
    let gate: Gate
    let fade: Double

    init(gate: Gate, fade: Double) {
        self.gate = gate
        self.fade = fade
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { colours.count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let colour = colours[indexPath.item], gate = gate, fade = fade
        return {
            let cell = ColourCell(colour: colour, gate: gate)
            cell.placeholderEnabled = true
            cell.placeholderFadeDuration = fade
            return cell
        }
    }
}
