import Foundation
import Testing
import Weft
import WeftCore
import WeftDataController
import WeftDisplay
import WeftElementMap
import WeftRangeController
import WeftSimulation
import WeftTestSupport

/// A cell filled with a color of its own, so that a picture shows which item
/// is where: 100 points long along the scroll axis (a pager's page is the viewport).
final class ColoredCell: CellNode, @unchecked Sendable {
    let color: UInt32

    init(item: Int) {
        color = ColoredCell.color(of: item)
        super.init()
    }

    static func color(of item: Int) -> UInt32 {
        0xFF00_0000 | UInt32((item * 67 + 40) % 256) << 16 | UInt32((item * 29 + 90) % 256) << 8 | UInt32((item * 13) % 256)
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: 100)
    }

    struct Fill: NodeDrawing {
        let color: UInt32
        func draw(in canvas: DrawingCanvas) {
            for row in 0 ..< canvas.pixelHeight {
                (canvas.pixels + row * canvas.bytesPerRow).assumingMemoryBound(to: UInt32.self)
                    .update(repeating: color, count: canvas.pixelWidth)
            }
        }
    }

    override func drawing() -> (any NodeDrawing)? { Fill(color: color) }
}

@MainActor
final class ColoredSource: CollectionNodeDataSource {
    var count: Int
    /// Items whose node is made by `special` instead.
    var special: [Int: @Sendable () -> CellNode] = [:]

    init(count: Int) {
        self.count = count
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        if let special = special[indexPath.item] { return special }
        let item = indexPath.item
        return { ColoredCell(item: item) }
    }
}

/// Where a list scrolls to in a picture test.
enum ScrollEnd: String, CaseIterable, Sendable {
    case start, middle, end
}

/// The offset along the scroll axis that shows `end` of the content.
@MainActor
func contentOffset(showing end: ScrollEnd, of node: CollectionNode) -> CGPoint {
    let content = node.layout.contentSize, viewport = node.viewportSize
    let vertical = node.layout.scrollAxis == .vertical
    let length = vertical ? max(content.height - viewport.height, 0) : max(content.width - viewport.width, 0)
    let along: CGFloat = switch end {
    case .start: 0
    case .middle: (length / 2).rounded()
    case .end: length
    }
    return vertical ? CGPoint(x: 0, y: along) : CGPoint(x: along, y: 0)
}

/// Expects each visible item of `frame` that is not blank to have ink of its
/// own (pixels not `background`) in its rect on screen.
@MainActor
func expectEachVisibleCellHoldsItsInk(
    _ frame: ComposedFrame, of node: CollectionNode, scale: Double, background: UInt32 = 0xFFFF_FFFF,
    _ what: String = "", sourceLocation: SourceLocation = #_sourceLocation
) {
    let screen = CGRect(origin: .zero, size: node.viewportSize)
    for path in frame.visibleItems where !frame.blankItems.contains(path) {
        guard let frameInContent = node.layout.frameForItem(at: path),
            [frameInContent.minX, frameInContent.minY, frameInContent.width, frameInContent.height].allSatisfy(\.isFinite)
        else { continue }
        let shown = node.viewportRect(forContentRect: frameInContent).intersection(screen)
        guard shown.width >= 1, shown.height >= 1 else { continue }
        let ink = ReferenceImage.ink(
            frame.bitmap, x: Int(shown.minX * scale) ..< Int(shown.maxX * scale),
            y: Int(shown.minY * scale) ..< Int(shown.maxY * scale), background: background)
        #expect(ink > 0, "\(what) item \(path.item) shows nothing of its own in \(shown)", sourceLocation: sourceLocation)
    }
}

/// What the screen shows is what the model says: composed frames of every
/// container, inverted or not, at both ends and the middle, at 1x and 2x, hold
/// each visible item's own drawing where the geometry says it shows, and the
/// blank count is made from those same layers.
@MainActor
@Suite(.serialized) struct ScreenTests {
    init() {
        DisplayNode.displayQueueWidth = 16
    }

    func container(_ kind: ContainerKind, inverted: Bool, source: ColoredSource, viewport: CGSize) throws -> CollectionNode {
        let node: CollectionNode = switch kind {
        case .collection: CollectionNode(layout: try ListLayout())
        case .table: try TableNode()
        case .pager: PagerNode()
        }
        node.isInverted = inverted
        node.dataSource = source
        node.viewportSize = viewport
        return node
    }

