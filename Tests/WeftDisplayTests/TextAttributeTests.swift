import Foundation
import Testing
import WeftCore
import WeftDisplay
import WeftNode
import WeftTestSupport

/// A text node measured at `width` (a fixed width when `fixed`) and drawn on
/// main at `scale`, with its contents.
@MainActor
func drawnText(_ text: AttributedText, width: Double = 300, fixed: Bool = true, scale: Double = 1, lines: Int = 0,
               configure: (TextNode) -> Void = { _ in }) throws -> (TextNode, Bitmap) {
    let node = TextNode(text)
    node.maximumNumberOfLines = lines
    node.contentsScale = scale
    node.displaysAsynchronously = false
    configure(node)
    let minimum = CGSize(width: fixed ? width : 0, height: 0)
    _ = node.layoutThatFits(try SizeRange(min: minimum, max: CGSize(width: width, height: CGFloat.infinity)))
    try node.recursivelySetInterfaceState([.preload, .display])
    return (node, try #require(node.contents))
}

/// Where a bitmap's pixels pass `test`: their columns and rows, or `nil` for none.
func inkBox(_ bitmap: Bitmap, rows: Range<Int>? = nil, columns: Range<Int>? = nil,
            where test: (UInt32) -> Bool = { $0 >> 24 > 64 }) -> (columns: ClosedRange<Int>, rows: ClosedRange<Int>)? {
    var box: (columns: ClosedRange<Int>, rows: ClosedRange<Int>)?
    for y in (rows ?? 0 ..< bitmap.pixelHeight).clamped(to: 0 ..< bitmap.pixelHeight) {
        for x in (columns ?? 0 ..< bitmap.pixelWidth).clamped(to: 0 ..< bitmap.pixelWidth) where test(bitmap.pixel(x: x, y: y)) {
            box = box.map { (min($0.columns.lowerBound, x) ... max($0.columns.upperBound, x),
                             min($0.rows.lowerBound, y) ... max($0.rows.upperBound, y)) } ?? (x ... x, y ... y)
        }
    }
    return box
}

/// Whether a premultiplied pixel is mostly red (or, with `channel` 0, blue).
func isStrong(_ pixel: UInt32, channel shift: UInt32) -> Bool {
    let alpha = pixel >> 24, value = (pixel >> shift) & 0xFF
    let others = [16, 8, 0].filter { $0 != shift }.map { (pixel >> $0) & 0xFF }
    return alpha > 128 && value > 150 && others.allSatisfy { $0 < 90 }
}

@MainActor
@Suite struct TextAlignmentDirectionTests {
    static let arabic = "مرحبا بالعالم"
    static let english = "Hello world"

    /// The ink's left and right columns of one line of `string` aligned in 300 points.
    func ink(_ string: String, _ alignment: TextAlignment) throws -> ClosedRange<Int> {
        let (_, bitmap) = try drawnText(AttributedText(string, attributes: TextAttributes(fontSize: 16),
                                                       alignment: alignment))
        return try #require(inkBox(bitmap)).columns
    }

    /// `left` and `right` are the edges in every script; `leading`, `trailing`
    /// and `natural` follow the paragraph: Arabic leads from the right. Pango's
    /// own alignment mirrored `right` to the left for Arabic.
    @Test func leftAndRightAreEdgesLeadingAndTrailingFollowTheParagraph() throws {
        for string in [Self.arabic, Self.english] {
            let rightToLeft = string == Self.arabic
            let left = try ink(string, .left), right = try ink(string, .right)
            #expect(left.lowerBound < 10, "\(string) .left: \(left)")
            #expect(right.upperBound > 290, "\(string) .right: \(right)")
            for alignment in [TextAlignment.leading, .natural, .trailing] {
                let columns = try ink(string, alignment)
                let atRight = (alignment == .trailing) != rightToLeft
                #expect(atRight ? columns.upperBound > 290 : columns.lowerBound < 10, "\(string) \(alignment): \(columns)")
            }
        }
    }

    /// Justified lines reach both edges but for the paragraph's last, which
    /// is set as natural alignment sets it, in both directions.
    @Test func justifiedLinesReachBothEdgesButTheLast() throws {
        for word in ["justified ", "مرحبا "] {
            let string = String(repeating: word, count: 30) + word.prefix(3)
            func drawn(_ alignment: TextAlignment) throws -> (first: ClosedRange<Int>, last: ClosedRange<Int>) {
                let text = AttributedText(string, attributes: TextAttributes(fontSize: 16), alignment: alignment)
                let (node, bitmap) = try drawnText(text, width: 200)
                try #require(node.lineCount >= 3)
                let lineHeight = bitmap.pixelHeight / node.lineCount
                return (try #require(inkBox(bitmap, rows: 0 ..< lineHeight)).columns,
                        try #require(inkBox(bitmap, rows: bitmap.pixelHeight - lineHeight ..< bitmap.pixelHeight)).columns)
            }
            let justified = try drawn(.justified), natural = try drawn(.natural)
            #expect(justified.first.lowerBound < 4 && justified.first.upperBound > 195, "\(word)first line: \(justified.first)")
            #expect(justified.first.count > natural.first.count + 3, "stretched: \(justified.first) against \(natural.first)")
            #expect(justified.last == natural.last, "\(word)last line: \(justified.last) against \(natural.last)")
        }
    }
}

@MainActor
@Suite struct ParagraphStyleTests {
    func size(_ text: AttributedText, width: Double = 200) throws -> (TextNode, CGSize) {
        let node = TextNode(text)
        let size = node.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: width, height: CGFloat.infinity))).size
        return (node, size)
    }

    @Test func lineSpacingAndHeightMultipleGrowTheLines() throws {
        let words = String(repeating: "spaced words ", count: 12)
        let (node, plain) = try size(AttributedText(words))
        try #require(node.lineCount >= 3)
        var style = ParagraphStyle()
        style.lineSpacing = 10
        let (_, spaced) = try size(AttributedText(words, paragraphStyle: style))
        let expected = plain.height + 10 * Double(node.lineCount - 1)
        #expect(abs(spaced.height - expected) <= 1, "\(spaced) against \(expected)")
        style = ParagraphStyle()
        style.lineHeightMultiple = 2
        let (_, double) = try size(AttributedText(words, paragraphStyle: style))
        #expect(abs(double.height - 2 * plain.height) <= Double(node.lineCount) + 1, "\(double) against \(plain)")
    }

    @Test func paragraphSpacingGoesBetweenParagraphsOnly() throws {
        let (_, plain) = try size("one\ntwo\nthree")
        var style = ParagraphStyle()
        style.paragraphSpacing = 8
        style.paragraphSpacingBefore = 4
        let (_, spaced) = try size(AttributedText("one\ntwo\nthree", paragraphStyle: style))
        #expect(abs(spaced.height - (plain.height + 2 * 12)) <= 1, "\(spaced) against \(plain)")
        let (_, single) = try size(AttributedText("one", paragraphStyle: style))
        let (_, singlePlain) = try size("one")
        #expect(single == singlePlain, "no space before the first paragraph or after the last")
    }

    @Test func theFirstLineIsIndentedFromItsLeadingEdge() throws {
        var style = ParagraphStyle()
        style.firstLineHeadIndent = 40
        for (word, rightToLeft) in [("indented ", false), ("مرحبا ", true)] {
            let (node, bitmap) = try drawnText(AttributedText(String(repeating: word, count: 20), paragraphStyle: style),
                                               width: 200)
            let lineHeight = bitmap.pixelHeight / node.lineCount
            let first = try #require(inkBox(bitmap, rows: 0 ..< lineHeight)).columns
            let second = try #require(inkBox(bitmap, rows: lineHeight ..< 2 * lineHeight)).columns
            if rightToLeft {
                #expect(first.upperBound < second.upperBound - 30, "first line \(first), second \(second)")
            } else {
                #expect(first.lowerBound > second.lowerBound + 30, "first line \(first), second \(second)")
            }
        }
    }

    @Test func lengthsThatAreNotFiniteOrTooLargeAreClamped() {
        var style = ParagraphStyle()
        style.lineSpacing = .infinity
        style.paragraphSpacing = -5
        style.lineHeightMultiple = .nan
        style.firstLineHeadIndent = -1e9
        #expect(style.lineSpacing == 0 && style.paragraphSpacing == 0 && style.lineHeightMultiple == 0)
        #expect(style.firstLineHeadIndent == -4_096)
        style.paragraphSpacingBefore = 1e12
        style.lineHeightMultiple = 1e6
        #expect(style.paragraphSpacingBefore == 4_096 && style.lineHeightMultiple == 100)
    }

    /// Huge spacing measures and draws a defined picture, not a hang or a blank.
    @Test func hugeLineSpacingMeasuresWithoutOverflow() throws {
        var style = ParagraphStyle()
        style.lineSpacing = 1e9
        let (node, size) = try size(AttributedText(String(repeating: "far apart ", count: 10), paragraphStyle: style))
        #expect(node.lineCount > 1)
        #expect(size.height >= 4_096 * Double(node.lineCount - 1), "\(size)")
    }
}

