import Foundation
import Testing
@testable import Weft
import WeftCore
import WeftDisplay
import WeftTestSupport

/// A text node that records the traits of each of its measurements.
final class TraitRecordingText: TextNode, @unchecked Sendable {
    /// The traits of every measurement, from whichever thread measured.
    let measuredIn = PosixMutex<[TraitCollection]>([])

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        measuredIn.withLock { $0.append(traitCollection) }
        return super.calculateSizeThatFits(constrainedSize)
    }
}

/// A cell that counts the trait changes it hears, and adds its text node
/// after measuring it (automatic subnode management).
final class TraitCountingCell: CellNode, @unchecked Sendable {
    let text: TraitRecordingText
    @MainActor var changes: [TraitCollection] = []

    init(_ string: String = "Label colour") {
        text = TraitRecordingText(AttributedText(string))
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
        // Every other item right to left (Hebrew, which DejaVu Sans draws).
        let cell = TraitCountingCell(indexPath.item % 2 == 1 ? "צבע התווית" : "Label colour")
        cells.append(cell)
        return { cell }
    }

    /// Whether the section has a header (a counting cell too).
    var hasHeader = false
    var headers: [TraitCountingCell] = []

    func collectionNode(_ collectionNode: CollectionNode, supplementaryElementKindsInSection section: Int) -> [String] {
        hasHeader ? [CollectionNode.elementKindSectionHeader] : []
    }

    func collectionNode(
        _ collectionNode: CollectionNode, numberOfSupplementaryElementsOfKind kind: String, inSection section: Int
    ) -> Int {
        hasHeader ? 1 : 0
    }

