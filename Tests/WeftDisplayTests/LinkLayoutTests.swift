import Foundation
import Testing
import WeftCore
import WeftNode
@testable import WeftDisplay

/// Asking a text node for its links, or what a point is over, happens on main
/// (a host's accessibility tree, a pointer's motion): without a link or a
/// truncation tail there is nothing to find, and no layout may be made for it.
@MainActor
struct LinkLayoutTests {
    /// Centred text measured wider than its bounds: its kept layout does not
    /// fit them, so a query that needed a layout shaped the text again on main.
    @Test func queriesOnTextWithoutLinksShapeNothing() throws {
        var text = AttributedText("Hello")
        text.alignment = .center
        let node = TextNode(text)
        _ = node.layoutThatFits(try SizeRange(min: CGSize(width: 200, height: 0), max: CGSize(width: 300, height: 1_000)))
        let kept = try #require(node.withTextState { $0.layout })
        #expect(kept.width == 300 && node.calculatedSize?.width == 200)
        #expect(node.links.isEmpty)
        #expect(node.link(at: CGPoint(x: 100, y: 8)) == nil)
        #expect(!node.isPressTarget(at: CGPoint(x: 100, y: 8)))
        #expect(node.withTextState { $0.layout } === kept, "no layout was made")
    }
}
