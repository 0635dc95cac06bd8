import Foundation
import Testing
@testable import Weft
import WeftCore
import WeftDisplay
import WeftTestSupport

/// A post cell whose nodes sit where the test says: a name and a time on one
/// line, the text below; no background of its own, so its selection shows.
final class ReadingOrderCell: CellNode, @unchecked Sendable {
    let name = TextNode(AttributedText("Ada Lovelace"))
    let time = TextNode(AttributedText("9:41"))
    let body = TextNode(AttributedText("Notes on the engine"))
    let badge = TextNode(AttributedText("hidden badge"))
    let spacer = DisplayNode()

    override init() {
        super.init()
        contentsScale = 2
        badge.accessibilityElementsHidden = true
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .absolute(sizing: .sizeToFit, children: [
            .node(body).style { $0.layoutPosition = CGPoint(x: 60, y: 40) },
            .node(time).style { $0.layoutPosition = CGPoint(x: 250, y: 10) },
            .node(name).style { $0.layoutPosition = CGPoint(x: 60, y: 10) },
            .node(badge).style { $0.layoutPosition = CGPoint(x: 200, y: 60) },
            // The cell's full width and its bottom margin.
            .node(spacer).style { $0.layoutPosition = CGPoint(x: 0, y: 0); $0.preferredSize = CGSize(width: range.max.width, height: 80) },
        ])
    }
}

@MainActor
final class ReadingOrderSource: CollectionNodeDataSource {
    func collectionNode(_ node: CollectionNode, numberOfItemsInSection section: Int) -> Int { 20 }

    func collectionNode(_ node: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        { ReadingOrderCell() }
    }
}

/// Selection and highlight drawn behind a cell's contents, and what a screen
/// reader reads for a cell, end to end through a container, at 2x, inverted
/// and not.
@MainActor
@Suite(.serialized) struct SelectionDrawingTests {
    let source = ReadingOrderSource()

    func feed(inverted: Bool) async throws -> CollectionNode {
        try await drawnList(of: source, inverted: inverted, size: CGSize(width: 320, height: 400))
    }

    /// The pixel at the right end of item `item`'s rect, where its nodes draw nothing.
    func emptyCorner(of item: Int, in frame: ComposedFrame, of node: CollectionNode) throws -> UInt32 {
        let rect = node.viewportRect(forContentRect: try #require(node.frameForItem(at: IndexPath(item: item, section: 0))))
        return frame.bitmap.pixel(x: Int(rect.maxX - 4) * 2, y: Int(rect.midY) * 2)
    }

    /// `color` over white, premultiplied and opaque, as the composer blends it.
    func overWhite(_ color: Color) -> UInt32 {
        Bitmap.sourceOver(color.premultipliedARGB32, Color.white.premultipliedARGB32)
    }

    @Test(arguments: [false, true])
    func aSelectedCellShowsItsColourBehindItsContentsAndAHighlightOverridesIt(inverted: Bool) async throws {
        let node = try await feed(inverted: inverted)
        try node.selectItem(at: IndexPath(item: 1, section: 0))
        let selected = try node.composeFrame(scale: 2)
        try selected.bitmap.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory() + "selection-\(inverted ? "inverted" : "list")-2x.png"))
        #expect(try emptyCorner(of: 1, in: selected, of: node) == overWhite(node.selectedBackgroundColor))
        #expect(try emptyCorner(of: 0, in: selected, of: node) == Color.white.premultipliedARGB32)
        #expect(try emptyCorner(of: 2, in: selected, of: node) == Color.white.premultipliedARGB32)
        // The text still draws over the tint: the name's ink is inside the cell.
        let rect = node.viewportRect(forContentRect: try #require(node.frameForItem(at: IndexPath(item: 1, section: 0))))
        let ink = ReferenceImage.ink(selected.bitmap, x: Int(rect.minX + 60) * 2 ..< Int(rect.minX + 160) * 2,
                                     y: Int(rect.minY + 10) * 2 ..< Int(rect.minY + 30) * 2,
                                     background: overWhite(node.selectedBackgroundColor))
        #expect(ink > 100, "the name drawn over the selection: \(ink) pixels of ink")

        let cell = try #require(node.nodeForItem(at: IndexPath(item: 1, section: 0)))
        cell.isHighlighted = true
        #expect(try emptyCorner(of: 1, in: try node.composeFrame(scale: 2), of: node) == overWhite(node.highlightedBackgroundColor))
        cell.isHighlighted = false
        cell.selectedBackgroundColor = Color(red: 1, green: 0.5, blue: 0)
        #expect(try emptyCorner(of: 1, in: try node.composeFrame(scale: 2), of: node)
                == Color(red: 1, green: 0.5, blue: 0).premultipliedARGB32)
        cell.selectedBackgroundColor = .clear
        #expect(try emptyCorner(of: 1, in: try node.composeFrame(scale: 2), of: node) == Color.white.premultipliedARGB32)
        try node.deselectItem(at: IndexPath(item: 1, section: 0))
        cell.selectedBackgroundColor = nil
        #expect(try emptyCorner(of: 1, in: try node.composeFrame(scale: 2), of: node) == Color.white.premultipliedARGB32)
    }

    @Test func aSelectionColourChangeAndASelectionTellTheViewToRedraw() async throws {
        let node = try await feed(inverted: false)
        var told: [ObjectIdentifier] = []
        let observation = DisplayNode.observeContents(ofCellsIn: node) { cell in told.append(ObjectIdentifier(cell)) }
        defer { observation.cancel() }
        let cell = try #require(node.nodeForItem(at: IndexPath(item: 3, section: 0)))
        try node.selectItem(at: IndexPath(item: 3, section: 0))
        #expect(told == [ObjectIdentifier(cell)])
        #expect(cell.accessibilityTraits.contains(.selected))
        node.selectedBackgroundColor = Color(red: 0, green: 0, blue: 1, alpha: 0.5)
        #expect(told.count == 2, "the selected cell looks different")
        try node.deselectItem(at: IndexPath(item: 3, section: 0))
        #expect(told.count == 3 && !cell.accessibilityTraits.contains(.selected))
    }

    @Test func aCellIsReadAsOneElementInReadingOrder() async throws {
        let node = try await feed(inverted: true)
        let cell = try #require(node.nodeForItem(at: IndexPath(item: 0, section: 0)) as? ReadingOrderCell)
        #expect(cell.isAccessibilityContainer && !cell.name.isAccessibilityContainer)
        #expect(cell.name.accessibilityLabel == "Ada Lovelace", "a text node's label is its text")
        #expect(cell.aggregatedAccessibilityLabel() == "Ada Lovelace, 9:41, Notes on the engine",
                "top to bottom, then left to right; the hidden badge is skipped")
        #expect(cell.aggregatedAccessibilityLabel(isRightToLeft: true) == "9:41, Ada Lovelace, Notes on the engine")
        cell.time.accessibilityLabel = "posted at 9:41"
        #expect(cell.aggregatedAccessibilityLabel() == "Ada Lovelace, posted at 9:41, Notes on the engine")
        cell.accessibilityLabel = "A post by Ada"
        #expect(cell.aggregatedAccessibilityLabel() == "A post by Ada", "a label set on the cell wins")
        cell.accessibilityLabel = nil
        cell.isAccessibilityContainer = false
        #expect(cell.aggregatedAccessibilityLabel() == nil)
        cell.accessibilityElementsHidden = true
        cell.isAccessibilityContainer = true
        #expect(cell.aggregatedAccessibilityLabel() == nil, "a hidden cell reads nothing")
    }
}
