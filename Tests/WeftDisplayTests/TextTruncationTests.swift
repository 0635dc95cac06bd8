import Foundation
import Testing
import WeftCore
import WeftDisplay
import WeftNode
import WeftTestSupport

/// Texture's truncation token and additional message, and text of any length
/// under a line limit.
@MainActor
@Suite struct TextTruncationTests {
    static let red = Color(red: 1, green: 0, blue: 0)
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let body = TextAttributes(fontSize: 16)

    func compareWithReference(_ bitmap: Bitmap, _ name: String, file: String = #filePath) throws {
        let (matches, difference) = try ReferenceImage.matches(
            bitmap, name, besides: file, encode: { $0.pngData() }, decode: { try Bitmap(pngData: $0, scale: bitmap.scale) })
        #expect(matches, "\(name): \(difference.map { "\($0)" } ?? "")")
    }

    func measured(_ text: AttributedText, width: Double = 200, lines: Int,
                  configure: (TextNode) -> Void = { _ in }) throws -> (TextNode, CGSize) {
        let node = TextNode(text)
        node.maximumNumberOfLines = lines
        configure(node)
        let size = node.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: width, height: CGFloat.infinity))).size
        return (node, size)
    }

    /// The token and message end the last line shown, in their own colours,
    /// at its end: the right in English, the left in Arabic; the line above
    /// shows neither.
    @Test func theTokenAndMessageEndTheLastLineInEitherDirection() throws {
        for (word, rightToLeft) in [("truncated ", false), ("مرحبا ", true)] {
            let text = AttributedText(String(repeating: word, count: 40), attributes: Self.body)
            let (node, bitmap) = try drawnText(text, width: 240, scale: 2, lines: 2) { node in
                node.truncationAttributedText = AttributedText(" …", attributes: TextAttributes(fontSize: 16, color: Self.red))
                node.additionalTruncationMessage = AttributedText("more", attributes: TextAttributes(fontSize: 16, color: Self.blue))
            }
            #expect(node.lineCount == 2 && node.isTruncated)
            let half = bitmap.pixelHeight / 2
            #expect(inkBox(bitmap, rows: 0 ..< half) { isStrong($0, channel: 16) || isStrong($0, channel: 0) } == nil,
                    "\(word)the first line shows no token")
            let token = try #require(inkBox(bitmap, rows: half ..< bitmap.pixelHeight) { isStrong($0, channel: 16) })
            let message = try #require(inkBox(bitmap, rows: half ..< bitmap.pixelHeight) { isStrong($0, channel: 0) })
            let words = try #require(inkBox(bitmap, rows: half ..< bitmap.pixelHeight) {
                $0 >> 24 > 128 && ($0 >> 16) & 0xFF < 90 && $0 & 0xFF < 90
            })
            if rightToLeft {
                #expect(message.columns.upperBound < token.columns.lowerBound, "\(word)message left of the token")
                #expect(token.columns.upperBound < words.columns.upperBound, "the words lead from the right")
                #expect(message.columns.lowerBound < 60, "the line is filled to its end: \(message)")
            } else {
                #expect(words.columns.upperBound < token.columns.lowerBound, "token after the words")
                #expect(token.columns.upperBound < message.columns.lowerBound, "message after the token")
                #expect(message.columns.upperBound > 2 * 240 - 60, "the line is filled to its end: \(message)")
            }
            #expect(message.columns.upperBound < 2 * 240, "within the width")
            try compareWithReference(bitmap, rightToLeft ? "truncation-token-rtl-2x.png" : "truncation-token-2x.png")
        }
    }

    /// Text that fits its limit shows no token and is not truncated; one more
    /// word and it is, with the token inside the limit's lines.
    @Test func isTruncatedIsExactAtTheLimit() throws {
        let token = AttributedText("… more", attributes: Self.body)
        let (fits, fitsSize) = try measured(AttributedText("one two", attributes: Self.body), lines: 1) {
            $0.truncationAttributedText = token
        }
        #expect(!fits.isTruncated && fits.lineCount == 1)
        let (plain, plainSize) = try measured(AttributedText("one two", attributes: Self.body), lines: 1)
        #expect(fitsSize == plainSize)
        let (cut, _) = try measured(AttributedText(String(repeating: "one two ", count: 20), attributes: Self.body),
                                    lines: 3) { $0.truncationAttributedText = token }
        #expect(cut.isTruncated && cut.lineCount == 3)
        #expect(!plain.isTruncated)
        // Cut between paragraphs: the last line shown takes the token.
        let (between, _) = try measured(AttributedText("one\ntwo\nthree", attributes: Self.body), lines: 2) {
            $0.truncationAttributedText = token
        }
        #expect(between.isTruncated && between.lineCount == 2)
    }

    /// A token wider than the whole line is itself cut by "…" within the
    /// limit: a defined picture, not a third line or a hang.
    @Test func aTokenLongerThanTheLineStaysWithinTheLimit() throws {
        let (node, size) = try measured(AttributedText(String(repeating: "words ", count: 40), attributes: Self.body),
                                        width: 100, lines: 2) {
            $0.truncationAttributedText = AttributedText(String(repeating: "long token ", count: 10), attributes: Self.body)
        }
        #expect(node.lineCount == 2 && node.isTruncated)
        let (_, twoLines) = try measured(AttributedText("a\nb", attributes: Self.body), lines: 0)
        #expect(abs(size.height - twoLines.height) <= 1, "\(size)")
    }

    /// A 10 MB string under a limit of 6 lines measures from a prefix: the
    /// same lines and size as a short string with the same start, and its
    /// memory is that of the shown part (the time is the benchmark's).
    @Test func aHugeStringUnderALineLimitShapesOnlyAPrefix() throws {
        let sentence = "Weft shapes only what it shows of a very long text. "
        let huge = String(repeating: sentence, count: 10_000_000 / sentence.utf8.count)
        let short = String(repeating: sentence, count: 40)
        for tail in [nil, AttributedText(" … more", attributes: Self.body)] {
            let (node, size) = try measured(AttributedText(huge, attributes: Self.body), lines: 6) {
                $0.additionalTruncationMessage = tail
            }
            let (reference, referenceSize) = try measured(AttributedText(short, attributes: Self.body), lines: 6) {
                $0.additionalTruncationMessage = tail
            }
            #expect(node.lineCount == 6 && node.isTruncated)
            #expect(size == referenceSize && reference.isTruncated)
        }
        // One paragraph of 10 MB with no spaces breaks between characters.
        let (solid, _) = try measured(AttributedText(String(repeating: "x", count: 10_000_000), attributes: Self.body),
                                      lines: 6)
        #expect(solid.lineCount == 6 && solid.isTruncated)
    }

    /// The node draws what it measured from the prefix: ink on all six lines.
    @Test func aHugeStringDrawsItsLines() throws {
        let huge = String(repeating: "Every line shows ink. ", count: 200_000)
        let (node, bitmap) = try drawnText(AttributedText(huge, attributes: Self.body), width: 200, lines: 6)
        #expect(node.lineCount == 6)
        let lineHeight = bitmap.pixelHeight / 6
        for line in 0 ..< 6 {
            #expect(inkBox(bitmap, rows: line * lineHeight ..< (line + 1) * lineHeight) != nil, "line \(line)")
        }
    }

    /// A million runs: one Pango font and set of attributes per distinct
    /// attributes, not per run, and under a line limit only the runs that show
    /// are copied into a layout. Without a limit, 100,000 runs over 12,500
    /// paragraphs lay out whole (Pango's cost grows with runs times lines
    /// within one paragraph, so one paragraph of them would take minutes).
    @Test func aMillionRunsMeasure() throws {
        var italic = Self.body
        italic.fontStyle = .italic
        let runs = (0 ..< 1_000_000).map { AttributedText.Run("w\($0 % 10) ", attributes: $0 % 2 == 0 ? Self.body : italic) }
        let (limited, _) = try measured(AttributedText(runs: runs), lines: 4)
        #expect(limited.lineCount == 4 && limited.isTruncated)
        let paragraphs = AttributedText(runs: runs.prefix(100_000).enumerated().map { index, run in
            AttributedText.Run(index % 8 == 7 ? run.string + "\n" : run.string, attributes: run.attributes)
        })
        let (whole, size) = try measured(paragraphs, width: 400, lines: 0)
        #expect(whole.lineCount == 12_501 && !whole.isTruncated, "\(whole.lineCount) lines, \(size)")
    }
}

