import Foundation
import Testing
import WeftCore
import WeftDisplay
import WeftNode
import WeftTestSupport

/// Records what a text node's delegate hears.
@MainActor
final class LinkRecorder: TextNodeDelegate {
    var taps: [String] = []
    var longPresses: [String] = []
    var tokenTaps = 0
    var highlights = true

    func textNode(_ textNode: TextNode, tappedLink link: TextLink, at point: CGPoint) { taps.append(link.value) }
    func textNode(_ textNode: TextNode, longPressedLink link: TextLink, at point: CGPoint) {
        longPresses.append(link.value)
    }
    func textNode(_ textNode: TextNode, shouldHighlight link: TextLink, at point: CGPoint) -> Bool { highlights }
    func textNodeTappedTruncationToken(_ textNode: TextNode) { tokenTaps += 1 }
}

@MainActor
@Suite struct TextLinkTests {
    static let red = Color(red: 1, green: 0, blue: 0)

    /// "Read the docs now" with "the docs" linked and red, in English or Arabic.
    func linked(rightToLeft: Bool = false) -> (AttributedText, linked: String) {
        var link = TextAttributes(fontSize: 16, color: Self.red)
        link.link = "https://example.org/docs"
        let plain = TextAttributes(fontSize: 16)
        let words = rightToLeft ? ("اقرأ ", "هذا الدليل", " الآن") : ("Read ", "the docs", " now")
        return (AttributedText(runs: [.init(words.0, attributes: plain), .init(words.1, attributes: link),
                                      .init(words.2, attributes: plain)]), words.1)
    }