    func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CellNodeBlock {
        let header = TraitCountingCell()
        headers.append(header)
        return { header }
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

    /// Item `item`'s rect in pixels of a frame composed at `scale`.
    func pixels(of item: Int, in node: CollectionNode, scale: Int = 1) throws -> (x: Range<Int>, y: Range<Int>) {
        let rect = node.viewportRect(forContentRect: try #require(node.frameForItem(at: IndexPath(item: item, section: 0))))
        return (Int(rect.minX) * scale ..< Int(rect.maxX) * scale, Int(rect.minY) * scale ..< Int(rect.maxY) * scale)
    }

    /// Rows of item `item`'s rect in `frame` (at `scale`) that hold ink.
    func inkRows(of item: Int, in frame: ComposedFrame, of node: CollectionNode, scale: Int) throws -> Int {
        let rect = try pixels(of: item, in: node, scale: scale)
        return ReferenceImage.inkRows(frame.bitmap, x: rect.x, y: rect.y)
    }

    /// The rightmost column of item `item`'s rect in `frame` (at scale 1) that holds ink.
    func inkRight(of item: Int, in frame: ComposedFrame, of node: CollectionNode) throws -> Int {
        let rect = try pixels(of: item, in: node)
        return ReferenceImage.inkColumns(frame.bitmap, x: rect.x, y: rect.y)?.upperBound ?? 0
    }

    @Test(arguments: [false, true])
    func aTextScaleOrFontChangeMeasuresTheCellsAgainAndTheyGrow(inverted: Bool) async throws {
        let node = try await feed(inverted: inverted)
        let top = IndexPath(item: 0, section: 0)
        let cell = try #require(node.nodeForItem(at: top) as? TraitCountingCell)
        let before = try #require(node.frameForItem(at: top))
        let textBefore = try #require(cell.text.calculatedLayout?.size)
        let first = try node.composeFrame()
        let inkBefore = try inkRows(of: 0, in: first, of: node, scale: 1)
        let rightBefore = try inkRight(of: 0, in: first, of: node)

        var traits = node.traitCollection
        traits.textScale = 2
        node.traitCollection = traits
        await settleDisplays(node, untilDrawn: true)
        let after = try #require(node.frameForItem(at: top))
        let textAfter = try #require(cell.text.calculatedLayout?.size)
        #expect(textAfter.height >= textBefore.height * 1.8,
                "the text measured again at twice the size: \(textBefore) then \(textAfter)")
        #expect(after.height == textAfter.height + 20 && after.height > before.height,
                "the cell moved to its new size at the commit: \(before) then \(after)")
        let frame = try node.composeFrame()
        try frame.bitmap.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory()
            + "traits-text-scale-2-\(inverted ? "inverted" : "list").png"))
        #expect(frame.blankItems.isEmpty, "\(frame.blankItems)")
        let inkAfter = try inkRows(of: 0, in: frame, of: node, scale: 1)
        #expect(inkAfter >= inkBefore * 3 / 2, "taller ink in the first cell: \(inkBefore) rows, then \(inkAfter)")
        let rightToLeft = try #require(node.nodeForItem(at: IndexPath(item: 1, section: 0)) as? TraitCountingCell)
        #expect((rightToLeft.text.calculatedLayout?.size.height ?? 0) >= textBefore.height * 1.8,
                "the right-to-left text measured again too")
        #expect(try inkRows(of: 1, in: frame, of: node, scale: 1) >= inkBefore * 3 / 2, "and drawn larger")
        #expect(source.cells.allSatisfy { $0.changes.count == 1 })

        // Another family for text that names none, at the first size: measured again, in that font.
        traits.textScale = 1
        traits.fontFamily = "DejaVu Sans Mono"
        node.traitCollection = traits
        await settleDisplays(node, untilDrawn: true)
        let mono = try #require(cell.text.calculatedLayout?.size)
        #expect(mono.height == textBefore.height, "measured again at the first size: \(textBefore) then \(mono)")
        let monoFrame = try node.composeFrame()
        try monoFrame.bitmap.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory()
            + "traits-text-mono-\(inverted ? "inverted" : "list").png"))
        #expect(monoFrame.blankItems.isEmpty)
        let rightMono = try inkRight(of: 0, in: monoFrame, of: node)
        #expect(rightMono > rightBefore + 5, "drawn in the wider monospaced face: ink to x \(rightBefore), then \(rightMono)")
    }

    /// The same through the other two containers: a table's rows and a
    /// pager's pages measure their text again at twice the scale and draw it taller.
    @Test(arguments: [ContainerKind.table, .pager])
    func aTextScaleChangeReachesATablesRowsAndAPagersPages(kind: ContainerKind) async throws {
        let node: CollectionNode = kind == .table ? try TableNode() : PagerNode()
        node.dataSource = source
        node.viewportSize = CGSize(width: 200, height: 300)
        node.reloadData()
        await settleDisplays(node, untilDrawn: true)
        let cell = try #require(node.nodeForItem(at: IndexPath(item: 0, section: 0)) as? TraitCountingCell)
        let before = try #require(cell.text.calculatedLayout?.size)
        let inkBefore = try inkRows(of: 0, in: try node.composeFrame(), of: node, scale: 1)
        node.traitCollection = TraitCollection(textScale: 2)
        await settleDisplays(node, untilDrawn: true)
        let after = try #require(cell.text.calculatedLayout?.size)
        // A page is the viewport's size whatever its text: there only the ink shows the change.
        #expect(kind == .pager || after.height >= before.height * 1.8, "\(kind): measured again, \(before) then \(after)")
        let frame = try node.composeFrame()
        try frame.bitmap.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory() + "traits-text-scale-2-\(kind).png"))
        #expect(frame.blankItems.isEmpty, "\(kind): \(frame.blankItems)")
        let inkAfter = try inkRows(of: 0, in: frame, of: node, scale: 1)
        #expect(inkAfter >= inkBefore * 3 / 2, "\(kind): taller ink, \(inkBefore) rows then \(inkAfter)")
    }

    /// Bad input: the scale and the text scale change twice while the first
    /// drawings are still in flight. The screen ends drawn at the last traits,
    /// every visible cell holding its own ink, never blank for good.
    @Test(arguments: [false, true])
    func aScaleChangeMidDrawEndsDrawnAtTheLastScale(inverted: Bool) async throws {
        // Drawings asked for, not landed.
        let node = try await loadedList(of: source, inverted: inverted, size: CGSize(width: 200, height: 300))
        node.traitCollection = TraitCollection(displayScale: 2, textScale: 1.5)
        node.layoutIfNeeded()
        node.traitCollection = TraitCollection(displayScale: 3, textScale: 1.25)
        await settleDisplays(node, untilDrawn: true)
        let visible = node.indexPathsForVisibleItems
        #expect(!visible.isEmpty)
        for path in visible {
            let cell = try #require(node.nodeForItem(at: path) as? TraitCountingCell)
            #expect(cell.text.contents?.scale == 3, """
                item \(path.item) drawn at the last scale: text \(cell.text.interfaceState), complete \(cell.text.isDisplayComplete), \
                error \(cell.text.displayError.map { "\($0)" } ?? "none"), layout \(cell.text.calculatedLayout.map { "\($0.size)" } ?? "none"), \
                cell \(cell.interfaceState) \(node.frameForItem(at: path).map { "\($0)" } ?? "no frame"), blank \(node.blankVisibleItems)
                """)
        }
        let frame = try node.composeFrame(scale: 3)
        try frame.bitmap.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory()
            + "traits-mid-draw-3x-\(inverted ? "inverted" : "list").png"))
        #expect(frame.blankItems.isEmpty, "\(frame.blankItems)")
        let whole = visible.filter { path in
            let rect = node.viewportRect(forContentRect: node.frameForItem(at: path) ?? .zero)
            return rect.minY >= 0 && rect.maxY <= 300
        }
        #expect(!whole.isEmpty)
        for path in whole {
            #expect(try inkRows(of: path.item, in: frame, of: node, scale: 3) > 0, "item \(path.item) holds its ink")
        }
    }

    @Test func aHeaderHearsTheChangeAndIsMeasuredAgainAsTheCellsAre() async throws {
        source.hasHeader = true
        let node = try await feed(inverted: false)
        let path = IndexPath(item: 0, section: 0)
        let header = try #require(node.supplementaryNode(ofKind: CollectionNode.elementKindSectionHeader, at: path)
            as? TraitCountingCell)
        let before = try #require(header.text.calculatedLayout?.size)
        node.traitCollection = TraitCollection(displayScale: 2, userInterfaceStyle: .dark, textScale: 2)
        #expect(header.changes.count == 1, "the header heard the change")
        await settleDisplays(node, untilDrawn: true)
        let after = try #require(header.text.calculatedLayout?.size)
        #expect(after.height >= before.height * 1.8, "the header measured again: \(before) then \(after)")
        #expect(header.text.contents?.scale == 2, "and drawn at the new scale")
    }

    /// A cell that manages its subnodes adds them after measuring them; they
    /// are measured in the container's traits all the same (Texture's specs
    /// hand theirs down), not in the defaults and then again: the first load
    /// shapes every text once, in the font and scale it is drawn in.
    @Test(arguments: [("list", false), ("list", true), ("table", false), ("pager", false)])
    func subnodesAddedAfterMeasuringAreMeasuredInTheContainersTraits(kind: String, inverted: Bool) async throws {
        let node: CollectionNode = switch kind {
        case "table": try TableNode()
        case "pager": PagerNode()
        default: CollectionNode(layout: try ListLayout())
        }
        var traits = TraitCollection(displayScale: 2)
        traits.textScale = 2
        traits.fontFamily = "DejaVu Sans Mono"
        node.traitCollection = traits
        node.dataSource = source
        node.isInverted = inverted
        node.viewportSize = CGSize(width: 200, height: 300)
        node.reloadData()
        await settleDisplays(node, untilDrawn: true)
        let measured = source.cells.filter { $0.text.measuredIn.withLock { !$0.isEmpty } }
        #expect(!measured.isEmpty)
        for cell in measured {
            let seen = cell.text.measuredIn.withLock { $0 }
            #expect(seen.allSatisfy { $0 == traits }, "measured in \(seen.map { "\($0.fontFamily ?? "nil") x\($0.textScale)" })")
        }
        let frame = try node.composeFrame(scale: 2)
        try frame.bitmap.writePNG(to: URL(fileURLWithPath: NSTemporaryDirectory()
            + "traits-first-load-\(kind)\(inverted ? "-inverted" : "")-2x.png"))
        #expect(frame.blankItems.isEmpty, "\(frame.blankItems)")
        // Each item wholly on screen holds its own ink, its whole text's height:
        // two lines of text at twice the size, not the first line of a cut one.
        let viewport = CGRect(origin: .zero, size: node.viewportSize)
        for path in node.viewIndexPathsForVisibleItems
        where viewport.contains(node.viewportRect(forContentRect: try #require(node.frameForItem(at: path)))) {
            let cell = try #require(node.nodeForItem(at: path) as? TraitCountingCell)
            let lines = cell.text.lineCount
            #expect(try inkRows(of: path.item, in: frame, of: node, scale: 2) > 0, "\(kind) item \(path.item) holds ink")
            #expect(lines >= 1 && (cell.text.calculatedLayout?.size.height ?? 0) >= Double(lines) * 30,
                    "\(kind) item \(path.item): \(lines) lines, \(String(describing: cell.text.calculatedLayout?.size))")
        }
    }

    @Test func aNodeOutsideAContainerHasTheDefaults() {
        let text = TextNode(AttributedText("alone"))
        #expect(text.traitCollection == TraitCollection(displayScale: DisplayNode.defaultContentsScale))
        #expect(TraitCollection(displayScale: .nan).displayScale == 1)
        var traits = TraitCollection(displayScale: 3)
        traits.displayScale = -1
        #expect(traits.displayScale == 3, "a scale that is not finite and above zero is refused")
        #expect(TraitCollection(userInterfaceStyle: .dark, accessibilityContrast: .high).labelColor == .white)
        #expect(TraitCollection(textScale: .infinity).textScale == 1 && TraitCollection(textScale: 100).textScale == 8)
        traits.textScale = 0
        #expect(traits.textScale == 0.25, "a text scale is clamped to 0.25...8")
    }
}
