import Foundation
import Testing
import Weft
import WeftCore
import WeftDisplay
import WeftSampleFeed
import WeftSimulation
import WeftTestSupport

/// Text taller than any bitmap, end to end through the containers: it draws
/// the tiles of the display range (`DisplayNode.drawsInTiles`), shows every
/// line wherever the list is scrolled, inverted or not, and holds no more
/// tiles than the display range covers.
@MainActor
@Suite(.serialized) struct TiledTextTests {
    init() {
        DisplayNode.displayQueueWidth = 16
    }

    /// About `kilobytes` of posts, one paragraph each, every fifth in Arabic
    /// (right to left), each starting with its number.
    static func posts(kilobytes: Int) -> AttributedText {
        var paragraphs: [String] = [], bytes = 0, id = 0
        while bytes < kilobytes * 1_000 {
            let body = id % 5 == 4
                ? "منشور \(id): هذا نص عربي يملأ السطر ويلتف إلى سطر ثان وثالث في القائمة الطويلة"
                : "\(id). " + PostContent.body(for: id, version: 0)
            paragraphs.append(body)
            bytes += body.utf8.count + 1
            id += 1
        }
        return AttributedText(paragraphs.joined(separator: "\n"), attributes: TextAttributes(fontSize: 15))
    }

    /// A list whose item 1 is one text node of `text`, between two coloured
    /// cells, at 2x.
    func list(_ kind: ContainerKind, inverted: Bool, text: AttributedText) throws -> (CollectionNode, ColoredSource) {
        let source = ColoredSource(count: 3)
        source.special[1] = {
            let cell = TextCellNode(text)
            cell.contentsScale = 2
            return cell
        }
        let node: CollectionNode = kind == .table ? try TableNode() : CollectionNode(layout: try ListLayout())
        node.isInverted = inverted
        node.dataSource = source
        node.viewportSize = CGSize(width: 390, height: 844)
        node.isVisible = true
        node.reloadData()
        return (node, source)
    }

    /// Settles until the screen has no blank cell, or gives up after a few
    /// rounds (the caller's expectations then say what is blank).
    func settle(_ node: CollectionNode) async {
        for _ in 0 ..< 8 {
            await settleDisplays(node)
            if node.blankVisibleItems.isEmpty { return }
        }
    }

    /// The text cell's part of the screen, in pixels at 2x.
    func shownRect(of node: CollectionNode) throws -> CGRect {
        let frame = try #require(node.frameForItem(at: IndexPath(item: 1, section: 0)))
        return node.viewportRect(forContentRect: frame).intersection(CGRect(origin: .zero, size: node.viewportSize))
    }

    /// Checks that every band of 40 points of the text cell on screen has ink
    /// (lines are about 18 points apart: a missing tile leaves bands white).
    func expectEveryBandHasInk(_ frame: ComposedFrame, of node: CollectionNode, _ label: String) throws {
        let shown = try shownRect(of: node)
        guard !shown.isNull, shown.height >= 40 else { return }
        var y = shown.minY
        while y + 40 <= shown.maxY {
            let ink = ReferenceImage.ink(frame.bitmap, x: Int(shown.minX * 2) ..< Int(shown.maxX * 2),
                                         y: Int(y * 2) ..< Int((y + 40) * 2))
            #expect(ink > 100, "\(label): the band at \(y) pt has \(ink) pixels of ink")
            y += 40
        }
    }

    /// The text cell's node and its tiles' bytes, with the most rows of
    /// tiles the display range can hold: its length at 2x in tiles, plus one
    /// for a tile cut by each end.
    func tiles(of node: CollectionNode) throws -> (text: TextNode, bytes: Int, allowed: Int) {
        let cell = try #require(node.nodeForItem(at: IndexPath(item: 1, section: 0)) as? TextCellNode)
        let bytes = cell.text.contentsTiles.reduce(0) { $0 + $1.bitmap.byteCount }
        let display = node.viewportSize.height * 2.5 * 2  // a screen, one ahead, half behind, at 2x
        let rows = Int((display / 1_024).rounded(.up)) + 2
        return (cell.text, bytes, rows * 1_024 * 390 * 2 * 4)
    }

