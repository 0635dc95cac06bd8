import Foundation
import Testing
@testable import Weft
import WeftCore
import WeftDisplay
import WeftTestSupport

/// A cell that counts the trait changes it hears.
final class TraitCountingCell: CellNode, @unchecked Sendable {
    let text = TextNode(AttributedText("Label colour"))
    @MainActor var changes: [TraitCollection] = []

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .inset(EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), child: .node(text))
    }

    override func traitCollectionDidChange(_ previous: TraitCollection) {
        super.traitCollectionDidChange(previous)
        changes.append(previous)
    }
}

@MainActor
final class TraitCountingSource: CollectionNodeDataSource {
    var cells: [TraitCountingCell] = []

    func collectionNode(_ node: CollectionNode, numberOfItemsInSection section: Int) -> Int { 30 }

    func collectionNode(_ node: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let cell = TraitCountingCell()
        cells.append(cell)
        return { cell }
    }
}

/// A container's trait collection reaches its cells and their subnodes: the
/// display scale they draw at, the style their default text colour follows,
/// and the hook that tells them.
@MainActor
@Suite(.serialized) struct TraitCollectionTests {
    let source = TraitCountingSource()

    func feed(inverted: Bool) async throws -> CollectionNode {
        try await drawnList(of: source, inverted: inverted, size: CGSize(width: 200, height: 300))
    }

    @Test(arguments: [false, true])
    func aScaleAndStyleChangeRedrawsTheCellsAtTheScaleInTheStylesColour(inverted: Bool) async throws {
        let node = try await feed(inverted: inverted)
        let cell = try #require(node.nodeForItem(at: IndexPath(item: 0, section: 0)) as? TraitCountingCell)
        #expect(cell.text.contents?.scale == DisplayNode.defaultContentsScale)
        #expect(cell.text.traitCollection.userInterfaceStyle == .light)

        node.traitCollection = TraitCollection(displayScale: 2, userInterfaceStyle: .dark)
        #expect(cell.changes.count == 1 && cell.changes.first?.userInterfaceStyle == .light)
        #expect(source.cells.allSatisfy { $0.changes.count == 1 }, "every cell made hears it, shown or not")
        #expect(cell.text.contentsScale == 2 && cell.text.traitCollection.displayScale == 2)
        await settleDisplays(node, untilDrawn: true)
        let contents = try #require(cell.text.contents)
        #expect(contents.scale == 2, "redrawn at the new scale")
        // The text's default colour is the dark style's label colour: light ink on a dark frame.
        let frame = try node.composeFrame(scale: 2, background: Color(white: 0.12))
        try frame.bitmap.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory() + "traits-dark-\(inverted ? "inverted" : "list")-2x.png"))
        let rect = node.viewportRect(forContentRect: try #require(node.frameForItem(at: IndexPath(item: 0, section: 0))))
        var lightInk = 0
        for y in Int(rect.minY) * 2 ..< Int(rect.maxY) * 2 {
            for x in Int(rect.minX) * 2 ..< Int(rect.maxX) * 2 where frame.bitmap.pixel(x: x, y: y) & 0xFF > 200 {
                lightInk += 1
            }
        }
        #expect(lightInk > 100, "light text in the first cell: \(lightInk) pixels")

        node.traitCollection = TraitCollection(displayScale: 2, userInterfaceStyle: .dark)
        #expect(cell.changes.count == 1, "the same traits again change nothing")
    }

    @Test func aNodeOutsideAContainerHasTheDefaults() {
        let text = TextNode(AttributedText("alone"))
        #expect(text.traitCollection == TraitCollection(displayScale: DisplayNode.defaultContentsScale))
        #expect(TraitCollection(displayScale: .nan).displayScale == 1)
        var traits = TraitCollection(displayScale: 3)
        traits.displayScale = -1
        #expect(traits.displayScale == 3, "a scale that is not finite and above zero is refused")
        #expect(TraitCollection(userInterfaceStyle: .dark, accessibilityContrast: .high).labelColor == .white)
    }
}
