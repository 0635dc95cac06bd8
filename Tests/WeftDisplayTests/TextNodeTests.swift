import Foundation
import Testing
import WeftCore
import WeftDisplay
import WeftNode
import WeftTestSupport

@MainActor
@Suite struct TextNodeTests {
    /// A text node measured for `width` and drawn at once on main at `scale`.
    func drawn(_ text: AttributedText, width: Double, scale: Double = 2, lines: Int = 0,
               background: Color? = nil) throws -> TextNode {
        let node = TextNode(text)
        node.maximumNumberOfLines = lines
        node.contentsScale = scale
        node.backgroundColor = background
        node.displaysAsynchronously = false
        _ = node.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: width, height: CGFloat.infinity)))
        try node.recursivelySetInterfaceState([.preload, .display])
        return node
    }

    @Test func measuresWithPangoAndWraps() throws {
        let short = TextNode("Hello")
        let size = short.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: 300, height: CGFloat.infinity))).size
        // DejaVu Sans 14: "Hello" is about 37 points wide and 17 tall.
        #expect(size.width > 30 && size.width < 45, "\(size)")
        #expect(size.height > 14 && size.height < 20, "\(size)")
        #expect(short.lineCount == 1)

        let long = TextNode(AttributedText(String(repeating: "wrapping words ", count: 20)))
        let wrapped = long.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: 120, height: CGFloat.infinity))).size
        #expect(wrapped.width <= 120)
        #expect(long.lineCount > 5)
        #expect(wrapped.height > size.height * 5)
    }

    @Test func aLineLimitTruncates() throws {
        let node = TextNode(AttributedText(String(repeating: "truncated words ", count: 20)))
        node.maximumNumberOfLines = 2
        let size = node.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: 120, height: CGFloat.infinity))).size
        #expect(node.lineCount == 2)
        #expect(node.isTruncated)
        #expect(size.height < 40)
    }

    @Test func drawsDarkPixelsInsideItsBoundsAndMatchesTheReference() throws {
        let node = try drawn(AttributedText("Weft draws text", attributes: TextAttributes(fontSize: 16)), width: 200)
        let contents = try #require(node.contents)
        let size = try #require(node.calculatedLayout).size
        #expect(contents.pixelWidth == Int((size.width * 2).rounded(.up)))
        #expect(contents.scale == 2)
        let ink = ReferenceImage.inkInside(contents, rect: (0 ..< contents.pixelWidth, 0 ..< contents.pixelHeight))
        #expect(ink.inside > 200, "text leaves ink: \(ink.inside) pixels")
        try compareWithReference(contents, "text-16pt-2x.png")
    }

    func compareWithReference(_ bitmap: Bitmap, _ name: String, file: String = #filePath) throws {
        let (matches, difference) = try ReferenceImage.matches(
            bitmap, name, besides: file, encode: { $0.pngData() }, decode: { try Bitmap(pngData: $0, scale: bitmap.scale) })
        #expect(matches, "\(name): \(difference.map { "\($0)" } ?? "")")
    }
}

@MainActor
@Suite struct TextNodeRedisplayTests {
    @Test func newTextRedrawsAtItsNewSizeOnceMeasured() throws {
        let node = TextNode("short")
        node.contentsScale = 1
        node.displaysAsynchronously = false
        let range = try SizeRange(min: .zero, max: CGSize(width: 200, height: CGFloat.infinity))
        _ = node.layoutThatFits(range)
        try node.recursivelySetInterfaceState([.display])
        let before = try #require(node.contents)
        node.attributedText = AttributedText(String(repeating: "a much longer text ", count: 8))
        let size = node.layoutThatFits(range).size
        #expect(node.contents === before, "the redraw waits for the turn's capture")
        DisplayNode.commitFinishedDisplays()   // the frame's start: the marked node draws, inline
        let after = try #require(node.contents)
        #expect(after !== before)
        #expect(after.pixelHeight == Int(size.height.rounded(.up)) && after.pixelHeight > before.pixelHeight)
    }
}

@MainActor
@Suite struct TextAlignmentTests {
    /// The mean column of the inked pixels of a node `width` points wide.
    func inkCentre(_ alignment: TextAlignment, width: Double = 200) throws -> Double {
        let node = TextNode(AttributedText("centre", attributes: TextAttributes(fontSize: 14), alignment: alignment))
        node.contentsScale = 1
        node.displaysAsynchronously = false
        _ = node.layoutThatFits(try SizeRange(min: CGSize(width: width, height: 0), max: CGSize(width: width, height: CGFloat.infinity)))
        try node.recursivelySetInterfaceState([.display])
        let contents = try #require(node.contents)
        var sum = 0, count = 0
        for y in 0 ..< contents.pixelHeight {
            for x in 0 ..< contents.pixelWidth where contents.pixel(x: x, y: y) >> 24 > 64 {
                sum += x
                count += 1
            }
        }
        try #require(count > 0)
        return Double(sum) / Double(count)
    }

    @Test func alignmentPlacesTheLinesAcrossTheWidth() throws {
        let left = try inkCentre(.left), centre = try inkCentre(.center), right = try inkCentre(.right)
        #expect(left < 40, "left: \(left)")
        #expect(abs(centre - 100) < 5, "centre: \(centre)")
        #expect(right > 160, "right: \(right)")
    }
}
