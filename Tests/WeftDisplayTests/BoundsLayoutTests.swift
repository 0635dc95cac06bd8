import Foundation
import Testing
import WeftCore
import WeftNode
@testable import WeftDisplay

/// A text node measured for another width than its bounds (centred text in
/// a flexible range) shapes its bounds' lines once, in its first drawing, and
/// every later drawing, tile and query reuses them.
@MainActor
struct BoundsLayoutTests {
    /// Centred text of `lines` paragraphs and a link, measured up to 300
    /// points wide in bounds at least 200 wide: the kept layout is 300 wide,
    /// the bounds 200.
    func node(lines: Int) throws -> TextNode {
        var link = TextAttributes()
        link.link = "docs"
        var text = AttributedText((0 ..< lines).map { "Line \($0)" }.joined(separator: "\n") + "\nthe ")
            + AttributedText("docs", attributes: link)
        text.alignment = .center
        let node = TextNode(text)
        node.contentsScale = 2
        node.displaysAsynchronously = false
        _ = node.layoutThatFits(try SizeRange(min: CGSize(width: 200, height: 0), max: CGSize(width: 300, height: 1e6)))
        #expect(node.withTextState { $0.layout }?.width == 300 && node.calculatedSize?.width == 200)
        return node
    }

    @Test func theBoundsLayoutIsShapedOnceForDrawingsAndQueries() throws {
        let node = try node(lines: 3)
        try node.recursivelySetInterfaceState([.display])
        let shaped = try #require(node.withTextState { $0.boundsLayouts?.cached { _ in true } })
        #expect(shaped.width == 200)
        let next = try #require(node.drawing() as? _TextDrawing)
        #expect(next.layout === shaped, "the next drawing reuses the bounds' lines")
        let measured = node.withTextState { $0.layout }
        #expect(node.links.count == 1)
        #expect(node.withTextState { $0.layout } === measured, "a query on main reuses them too, shaping nothing")
    }

    @Test func theTilesOfATallTextShareOneShaping() throws {
        let node = try node(lines: 3_000)
        try node.recursivelySetInterfaceState([.display])
        #expect(node.contents == nil && node.contentsTiles.count == 1)
        let shaped = try #require(node.withTextState { $0.boundsLayouts?.cached { _ in true } })
        let height = try #require(node.calculatedSize).height
        node.updateTiles(display: CGRect(x: 0, y: height / 2, width: 200, height: 1_500),
                         visible: CGRect(x: 0, y: height / 2, width: 200, height: 800))
        DisplayNode.commitFinishedDisplays()
        #expect(node.contentsTiles.count >= 3 && node.isDisplayComplete)
        #expect(node.withTextState { $0.boundsLayouts?.cached { _ in true } } === shaped)
        #expect((node.drawing() as? _TextDrawing)?.layout === shaped)
    }
}
