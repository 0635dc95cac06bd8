import CGtk4
import Foundation
import Testing
import Weft
import WeftCore
import WeftDisplay
import WeftSimulation
import WeftTestSupport
@testable import WeftGTK

/// One text far taller than a bitmap may be, as the only item.
@MainActor
final class TallText: CollectionNodeDataSource {
    let text: AttributedText

    init(lines: Int) {
        let paragraphs = (0 ..< lines).map { line in
            line % 7 == 6 ? "سطر \(line) من نص عربي طويل" : "Line \(line) of a text taller than any bitmap"
        }
        text = AttributedText(paragraphs.joined(separator: "\n"), attributes: TextAttributes(fontSize: 15))
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { 1 }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let text = text
        return { TextCellNode(text) }
    }
}

extension GTKWindows {
    /// A text far taller than a bitmap in a GTK window, drawn as tiles.
    @MainActor
    @Suite(.serialized, .enabled(if: GTKHarness.displayIsAvailable, "needs a display: run under xvfb-run"))
    struct TiledTextGTKTests {
        /// At the top, the middle and the bottom of the text, inverted or
        /// not: the window shows a line of text in every band of 40 pixels
        /// and its text node holds tiles, not one bitmap.
        @Test(arguments: [false, true])
        func aTextTallerThanABitmapShowsEveryLineInTheWindow(inverted: Bool) async throws {
            let source = TallText(lines: 3_000)
            let harness = try GTKHarness()
            defer { harness.close() }
            harness.collection.isInverted = inverted
            harness.collection.dataSource = source
            harness.collection.reloadData()
            harness.present()
            try await harness.runUntilSettled("the first screen")
            let cell = try #require(harness.collection.nodeForItem(at: IndexPath(item: 0, section: 0)) as? TextCellNode)
            let height = try #require(cell.text.calculatedSize).height
            #expect(height * cell.text.contentsScale > Double(Bitmap.maximumDimension), "\(height) points")
            let page = Double(harness.size.height)
            for offset in [0, (height - page) / 2, height - page] {
                harness.view.scroll(to: offset)
                try await harness.runUntilSettled("offset \(offset)")
                #expect(cell.text.contents == nil && !cell.text.contentsTiles.isEmpty)
                let screen = try harness.screenshot()
                let scale = Double(screen.pixelWidth) / Double(harness.size.width)
                var band = 0
                while Double(band + 40) <= page {
                    let ink = ReferenceImage.ink(screen, x: 0 ..< screen.pixelWidth,
                                                 y: Int(Double(band) * scale) ..< Int(Double(band + 40) * scale))
                    #expect(ink > 50, "inverted \(inverted), offset \(offset): the band at \(band) has \(ink) pixels of ink")
                    band += 40
                }
            }
        }
    }
}