    /// Settles until drawn; the two tests of cells that stay blank settle without waiting for that.
    func settle(_ node: CollectionNode, untilDrawn: Bool = true) async {
        await settleDisplays(node, untilDrawn: untilDrawn)
    }

    /// Where item `item` shows, worked out from first principles rather than
    /// through the container's mapping: items are 100 points (a pager's, the
    /// viewport) along the axis from the content's start; the viewport starts at
    /// the offset; an inverted list is read from the far end of the viewport.
    func expectedRect(of item: Int, in node: CollectionNode) -> CGRect {
        let viewport = node.viewportSize, offset = node.contentOffset
        if node.layout.scrollAxis == .vertical {
            let top = CGFloat(item) * 100 - offset.y
            let y = node.isInverted ? viewport.height - top - 100 : top
            return CGRect(x: 0, y: y, width: viewport.width, height: 100)
        }
        let left = CGFloat(item) * viewport.width - offset.x
        let x = node.isInverted ? viewport.width - left - viewport.width : left
        return CGRect(x: x, y: 0, width: viewport.width, height: viewport.height)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var kind: ContainerKind
        var inverted: Bool
        var end: ScrollEnd
        var scale: Double
        var testDescription: String { "\(kind) \(inverted ? "inverted" : "normal") at \(end), \(Int(scale))x" }

        static let all: [Case] = ContainerKind.allCases.flatMap { kind in
            [false, true].flatMap { inverted in
                ScrollEnd.allCases.flatMap { end in [1.0, 2.0].map { Case(kind: kind, inverted: inverted, end: end, scale: $0) } }
            }
        }
    }