    /// 40 KB with no line limit, taller than the largest bitmap, drew
    /// nothing: now it draws the tiles the display range covers.
    @Test(arguments: [false, true])
    func textTallerThanTheLargestBitmapDrawsItsTiles(inverted: Bool) async throws {
        let (node, source) = try list(.collection, inverted: inverted, text: Self.posts(kilobytes: 40))
        defer { withExtendedLifetime(source) {} }
        await settle(node)
        let frame = try node.composeFrame(scale: 2)
        #expect(frame.blankItems.isEmpty, "\(frame.blankItems)")
        let (text, bytes, allowed) = try tiles(of: node)
        #expect(text.contents == nil && text.displayError == nil)
        #expect(text.calculatedSize.map { $0.height * 2 > Double(Bitmap.maximumDimension) } == true)
        #expect(!text.contentsTiles.isEmpty && bytes <= allowed, "\(text.contentsTiles.count) tiles, \(bytes) bytes")
        for tile in text.contentsTiles {
            #expect(tile.bitmap.pixelWidth <= 1_024 && tile.bitmap.pixelHeight <= 1_024 && tile.bitmap.scale == 2)
        }
        try expectEveryBandHasInk(frame, of: node, "inverted \(inverted)")
        #expect(node.diagnostics.isEmpty, "\(node.diagnostics.diagnostics)")
    }

    /// Scrolled through from one end to the other in steps and jumps, in a
    /// collection and a table, inverted or not: every frame shows every line
    /// of the text on screen, a frame half a screen on from a settled one is
    /// never blank (the display range drew its tiles ahead), and the tiles'
    /// memory stays within the display range.
    @Test(arguments: [ContainerKind.collection, .table], [false, true])
    func aTallTextShowsEveryLineWhereverItIsScrolled(_ kind: ContainerKind, inverted: Bool) async throws {
        let (node, source) = try list(kind, inverted: inverted, text: Self.posts(kilobytes: 48))
        defer { withExtendedLifetime(source) {} }
        await settle(node)
        let screen = node.viewportSize.height
        let length = node.layout.contentSize.height - screen
        #expect(length > 12 * screen, "the text is about 20 screens: \(length / screen)")
        var landings: [CGFloat] = [0, length * 0.41, length]
        landings = landings.flatMap { landing in (0 ..< 2).map { min(landing + CGFloat($0) * screen / 2, length) } }
        var peak = 0
        for offset in landings {
            node.contentOffset.y = offset
            node.layoutIfNeeded()
            await settle(node)
            let frame = try node.composeFrame(scale: 2)
            let label = "\(kind) inverted \(inverted) at \(offset)"
            #expect(frame.blankItems.isEmpty, "\(label): \(frame.blankItems)")
            try expectEveryBandHasInk(frame, of: node, label)
            let (_, bytes, allowed) = try tiles(of: node)
            peak = max(peak, bytes)
            #expect(bytes <= allowed, "\(label): \(bytes) bytes of tiles, at most \(allowed)")
            // Half a screen on, before any drawing lands: the tiles were drawn
            // ahead. (Before the first scroll the range is Texture's minimum
            // mode's, a quarter screen ahead: the first screen is exempt.)
            guard offset > 0, offset + screen / 2 <= length else { continue }
            node.contentOffset.y = offset + screen / 2
            node.layoutIfNeeded()
            let ahead = try node.composeFrame(scale: 2)
            #expect(ahead.blankItems.isEmpty, "\(label), half a screen on: \(ahead.blankItems)")
            try expectEveryBandHasInk(ahead, of: node, "\(label), half a screen on")
        }
        #expect(peak > 0)
        #expect(node.diagnostics.isEmpty, "\(node.diagnostics.diagnostics)")
    }

    /// The middle of a tall text with Arabic paragraphs in an inverted list,
    /// at 2x: tiles meet without a seam or a gap.
    @Test func theMiddleOfATallTextMatchesItsReference() async throws {
        let (node, source) = try list(.collection, inverted: true, text: Self.posts(kilobytes: 40))
        defer { withExtendedLifetime(source) {} }
        await settle(node)
        // An offset whose screen spans a tile boundary (every 512 points of the text).
        node.contentOffset.y = (node.layout.contentSize.height / 2 / 512).rounded() * 512 + 100
        node.layoutIfNeeded()
        await settle(node)
        let frame = try node.composeFrame(scale: 2)
        #expect(frame.blankItems.isEmpty)
        try expectEveryBandHasInk(frame, of: node, "middle")
        let matches = try ImageNodeReference.matches(frame.bitmap, "tiled-text-inverted-2x.png")
        #expect(matches, "the middle of a tall text matches References/tiled-text-inverted-2x.png")
    }
}

