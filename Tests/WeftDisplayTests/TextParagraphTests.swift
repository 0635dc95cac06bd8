import Foundation
import Testing
import WeftCore
import WeftDisplay
import WeftNode
import WeftTestSupport

/// Text of many paragraphs: each is laid out on its own, stacked, its heights
/// summed in points (round 4's G7 and G8), with the line limit counted over
/// the whole text as Texture counts it.
@MainActor
@Suite struct TextParagraphTests {
    func measured(_ text: AttributedText, width: Double = .infinity, lines: Int = 0) throws -> (TextNode, CGSize) {
        let node = TextNode(text)
        node.maximumNumberOfLines = lines
        let size = node.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: width, height: CGFloat.infinity))).size
        return (node, size)
    }

    /// Ink columns (alpha over 64) of the pixel rows `rows`.
    func inkColumns(_ bitmap: Bitmap, rows: Range<Int>) -> ClosedRange<Int>? {
        var columns: ClosedRange<Int>?
        for y in rows.clamped(to: 0 ..< bitmap.pixelHeight) {
            for x in 0 ..< bitmap.pixelWidth where bitmap.pixel(x: x, y: y) >> 24 > 64 {
                columns = columns.map { min($0.lowerBound, x) ... max($0.upperBound, x) } ?? x ... x
            }
        }
        return columns
    }

    func drawn(_ text: AttributedText) throws -> (TextNode, Bitmap) {
        let node = TextNode(text)
        node.contentsScale = 1
        node.displaysAsynchronously = false
        _ = node.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: CGFloat.infinity, height: CGFloat.infinity)))
        try node.recursivelySetInterfaceState([.preload, .display])
        return (node, try #require(node.contents))
    }

    /// G7: 600 lines at 4,000 pt are about 2.8 million points tall, past what
    /// Pango's 32-bit units hold: the height wrapped to a negative number.
    @Test func textTallerThanPangoUnitsMeasuresItsWholeHeight() throws {
        let attributes = TextAttributes(fontSize: 4_000)
        let (_, line) = try measured(AttributedText("a", attributes: attributes))
        let count = 600
        let text = Array(repeating: "a", count: count).joined(separator: "\n")
        let (node, size) = try measured(AttributedText(text, attributes: attributes))
        #expect(node.lineCount == count)
        #expect(size.height > 2_097_152, "beyond 2^31 Pango units: \(size)")
        #expect(abs(size.height - Double(count) * line.height) <= Double(count), "\(size) for lines of \(line.height)")
    }

    /// G8: measuring took time growing with the square of the paragraphs
    /// (16,000 lines 9 s in a debug build; 130,000 lines 137 s); it is linear
    /// now. The result is the sum of the lines, exactly as before.
    @Test func manyParagraphsMeasureAsTheSumOfTheirLines() throws {
        let count = 20_000
        let (_, line) = try measured("Line")
        let text = (0 ..< count).map { "Line \($0)" }.joined(separator: "\n")
        let (node, size) = try measured(AttributedText(text), width: 300)
        #expect(node.lineCount == count && !node.isTruncated)
        #expect(abs(size.height - Double(count) * line.height) <= Double(count), "\(size)")
    }

    /// `maximumNumberOfLines` is the most lines shown over the whole text, as in
    /// Texture; Pango's negative height counted it per paragraph, so four
    /// paragraphs under a limit of 2 showed four lines and said nothing was cut.
    /// The last line shown ends in "…" when later paragraphs are cut.
    @Test func aLineLimitCountsTheLinesOfEveryParagraph() throws {
        let (node, size) = try measured("one\ntwo\nthree\nfour", lines: 2)
        #expect(node.lineCount == 2)
        #expect(node.isTruncated)
        let (_, twoLines) = try measured("one\ntwo…")
        #expect(size == twoLines, "the second line shows that the text goes on")

        let (whole, _) = try measured("one\ntwo", lines: 2)
        #expect(whole.lineCount == 2 && !whole.isTruncated, "text that fits the limit is not cut")
        let (long, _) = try measured(AttributedText(String(repeating: "wrapping words ", count: 10) + "\nnext"),
                                     width: 100, lines: 3)
        #expect(long.lineCount == 3 && long.isTruncated)
    }

    /// An empty paragraph is as tall as its font, the last one too: one layout
    /// gave a trailing empty line the default font's height.
    @Test func anEmptyParagraphIsAsTallAsItsFont() throws {
        let attributes = TextAttributes(fontSize: 30)
        let (_, line) = try measured(AttributedText("a", attributes: attributes))
        let (node, size) = try measured(AttributedText("a\n\nb\n", attributes: attributes))
        #expect(node.lineCount == 4)
        #expect(abs(size.height - 4 * line.height) <= 4, "\(size) for lines of \(line.height)")
    }

    /// With no width, each paragraph's lines align within the widest line of the
    /// whole text, as one layout aligned them: centred text is centred on one
    /// axis, right-aligned text shares a right edge, and a right-to-left
    /// paragraph of natural (leading) alignment starts at the right.
    @Test(arguments: [TextAlignment.center, .right, .natural])
    func paragraphsWithNoWidthAlignWithinTheWidestLine(alignment: TextAlignment) throws {
        let short = alignment == .natural ? "مرحبا" : "ab"
        let text = AttributedText("\(short)\nA much wider second paragraph", attributes: TextAttributes(fontSize: 20),
                                  alignment: alignment)
        let (node, bitmap) = try drawn(text)
        let lineHeight = bitmap.pixelHeight / 2
        let first = try #require(inkColumns(bitmap, rows: 0 ..< lineHeight))
        let second = try #require(inkColumns(bitmap, rows: lineHeight ..< bitmap.pixelHeight))
        #expect(node.lineCount == 2)
        switch alignment {
        case .center:
            let middle = Double(first.lowerBound + first.upperBound) / 2
            let wide = Double(second.lowerBound + second.upperBound) / 2
            #expect(abs(middle - wide) <= 3, "first line's ink \(first), second's \(second)")
        default:
            // Right-aligned, or right-to-left under natural (leading) alignment.
            #expect(abs(first.upperBound - second.upperBound) <= 3, "first line's ink \(first), second's \(second)")
            #expect(first.lowerBound > bitmap.pixelWidth / 2)
        }
    }
}