    @Test(arguments: Case.all)
    func eachVisibleItemShowsItsOwnDrawingWhereItsGeometrySays(_ test: Case) async throws {
        let source = ColoredSource(count: 40)
        let viewport = CGSize(width: 120, height: 450)
        let node = try container(test.kind, inverted: test.inverted, source: source, viewport: viewport)
        node.reloadData()
        await settle(node)
        node.contentOffset = contentOffset(showing: test.end, of: node)
        node.layoutIfNeeded()
        await settle(node)

        let frame = try node.composeFrame(scale: test.scale)
        #expect(!frame.visibleItems.isEmpty, "\(test.testDescription): something is visible")
        #expect(frame.blankItems.isEmpty, "\(test.testDescription): \(frame.blankItems)")
        let screen = CGRect(origin: .zero, size: viewport)
        for path in frame.visibleItems {
            let expected = expectedRect(of: path.item, in: node)
            #expect(node.viewportRect(forContentRect: try #require(node.frameForItem(at: path))) == expected,
                    "\(test.testDescription): item \(path.item)'s mapping")
            // Every pixel row and column of the part on screen, sampled inside its edges.
            let part = expected.intersection(screen).insetBy(dx: 1, dy: 1)
            guard !part.isEmpty else { continue }
            for (x, y) in [(part.midX, part.midY), (part.minX, part.minY), (part.maxX - 1, part.maxY - 1)] {
                let pixel = frame.bitmap.pixel(x: Int(x * test.scale), y: Int(y * test.scale))
                #expect(pixel == ColoredCell.color(of: path.item),
                        "\(test.testDescription): item \(path.item) at (\(x), \(y)) shows \(String(pixel, radix: 16))")
            }
            // A tap in the middle of what shows finds the same item.
            let point = node.contentPoint(forViewportPoint: CGPoint(x: part.midX, y: part.midY))
            #expect(node.viewIndexPathForItem(at: point) == path, "\(test.testDescription): a tap on item \(path.item)")
        }
        // An inverted list at its start shows item 0 at the bottom (right) edge.
        if test.inverted, test.end == .start {
            let edge = test.kind == .pager
                ? (x: Int(viewport.width * test.scale) - 1, y: 10) : (x: 10, y: Int(viewport.height * test.scale) - 1)
            #expect(frame.bitmap.pixel(x: edge.x, y: edge.y) == ColoredCell.color(of: 0), "\(test.testDescription)")
        }
    }

    /// Scrolled away from its start, an inverted list drew a plain background while
    /// its blank count said 0: the layers were placed in mirrored content space.
    @Test func aScrolledInvertedTableDrawsItsRowsAndTheCountAgrees() async throws {
        let source = ColoredSource(count: 1_000)
        let node = try container(.table, inverted: true, source: source, viewport: CGSize(width: 100, height: 400))
        node.reloadData()
        await settle(node)
        node.contentOffset = CGPoint(x: 0, y: 50_000)
        node.layoutIfNeeded()
        await settle(node)
        let frame = try node.composeFrame(scale: 1)
        #expect(frame.visibleItems.map(\.item) == Array(500 ... 503))
        #expect(frame.blankItems.isEmpty)
        // Row 500 starts at offset 50,000: in an inverted list it is the bottom row.
        #expect(frame.bitmap.pixel(x: 50, y: 350) == ColoredCell.color(of: 500))
        #expect(frame.bitmap.pixel(x: 50, y: 50) == ColoredCell.color(of: 503))
        // The layers lie inside the viewport, not at mirrored content positions.
        for layer in node.visibleContentLayers() {
            #expect(layer.origin.y > -100 && layer.origin.y < 400, "a layer at \(layer.origin)")
        }
        // A click at (50, 50) of the viewport is row 503, the one drawn there.
        #expect(node.viewIndexPathForItem(at: node.contentPoint(forViewportPoint: CGPoint(x: 50, y: 50)))
            == IndexPath(item: 503, section: 0))
    }

    @Test func theDisplayedOffsetOfAnInvertedListRunsFromItsOldestEnd() async throws {
        let source = ColoredSource(count: 20)   // 2,000 points of content
        let node = try container(.table, inverted: true, source: source, viewport: CGSize(width: 100, height: 500))
        node.reloadData()
        await settle(node)
        #expect(node.contentOffset.y == 0)
        #expect(node.displayedContentOffset.y == 1_500, "at the newest row, a scroll bar is at its bottom")
        node.displayedContentOffset.y = 0
        #expect(node.contentOffset.y == 1_500, "the top of the screen's content is the oldest row")
        let plain = try container(.table, inverted: false, source: source, viewport: CGSize(width: 100, height: 500))
        plain.reloadData()
        await settle(plain)
        plain.contentOffset.y = 700
        #expect(plain.displayedContentOffset == plain.contentOffset)
    }

    /// The top cell scrolled until only its bottom margin shows: the screen
    /// shows what the cell draws there, nothing, and the cell is not blank
    /// (the last post of a feed, half a line below the fold, was counted blank
    /// once cells stopped drawing a white background of their own).
    @Test(arguments: [false, true])
    func aSliverOfACellsMarginIsNotBlank(inverted: Bool) async throws {
        let source = ReadingOrderSource()
        let node = try await drawnList(of: source, inverted: inverted, size: CGSize(width: 320, height: 400))
        // Item 5's text ends 62 points down its 80: the screen's top edge cuts
        // it so that only its last 10 show (its cell is not mirrored, inverted or not).
        let fifth = try #require(node.frameForItem(at: IndexPath(item: 5, section: 0)))
        node.displayedContentOffset.y = node.displayedRect(forContentRect: fifth).minY + 70
        node.layoutIfNeeded()
        await settle(node, untilDrawn: false)
        let shown = node.viewportRect(forContentRect: fifth)
        #expect(abs(shown.maxY - 10) < 0.01, "a sliver of 10 points: \(shown)")
        let frame = try node.composeFrame(scale: 2)
        #expect(frame.blankItems.isEmpty, "\(frame.blankItems)")
        #expect(node.blankVisibleItems.isEmpty)
    }

    /// A cell whose drawing lands outside its own rect shows the background
    /// there: it is blank, though every node of it has its contents. (A cell
    /// whose drawing is in its rect but off screen shows what it draws on
    /// screen, its empty margin, and is not: `aSliverOfACellsMarginIsNotBlank`.)
    @Test func aCellWhoseDrawingMissesItsRectIsCountedBlank() async throws {
        let source = ColoredSource(count: 10)
        source.special[1] = { MisplacedCell() }
        let node = try container(.collection, inverted: false, source: source, viewport: CGSize(width: 100, height: 450))
        node.reloadData()
        await settle(node, untilDrawn: false)
        let frame = try node.composeFrame(scale: 1)
        #expect(frame.blankItems == [IndexPath(item: 1, section: 0)])
        #expect(node.blankVisibleItems == [IndexPath(item: 1, section: 0)])
        #expect(frame.bitmap.pixel(x: 50, y: 150) == 0xFFFF_FFFF)
    }

    /// A cell taller than the largest bitmap was drawn white with no record, and
    /// counted drawn (round 4's G13: 9,000 points at 2x): its failure is now
    /// blank and in the container's diagnostics, once.
    @Test(arguments: [(20_000, 1.0), (9_000, 2.0)] as [(CGFloat, Double)])
    func aCellTooLargeToDrawIsBlankAndReportedOnce(height: CGFloat, scale: Double) async throws {
        let source = ColoredSource(count: 10)
        source.special[0] = { TallCell(height: height, scale: scale) }
        let node = try container(.collection, inverted: false, source: source, viewport: CGSize(width: 100, height: 450))
        node.reloadData()
        await settle(node, untilDrawn: false)
        let frame = try node.composeFrame(scale: 1)
        #expect(frame.blankItems == [IndexPath(item: 0, section: 0)])
        _ = try node.composeFrame(scale: 1)
        let failures = node.diagnostics.errors(of: DisplayError.self)
        #expect(failures.count == 1, "\(failures)")
        #expect(node.diagnostics.diagnostics.first?.indexPaths == [IndexPath(item: 0, section: 0)])
    }
}