@MainActor
@Suite struct RunAttributeTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)

    @Test func underlineAndStrikethroughDrawInTheirColours() throws {
        var attributes = TextAttributes(fontSize: 20)
        attributes.underline = .single
        attributes.underlineColor = Self.red
        attributes.isStruckThrough = true
        attributes.strikethroughColor = Self.blue
        let (_, bitmap) = try drawnText(AttributedText("lines", attributes: attributes), fixed: false)
        let underline = try #require(inkBox(bitmap) { isStrong($0, channel: 16) }, "a red underline")
        let strike = try #require(inkBox(bitmap) { isStrong($0, channel: 0) }, "a blue strikethrough")
        #expect(underline.columns.count > bitmap.pixelWidth * 8 / 10, "under the whole run: \(underline)")
        #expect(strike.columns.count > bitmap.pixelWidth * 8 / 10, "through the whole run: \(strike)")
        #expect(underline.rows.lowerBound > strike.rows.upperBound, "the underline is below the strikethrough")

        var double = TextAttributes(fontSize: 20)
        double.underline = .double
        double.underlineColor = Self.red
        let (_, twice) = try drawnText(AttributedText("lines", attributes: double), fixed: false)
        let rows = Set((0 ..< twice.pixelHeight).filter { y in
            (0 ..< twice.pixelWidth).contains { isStrong(twice.pixel(x: $0, y: y), channel: 16) }
        })
        let bands = rows.filter { !rows.contains($0 - 1) }.count
        #expect(bands == 2, "a double underline is two lines: rows \(rows.sorted())")
    }

    @Test func backgroundColourFillsBehindTheRunOnly() throws {
        var marked = TextAttributes(fontSize: 16)
        marked.backgroundColor = Self.red
        let text = AttributedText(runs: [.init("plain ", attributes: TextAttributes(fontSize: 16)), .init("marked", attributes: marked)])
        let (_, bitmap) = try drawnText(text, fixed: false)
        let fill = try #require(inkBox(bitmap) { isStrong($0, channel: 16) })
        let plain = try #require(inkBox(bitmap) { $0 >> 24 > 64 && !isStrong($0, channel: 16) && ($0 >> 16) & 0xFF < 90 })
        #expect(fill.columns.lowerBound > bitmap.pixelWidth / 3, "behind 'marked' only: \(fill)")
        #expect(plain.columns.lowerBound < 5)
    }

    @Test func letterSpacingWidensAndBaselineOffsetRaises() throws {
        let plain = TextAttributes(fontSize: 16)
        var spaced = plain
        spaced.letterSpacing = 4
        let (_, narrow) = try drawnText(AttributedText("abcdef", attributes: plain), fixed: false)
        let (_, wide) = try drawnText(AttributedText("abcdef", attributes: spaced), fixed: false)
        #expect(wide.pixelWidth >= narrow.pixelWidth + 20, "six letters 4 points apart: \(narrow.pixelWidth) → \(wide.pixelWidth)")

        var raised = plain
        raised.baselineOffset = 8
        let text = AttributedText(runs: [.init("x", attributes: plain), .init("x", attributes: raised)])
        let (_, bitmap) = try drawnText(text, fixed: false)
        let half = bitmap.pixelWidth / 2
        let low = try #require(inkBox(bitmap, columns: 0 ..< half))
        let high = try #require(inkBox(bitmap, columns: half ..< bitmap.pixelWidth))
        #expect(abs(low.rows.lowerBound - high.rows.lowerBound - 8) <= 1, "raised 8 points: \(low.rows) and \(high.rows)")
    }

    @Test func italicSlantsTheGlyphs() throws {
        let (_, upright) = try drawnText(AttributedText("IIII", attributes: TextAttributes(fontSize: 30)), fixed: false)
        let (_, italic) = try drawnText(AttributedText("IIII", attributes: TextAttributes(fontSize: 30, fontStyle: .italic)),
                                        fixed: false)
        // An upright I's stem has the same columns at its top and bottom; a slanted one moves right going up.
        func stemLeft(_ bitmap: Bitmap, fraction: Double) -> Int? {
            let y = Int(Double(bitmap.pixelHeight) * fraction)
            return (0 ..< bitmap.pixelWidth).first { bitmap.pixel(x: $0, y: y) >> 24 > 128 }
        }
        let uprightShift = try #require(stemLeft(upright, fraction: 0.35)) - (try #require(stemLeft(upright, fraction: 0.7)))
        let italicShift = try #require(stemLeft(italic, fraction: 0.35)) - (try #require(stemLeft(italic, fraction: 0.7)))
        #expect(abs(uprightShift) <= 1 && italicShift >= 2, "upright \(uprightShift), italic \(italicShift)")
    }

    @Test func fontFeaturesReachTheFont() throws {
        // Noto Sans has small capitals (smcp): lowercase letters become shorter capitals.
        let plain = TextAttributes(fontFamily: "Noto Sans", fontSize: 30)
        var small = plain
        small.fontFeatures = [try FontFeature("smcp")]
        let (_, lower) = try drawnText(AttributedText("xxxx", attributes: plain), fixed: false)
        let (_, capitals) = try drawnText(AttributedText("xxxx", attributes: small), fixed: false)
        #expect(lower.pixelWidth != capitals.pixelWidth || ReferenceImage.compare(lower, capitals).differingPixels > 50)
    }

    @Test func anInvalidFontFeatureIsATypedError() {
        for (tag, value) in [("tnu", 1), ("tnum!", 1), ("tn=m", 1), ("t,um", 1), ("tnum", -1), ("tnum", 70_000), ("", 1)] {
            #expect(throws: TextAttributeError.invalidFontFeature(tag: tag, value: value)) {
                try FontFeature(tag, value: value)
            }
        }
        #expect(throws: Never.self) { try FontFeature("liga", value: 0) }
    }

    @Test func lengthsThatAreNotFiniteAreZero() {
        var attributes = TextAttributes()
        attributes.letterSpacing = .nan
        attributes.baselineOffset = -.infinity
        #expect(attributes.letterSpacing == 0 && attributes.baselineOffset == 0)
        attributes.baselineOffset = 1e9
        #expect(attributes.baselineOffset == TextAttributes.maximumFontSize)
    }
}