/// Per-line metrics: frames, baselines and ranges of the lines shown.
@MainActor
@Suite struct TextLineTests {
    @Test func linesTellTheirFramesBaselinesAndText() throws {
        let node = TextNode(AttributedText("first line\nsecond line that wraps around\nthird",
                                           attributes: TextAttributes(fontSize: 16)))
        #expect(node.lines.isEmpty, "nothing before the node is measured")
        node.maximumNumberOfLines = 3
        node.truncationAttributedText = AttributedText(" …more", attributes: TextAttributes(fontSize: 16))
        let size = node.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: 150, height: CGFloat.infinity))).size
        let lines = node.lines
        let string = node.attributedText.string
        #expect(lines.count == 3 && node.lineCount == 3 && node.isTruncated)
        #expect(String(string[lines[0].range]) == "first line")
        #expect(string[lines[1].range].hasPrefix("second"))
        #expect(lines.map(\.isTruncated) == [false, false, true], "the last line shown ends in the token")
        for (above, below) in zip(lines, lines.dropFirst()) {
            #expect(abs(above.frame.maxY - below.frame.minY) < 0.01, "stacked: \(above.frame) \(below.frame)")
            #expect(above.baseline < below.baseline)
        }
        #expect(lines.allSatisfy { $0.frame.minY < $0.baseline && $0.baseline < $0.frame.maxY })
        #expect(abs((lines.last?.frame.maxY ?? 0) - size.height) <= 1)
    }

    /// A NUL shows as U+2400 (three bytes) yet the ranges are the text's own.
    @Test func rangesAreInTheTextAsGivenAcrossNULs() throws {
        let node = TextNode(AttributedText("a\u{0}b\nc\u{0}\u{0}d"))
        _ = node.layoutThatFits(try SizeRange(min: .zero, max: CGSize(width: 300, height: CGFloat.infinity)))
        let string = node.attributedText.string
        #expect(node.lines.map { String(string[$0.range]) } == ["a\u{0}b", "c\u{0}\u{0}d"])
    }
}