/// A cell with no drawing of its own whose one subnode is laid out far below it.
final class MisplacedCell: CellNode, @unchecked Sendable {
    let child = ColoredCell(item: 7)

    override init() {
        super.init()
        automaticallyManagesSubnodes = true
    }

    /// 100 points tall, its child laid out 5,000 points below its top: a
    /// drawing outside the cell's own rect.
    override func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        let size = range.clamp(CGSize(width: range.max.width, height: 100))
        let child = child.layoutThatFits(range)
        return Layout(size: size, children: [Layout.Child(node: self.child, origin: CGPoint(x: 0, y: 5_000), layout: child)])
    }
}

/// A cell `height` points tall drawn at `scale`: past `Bitmap.maximumDimension`.
final class TallCell: CellNode, @unchecked Sendable {
    let height: CGFloat

    init(height: CGFloat, scale: Double) {
        self.height = height
        super.init()
        contentsScale = scale
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: height)
    }

    override func drawing() -> (any NodeDrawing)? { ColoredCell.Fill(color: 0xFF00_FF00) }
}


/// Text that cannot be drawn shows as a blank cell with a typed error, never as
/// a white cell with no record, and never changes another cell's drawing.
@MainActor
@Suite(.serialized) struct TextFailureTests {
    init() {
        DisplayNode.displayQueueWidth = 16
    }

    func list(_ texts: [AttributedText]) async throws -> (CollectionNode, ColoredSource) {
        let source = ColoredSource(count: texts.count)
        for (item, text) in texts.enumerated() { source.special[item] = { TextCellNode(text) } }
        let node = CollectionNode(layout: try ListLayout())
        node.dataSource = source
        node.viewportSize = CGSize(width: 300, height: 600)
        node.reloadData()
        await settleDisplays(node)
        return (node, source)
    }

    func ink(of item: Int, in node: CollectionNode, _ frame: ComposedFrame, scale: Double) throws -> Int {
        let shown = node.viewportRect(forContentRect: try #require(node.frameForItem(at: IndexPath(item: item, section: 0))))
        return ReferenceImage.ink(frame.bitmap, x: Int(shown.minX * scale) ..< Int(shown.maxX * scale),
                                  y: Int(shown.minY * scale) ..< Int(shown.maxY * scale))
    }

    /// A font size of 10^6 made FreeType fail, and Cairo kept the failure on the
    /// font face every DejaVu text shares: all other text in the list vanished.
    @Test func aHugeFontSizeBlanksItsOwnCellOnlyAndIsReported() async throws {
        let (node, source) = try await list([
            "Before the huge one",
            "And another before it",
            AttributedText("x", attributes: TextAttributes(fontSize: 1e6)),
        ])
        defer { withExtendedLifetime(source) {} }
        let frame = try node.composeFrame(scale: 2)
        #expect(frame.blankItems == [IndexPath(item: 2, section: 0)])
        #expect(try ink(of: 0, in: node, frame, scale: 2) > 200)
        #expect(try ink(of: 1, in: node, frame, scale: 2) > 200)
        let errors = node.diagnostics.errors(of: DisplayError.self)
        #expect(errors.count == 1 && "\(errors)".contains("font size"), "\(errors)")
        // Text drawn after it, in another list, still has its ink.
        let (later, laterSource) = try await list(["Later text"])
        defer { withExtendedLifetime(laterSource) {} }
        #expect(try ink(of: 0, in: later, try later.composeFrame(scale: 2), scale: 2) > 100)
    }

    @Test func textAfterANulIsText() async throws {
        let (node, source) = try await list(["abc\u{0}def ghi jkl", "abc"])
        defer { withExtendedLifetime(source) {} }
        let cell = try #require(node.nodeForItem(at: IndexPath(item: 0, section: 0)) as? TextCellNode)
        let frame = try node.composeFrame(scale: 1)
        let whole = try ink(of: 0, in: node, frame, scale: 1), prefix = try ink(of: 1, in: node, frame, scale: 1)
        #expect(whole > prefix * 3, "the text after the NUL is drawn: \(whole) pixels of ink against \(prefix)")
        #expect(!cell.text.isTruncated)
        #expect(frame.blankItems.isEmpty)
    }

    /// 300 KB in one paragraph: Pango shaped none of it and the cell was white,
    /// `isTruncated` false.
    @Test func textPangoCannotLayOutIsTruncatedBlankAndReported() async throws {
        let (node, source) = try await list([AttributedText(String(repeating: "lorem ipsum dolor sit amet ", count: 11_200)), "ok"])
        defer { withExtendedLifetime(source) {} }
        let cell = try #require(node.nodeForItem(at: IndexPath(item: 0, section: 0)) as? TextCellNode)
        #expect(cell.text.isTruncated)
        let frame = try node.composeFrame(scale: 1)
        #expect(frame.blankItems == [IndexPath(item: 0, section: 0)])
        #expect(node.diagnostics.errors(of: DisplayError.self).count == 1)
    }

}

/// Bad geometry on the screen's path keeps the screen drawn and its count true.
@MainActor
@Suite(.serialized) struct ScreenBadInputTests {
    init() {
        DisplayNode.displayQueueWidth = 16
    }

