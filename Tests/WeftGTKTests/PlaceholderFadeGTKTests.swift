import CGtk4
import Foundation
import Testing
import Weft
import WeftCore
@testable import WeftGTK
import WeftTestSupport

/// A cell filled with one colour, its drawing held at a gate, showing a
/// placeholder that fades until then.
final class FadingColourCell: CellNode, @unchecked Sendable {
    let colour: UInt32
    let gate: Gate

    init(colour: UInt32, gate: Gate, fade: Double) {
        self.colour = colour
        self.gate = gate
        super.init()
        contentsScale = 1
        placeholderEnabled = true
        placeholderFadeDuration = fade
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: 80)
    }

    struct Fill: NodeDrawing {
        let colour: UInt32
        let gate: Gate
        func draw(in canvas: DrawingCanvas) {
            gate.wait()
            for row in 0 ..< canvas.pixelHeight {
                (canvas.pixels + row * canvas.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                    .update(repeating: colour, count: canvas.pixelWidth)
            }
        }
    }

    override func drawing() -> (any NodeDrawing)? { Fill(colour: colour, gate: gate) }
}

@MainActor
final class FadingColours: CollectionNodeDataSource {
    let gate = Gate()
    let colour: UInt32 = 0xFF20_60C0

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { 50 }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let colour = colour, gate = gate
        return { FadingColourCell(colour: colour, gate: gate, fade: 0.3) }
    }
}

extension GTKWindows {
    /// The GTK view paints a placeholder's fade by itself: frames keep coming,
    /// with nothing else changing, until the fade is over.
    @MainActor
    @Suite(.serialized, .enabled(if: GTKHarness.displayIsAvailable, "needs a display: run under xvfb-run"))
    struct PlaceholderFadeGTKTests {
        @Test func theViewPaintsTheFadeFrameByFrameUntilItEnds() async throws {
            let source = FadingColours()
            let harness = try GTKHarness(itemLoading: .lazy)
            var opened = false
            defer {
                if !opened { source.gate.open() }
                harness.close()
            }
            harness.collection.dataSource = source
            harness.collection.reloadData()
            harness.present()
            try await harness.run("a frame of placeholders") {
                harness.layOut()
                return (harness.frames.last?.placeholderVisibleItems ?? 0) > 0
            }
            #expect(harness.frames.last?.blankVisibleItems == 0, "placeholders are not blank")

            source.gate.open()
            opened = true
            let landed = harness.frames.count
            try await harness.run("the fade to end") {
                guard let last = harness.frames.last, harness.frames.count > landed else { return false }
                return last.placeholderVisibleItems == 0 && !last.isAnimating
            }
            let fading = harness.frames[landed...].filter(\.isAnimating)
            #expect(fading.count >= 2, "the fade was painted over several frames, not one: \(fading.count)")
            #expect(harness.frames.last?.blankVisibleItems == 0)

            let screen = try harness.screenshot()
            let middle = screen.pixel(x: Int(harness.size.width) / 2, y: 40)
            #expect(middle == source.colour, "the cell shows its own colour once the fade is over: \(String(middle, radix: 16))")
        }
    }
}