    @Test(arguments: [false, true])
    func aLinkIsFoundWhereItsInkIs(rightToLeft: Bool) throws {
        let (text, linked) = linked(rightToLeft: rightToLeft)
        let (node, bitmap) = try drawnText(text, width: 300, scale: 2)
        let ink = try #require(inkBox(bitmap) { isStrong($0, channel: 16) })
        let centre = CGPoint(x: Double(ink.columns.lowerBound + ink.columns.upperBound) / 4,
                             y: Double(ink.rows.lowerBound + ink.rows.upperBound) / 4)
        let link = try #require(node.link(at: centre), "a link at the red ink's centre \(centre)")
        #expect(link.value == "https://example.org/docs")
        #expect(String(text.string[link.range]) == linked)
        let rect = try #require(link.rects.first)
        #expect(link.rects.count == 1)
        #expect(rect.minX <= Double(ink.columns.lowerBound) / 2 + 1 && rect.maxX >= Double(ink.columns.upperBound) / 2 - 1,
                "\(rect) holds the ink's columns \(ink.columns) at 2x")
        // The plain words are no link: the first word's ink is away from the red.
        let plain = try #require(inkBox(bitmap) { $0 >> 24 > 128 && ($0 >> 16) & 0xFF < 60 })
        let away = rightToLeft ? Double(plain.columns.upperBound) / 2 - 2 : Double(plain.columns.lowerBound) / 2 + 2
        #expect(node.link(at: CGPoint(x: away, y: centre.y)) == nil)
        #expect(node.link(at: CGPoint(x: centre.x, y: 1_000)) == nil, "below the text")
    }

    func compareWithReference(_ bitmap: Bitmap, _ name: String, file: String = #filePath) throws {
        let (matches, difference) = try ReferenceImage.matches(
            bitmap, name, besides: file, encode: { $0.pngData() }, decode: { try Bitmap(pngData: $0, scale: bitmap.scale) })
        #expect(matches, "\(name): \(difference.map { "\($0)" } ?? "")")
    }

    @Test func aPressHighlightsTheLinkAndAReleaseOnItTaps() throws {
        let (text, _) = linked()
        let recorder = LinkRecorder()
        let (node, _) = try drawnText(text, width: 300, scale: 2) { $0.delegate = recorder }
        node.linkHighlightColor = Color(red: 0, green: 0, blue: 1)
        let rect = try #require(node.link(at: CGPoint(x: 60, y: 9))?.rects.first, "the link is at x 60")
        let inside = CGPoint(x: rect.midX, y: rect.midY)
        #expect(node.pressBegan(at: inside))
        #expect(node.highlightedLinkRects == [rect])
        DisplayNode.commitFinishedDisplays()
        let highlighted = try #require(node.contents)
        let blue = try #require(inkBox(highlighted) { $0 >> 24 > 40 && $0 & 0xFF > 2 * ((($0 >> 16) & 0xFF) + 1) })
        #expect(Double(blue.columns.lowerBound) >= rect.minX * 2 - 2 && Double(blue.columns.upperBound) <= rect.maxX * 2 + 2,
                "the highlight fills the link's rect \(rect): \(blue)")
        try compareWithReference(highlighted, "link-pressed-2x.png")
        node.pressEnded(at: inside)
        #expect(recorder.taps == ["https://example.org/docs"])
        #expect(node.highlightedLinkRects.isEmpty)

        // Released away from the link, or cancelled: no tap.
        #expect(node.pressBegan(at: inside))
        node.pressEnded(at: CGPoint(x: 2, y: 9))
        #expect(node.pressBegan(at: inside))
        node.pressEnded(at: nil)
        #expect(recorder.taps.count == 1)

        // Held: a long press, and the release is no tap.
        #expect(node.pressBegan(at: inside))
        node.pressHeld(at: inside)
        node.pressEnded(at: inside)
        #expect(recorder.longPresses == ["https://example.org/docs"] && recorder.taps.count == 1)

        // A delegate may refuse the highlight; the tap still comes.
        recorder.highlights = false
        #expect(node.pressBegan(at: inside))
        #expect(node.highlightedLinkRects.isEmpty)
        node.pressEnded(at: inside)
        #expect(recorder.taps.count == 2)
    }

    /// A pressed link in Arabic: the highlight is behind the linked words, on the left of the line's start.
    @Test func aPressedLinkInArabicIsHighlightedWhereItShows() throws {
        let (text, _) = linked(rightToLeft: true)
        let recorder = LinkRecorder()
        let (node, bitmap) = try drawnText(text, width: 300, scale: 2) { $0.delegate = recorder }
        let ink = try #require(inkBox(bitmap) { isStrong($0, channel: 16) })
        let point = CGPoint(x: Double(ink.columns.lowerBound + ink.columns.upperBound) / 4,
                            y: Double(ink.rows.lowerBound + ink.rows.upperBound) / 4)
        #expect(node.pressBegan(at: point))
        DisplayNode.commitFinishedDisplays()
        try compareWithReference(try #require(node.contents), "link-pressed-rtl-2x.png")
        node.pressEnded(at: point)
        #expect(recorder.taps.count == 1)
    }

    @Test func withoutADelegateAPressGoesToTheCell() throws {
        let (text, _) = linked()
        let (node, _) = try drawnText(text, width: 300)
        let rect = try #require(node.link(at: CGPoint(x: 60, y: 9))?.rects.first)
        #expect(!node.pressBegan(at: CGPoint(x: rect.midX, y: rect.midY)))
        #expect(!node.isPressTarget(at: CGPoint(x: rect.midX, y: rect.midY)))
    }

    @Test func aTapOnTheTruncationMessageTellsTheDelegate() throws {
        let recorder = LinkRecorder()
        let blue = Color(red: 0, green: 0, blue: 1)
        let (node, bitmap) = try drawnText(AttributedText(String(repeating: "long words ", count: 40),
                                                          attributes: TextAttributes(fontSize: 16)),
                                           width: 200, scale: 1, lines: 2) { node in
            node.delegate = recorder
            node.additionalTruncationMessage = AttributedText(" Continue reading",
                                                              attributes: TextAttributes(fontSize: 16, color: blue))
        }
        let message = try #require(inkBox(bitmap) { isStrong($0, channel: 0) })
        let point = CGPoint(x: Double(message.columns.lowerBound + message.columns.upperBound) / 2,
                            y: Double(message.rows.lowerBound + message.rows.upperBound) / 2)
        #expect(node.isPressTarget(at: point))
        #expect(node.pressBegan(at: point))
        node.pressEnded(at: point)
        #expect(recorder.tokenTaps == 1 && recorder.taps.isEmpty)
        #expect(!node.isPressTarget(at: CGPoint(x: 5, y: 5)), "the first line has no link")
    }

    /// A link across two runs of one value is one link; a cut-off link has no rectangles.
    @Test func adjacentRunsOfOneLinkAreOneLink() throws {
        var bold = TextAttributes(fontSize: 16, fontWeight: .bold)
        bold.link = "a"
        var italic = TextAttributes(fontSize: 16, fontStyle: .italic)
        italic.link = "a"
        let text = AttributedText(runs: [.init("one ", attributes: bold), .init("link", attributes: italic)])
        let (node, _) = try drawnText(text, fixed: false)
        let link = try #require(node.link(at: CGPoint(x: 5, y: 9)))
        #expect(String(text.string[link.range]) == "one link")
        #expect(node.link(at: CGPoint(x: try #require(node.calculatedLayout).size.width - 3, y: 9)) == link)
    }
}