    /// The screen is drawn, every visible cell holds its own color where the
    /// geometry says, and the frame's count is the container's.
    func expectDrawn(_ node: CollectionNode, _ what: String) throws {
        let frame = try node.composeFrame(scale: 1)
        #expect(!frame.visibleItems.isEmpty && frame.blankItems.isEmpty, "\(what): \(frame.blankItems)")
        #expect(frame.blankItems == node.blankVisibleItems, "\(what)")
        let screen = CGRect(origin: .zero, size: node.viewportSize)
        for path in frame.visibleItems {
            let shown = node.viewportRect(forContentRect: try #require(node.layout.frameForItem(at: path))).intersection(screen)
            guard shown.width >= 2, shown.height >= 2 else { continue }
            #expect(frame.bitmap.pixel(x: Int(shown.midX), y: Int(shown.midY)) == ColoredCell.color(of: path.item),
                    "\(what): item \(path.item)")
        }
    }

    @Test(arguments: [false, true])
    func offsetsScalesSizesAndInversionMidScrollKeepTheScreenDrawn(overscroll: Bool) async throws {
        let source = ColoredSource(count: 200)
        let node = try TableNode()
        node.allowsOverscroll = overscroll
        node.dataSource = source
        node.viewportSize = CGSize(width: 100, height: 400)
        node.reloadData()
        await settleDisplays(node, untilDrawn: true)
        node.contentOffset.y = 5_000
        node.layoutIfNeeded()
        await settleDisplays(node, untilDrawn: true)
        let before = node.contentOffset
        for bad in [CGFloat.nan, .infinity, -.infinity] {
            node.contentOffset = CGPoint(x: bad, y: bad)
            #expect(node.contentOffset == before, "an offset of \(bad) changes nothing")
        }
        #expect(node.diagnostics.errors(of: GeometryError.self).count == 3)
        node.layoutIfNeeded()
        try expectDrawn(node, "after non-finite offsets")
        if !overscroll {
            node.contentOffset.y = 1e300
            node.layoutIfNeeded()
            await settleDisplays(node, untilDrawn: true)
            try expectDrawn(node, "at an offset of 10^300, clamped to the end")
            node.contentOffset.y = -1e300
            node.layoutIfNeeded()
            await settleDisplays(node, untilDrawn: true)
            try expectDrawn(node, "at an offset of -10^300, clamped to the start")
        }
        for scale in [Double.nan, .infinity, 0, -2, 1e20] {
            #expect(throws: BitmapError.self, "a composition at scale \(scale)") { _ = try node.composeFrame(scale: scale) }
        }
        node.contentOffset.y = 3_000
        node.isInverted.toggle()                                   // inverted mid-scroll
        node.layoutIfNeeded()
        await settleDisplays(node, untilDrawn: true)
        try expectDrawn(node, "inverted mid-scroll")
        node.viewportSize = CGSize(width: 60, height: 250)         // resized mid-scroll
        node.layoutIfNeeded()
        await settleDisplays(node, untilDrawn: true)
        try expectDrawn(node, "resized mid-scroll")
        // A NaN width is no width: nothing is visible, and a picture of nothing is a typed error.
        node.viewportSize = CGSize(width: CGFloat.nan, height: 300)
        node.layoutIfNeeded()
        #expect(node.blankVisibleItems.isEmpty)
        #expect(throws: BitmapError.empty(pixelWidth: 0, pixelHeight: 300)) { _ = try node.composeFrame(scale: 1) }
    }

    @Test func invertingWithABatchInFlightKeepsTheData() async throws {
        let source = ColoredSource(count: 30)
        let node = try TableNode()
        node.dataSource = source
        node.viewportSize = CGSize(width: 100, height: 400)
        node.reloadData()
        await settleDisplays(node, untilDrawn: true)
        try node.performBatchUpdates {
            source.count = 35
            try node.insertItems(at: (30 ..< 35).map { IndexPath(item: $0, section: 0) })
        }
        node.isInverted = true
        node.contentOffset.y = 2_000                               // past the committed content's end
        await settleDisplays(node, untilDrawn: true)
        #expect(node.numberOfItems(inSection: 0) == 35)
        #expect(node.nodeForItem(at: IndexPath(item: 34, section: 0)) != nil)
        node.contentOffset.y = node.layout.contentSize.height - node.viewportSize.height
        node.layoutIfNeeded()
        await settleDisplays(node, untilDrawn: true)
        try expectDrawn(node, "the inverted end after the batch")
        #expect(node.indexPathsForVisibleItems.last == IndexPath(item: 34, section: 0))
    }
}

/// A list whose layout lies about one item's frame (round 4's G3).
final class LyingLayout: CollectionLayout {
    let list: ListLayout
    let lie: CGRect

    init(lie: CGRect) throws {
        list = try ListLayout()
        self.lie = lie
    }

    var scrollAxis: ScrollAxis { list.scrollAxis }
    var contentSize: CGSize { list.contentSize }
    func prepare(for map: ElementMap<CollectionElement>, viewportSize: CGSize) {
        list.prepare(for: map, viewportSize: viewportSize)
    }
    func apply(_ update: DataUpdate) { list.apply(update) }
    func viewportSizeDidChange(to size: CGSize) { list.viewportSizeDidChange(to: size) }
    func invalidateItems(at indexPaths: [IndexPath], in map: ElementMap<CollectionElement>) {
        list.invalidateItems(at: indexPaths, in: map)
    }
    func frameForItem(at indexPath: IndexPath) -> CGRect? {
        indexPath.item == 1 ? lie : list.frameForItem(at: indexPath)
    }
    func indexPathsForItems(in rect: CGRect) -> [IndexPath] { list.indexPathsForItems(in: rect) }
    func firstItemOrdinal(endingAfter offset: CGFloat) -> Int { list.firstItemOrdinal(endingAfter: offset) }
    func firstItemOrdinal(startingAtOrAfter offset: CGFloat) -> Int { list.firstItemOrdinal(startingAtOrAfter: offset) }
}

@MainActor
@Suite(.serialized) struct LyingLayoutScreenTests {
    /// G3: composing a frame with a NaN, huge or far-negative item frame trapped
    /// converting the layer's origin; the lying item is now not drawn, counted
    /// blank, and every other item is drawn where it belongs.
    @Test(arguments: [
        CGRect(x: CGFloat.nan, y: CGFloat.nan, width: 100, height: 100),
        CGRect(x: 0, y: 1e300, width: 100, height: 100),
        CGRect(x: 0, y: -1e15, width: 100, height: 100),
        CGRect(x: 1e20, y: -1e20, width: 100, height: 100),
    ])
    func aLyingFrameIsNotDrawnAndTheRestIs(lie: CGRect) async throws {
        let source = ColoredSource(count: 10)
        let node = CollectionNode(layout: try LyingLayout(lie: lie))
        node.dataSource = source
        node.viewportSize = CGSize(width: 100, height: 450)
        node.reloadData()
        await settleDisplays(node)
        let frame = try node.composeFrame(scale: 2)
        expectEachVisibleCellHoldsItsInk(frame, of: node, scale: 2, "a lie of \(lie):")
        #expect(frame.bitmap.pixel(x: 100, y: 100) == ColoredCell.color(of: 0))
        #expect(frame.bitmap.pixel(x: 100, y: 500) == ColoredCell.color(of: 2))
        #expect(frame.blankItems.allSatisfy { $0.item == 1 }, "\(frame.blankItems)")
    }
}
