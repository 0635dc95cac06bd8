import Foundation
import Testing
import Weft
import WeftSimulation
import WeftTestSupport
import WeftCore
import WeftHeadless
import WeftDataController

/// Posts drawn by real cells (Pango text, a Cairo avatar) in each container.
@MainActor
final class PostSource: CollectionNodeDataSource {
    var count: Int
    /// The cells' scale.
    var scale = 2.0
    /// How the cells set their bodies.
    var bodyText = PostBodyText.plain
    /// Every cell made, weakly, to count which hold contents.

    struct WeakCell: @unchecked Sendable {
        weak var cell: PostCellNode?
    }

    init(count: Int) {
        self.count = count
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        block(indexPath.item)
    }

    func block(_ id: Int) -> CellNodeBlock {
        let registry = Registry.shared
        let scale = scale, bodyText = bodyText
        return {
            let cell = PostCellNode(id: id, bodyText: bodyText)
            cell.contentsScale = scale
            registry.add(cell)
            return cell
        }
    }
}

/// The same posts for a table (a table's data source speaks of rows).
@MainActor
final class TablePostSource: TableNodeDataSource {
    let posts: PostSource

    init(_ posts: PostSource) {
        self.posts = posts
    }

    func tableNode(_ tableNode: TableNode, numberOfRowsInSection section: Int) -> Int { posts.count }

    func tableNode(_ tableNode: TableNode, nodeBlockForRowAt indexPath: IndexPath) -> CellNodeBlock {
        posts.block(indexPath.item)
    }
}

/// The cells the node blocks made, across threads (behind a PosixMutex, which
/// ThreadSanitizer sees).
final class Registry: Sendable {
    static let shared = Registry()
    private let cells = PosixMutex<[PostSource.WeakCell]>([])

    func add(_ cell: PostCellNode) {
        cells.withLock { $0.append(PostSource.WeakCell(cell: cell)) }
    }

    /// The cells alive now among those `filter` accepts.
    func alive(where filter: (PostCellNode) -> Bool) -> [PostCellNode] {
        cells.withLock { cells in
            cells.removeAll { $0.cell == nil }
            return cells.compactMap(\.cell).filter(filter)
        }
    }
}

/// Display end to end: the containers' range controllers put cells in the display
/// range, the cells draw off main, and only the display range holds bitmaps.
/// Serialized: the memory test counts every post cell alive.
@MainActor
@Suite(.serialized) struct DisplayContainerTests {
    enum Kind: CaseIterable { case collection, table, pager }

    /// The tables' data sources, which the tables hold weakly.
    private var tableSources: [TablePostSource] = []

    mutating func container(_ kind: Kind, source: PostSource, itemLoading: DataController.ItemLoading = .eager) throws -> CollectionNode {
        let node: CollectionNode
        switch kind {
        case .collection:
            node = CollectionNode(layout: try ListLayout(estimatedItemLength: 120), view: HeadlessCollectionView(), itemLoading: itemLoading)
            node.dataSource = source
        case .table:
            let table = try TableNode(itemLoading: itemLoading, estimatedRowHeight: 120, view: HeadlessCollectionView(viewKind: .table))
            let rows = TablePostSource(source)
            tableSources.append(rows)
            table.dataSource = rows
            node = table
        case .pager:
            node = PagerNode(itemLoading: itemLoading, view: HeadlessCollectionView())
            node.dataSource = source
        }
        node.viewportSize = CGSize(width: 390, height: 844)
        node.isVisible = true
        return node
    }

    /// Loads, commits and waits until every drawing started has landed.
    func settle(_ node: CollectionNode) async {
        await settleDisplays(node)
    }

    @Test(arguments: Kind.allCases)
    mutating func aVisibleCellsTextHasContentsWithInkInsideTheTextsFrame(_ kind: Kind) async throws {
        let source = PostSource(count: 20)
        let node = try container(kind, source: source)
        node.reloadData()
        await settle(node)
        let path = try #require(node.indexPathsForVisibleItems.first)
        let cell = try #require(node.nodeForItem(at: path) as? PostCellNode)
        #expect(cell.interfaceState == .all)
        for text in [cell.author, cell.body] {
            let contents = try #require(text.contents, "\(kind): a visible cell's text is drawn")
            let size = try #require(text.calculatedLayout).size
            #expect(contents.pixelWidth == Int((size.width * 2).rounded(.up)))
            // Dark pixels: the text's colour, inside the frame the text measured.
            let ink = ReferenceImage.inkInside(contents, rect: (0 ..< contents.pixelWidth, 0 ..< contents.pixelHeight))
            #expect(ink.inside > 100, "\(kind): \(ink.inside) inked pixels")
            #expect(text.lineCount >= 1)
        }
        #expect(cell.body.lineCount >= 3, "3 to 6 lines of body text: \(cell.body.lineCount)")
        #expect(cell.avatar.contents?.pixel(x: 40, y: 40) != 0, "the avatar is drawn")
        #expect(cell.contents == nil, "no background of its own: the view's shows through, and its selection")
        #expect(node.diagnostics.isEmpty, "\(node.diagnostics.diagnostics)")
        if kind == .collection {
            let matches = try ImageNodeReference.matches(try #require(cell.body.contents), "post-body-2x.png")
            #expect(matches, "the first post's body matches References/post-body-2x.png")
        }
    }

    /// Rich text through each container, read from the end an inverted list
    /// starts at (the pager's pages side by side): every visible cell holds
    /// its own ink in the composed screen at 2x, and each cut body ends in its
    /// coloured " Continue reading", on its last line.
    @Test(arguments: Kind.allCases)
    mutating func richTextCellsShowTheirTruncationMessageInEveryContainer(_ kind: Kind) async throws {
        let source = PostSource(count: 30)
        source.bodyText = .rich
        let node = try container(kind, source: source)
        if kind != .pager { node.isInverted = true }
        node.reloadData()
        await settle(node)
        let screen = try node.composeFrame(scale: 2)
        #expect(screen.blankItems.isEmpty, "\(kind): \(screen.blankItems)")
        let viewport = CGRect(origin: .zero, size: node.viewportSize)
        var cut = 0
        for path in node.indexPathsForVisibleItems {
            let cell = try #require(node.nodeForItem(at: path) as? PostCellNode)
            let shown = node.viewportRect(forContentRect: try #require(node.frameForItem(at: path))).intersection(viewport)
            guard shown.height >= 40, shown.width >= 40 else { continue }
            let ink = ReferenceImage.ink(screen.bitmap, x: Int(shown.minX * 2) ..< Int(shown.maxX * 2),
                                         y: Int(shown.minY * 2) ..< Int(shown.maxY * 2))
            #expect(ink > 200, "\(kind) \(path): \(ink) pixels of ink in its rect")
            guard cell.body.isTruncated else { continue }
            cut += 1
            #expect(cell.body.lineCount == 4 && cell.body.lines.last?.isTruncated == true)
            let body = try #require(cell.body.contents)
            // The message's blue (0.1, 0.4, 0.85), on the last line only.
            let lastLine = try #require(cell.body.lines.last).frame
            let blue = { (pixel: UInt32) in
                pixel >> 24 > 160 && pixel & 0xFF > 150 && (pixel >> 16) & 0xFF < 110 && (pixel >> 8) & 0xFF < 160
            }
            var above = 0, on = 0
            for y in 0 ..< body.pixelHeight {
                for x in 0 ..< body.pixelWidth where blue(body.pixel(x: x, y: y)) {
                    if Double(y) / 2 >= lastLine.minY { on += 1 } else { above += 1 }
                }
            }
            #expect(on > 40, "\(kind) \(path): the message is drawn on the last line (\(on) pixels)")
            // Each body's link (its last word) is blue too, but it is cut off with the rest.
            #expect(above == 0, "\(kind) \(path): no blue above the last line (\(above) pixels)")
        }
        #expect(cut > 0, "\(kind): some bodies are cut")
        if kind == .collection {
            let matches = try ImageNodeReference.matches(screen.bitmap, "rich-inverted-2x.png")
            #expect(matches, "the inverted feed of rich posts matches References/rich-inverted-2x.png")
        }
    }

    @Test mutating func contentsMemoryStaysWithinTheDisplayRangeWhileALazyMillionScrolls() async throws {
        let source = PostSource(count: 1_000_000)
        let node = try container(.collection, source: source, itemLoading: .lazy)
        node.reloadData()
        await settle(node)
        var peakCellsWithContents = 0, peakBytes = 0
        // Scroll down half a screen at a time through the first 15 screens, then
        // jump through the rest to the end (past it: the offset is clamped),
        // scrolling a few steps at each landing. The internal checks walk the
        // million-item structures after each update, so the walk is sampled.
        let screen: CGFloat = 844
        var offsets = (1 ... 30).map { CGFloat($0) * screen / 2 }
        for landing in stride(from: CGFloat(12_000_000), through: 132_000_000, by: 30_000_000) {
            offsets += (0 ..< 3).map { landing + CGFloat($0) * screen / 2 }
        }
        for offset in offsets {
            node.contentOffset.y = offset
            node.layoutIfNeeded()
            await settle(node)
            let holding = Registry.shared.alive { cell in cell.subnodes.contains { $0.contents != nil } }
            peakCellsWithContents = max(peakCellsWithContents, holding.count)
            let bytes = holding.reduce(0) { total, cell in
                total + ([cell] + cell.subnodes).reduce(0) { $0 + ($1.contents?.byteCount ?? 0) }
            }
            peakBytes = max(peakBytes, bytes)
            // Only the display range holds bitmaps: every cell with contents is in it.
            let outside = holding.filter { !$0.isInDisplayState }.count
            #expect(outside == 0, "offset \(offset): \(outside) cells outside display hold contents")
        }
        // The display range in full mode spans 1 + 1.0 + 0.5 screens (Texture's
        // defaults) of cells at least ~110 points tall: at most ~20 cells.
        #expect(peakCellsWithContents >= 8, "at least a screen of cells was drawn: \(peakCellsWithContents)")
        #expect(peakCellsWithContents <= 24, "\(peakCellsWithContents) cells held contents at once")
        let cellBytes = 390 * 2 * 200 * 2 * 4  // a 390 × 200 pt cell at 2x, its subnodes no more than it
        #expect(peakBytes <= 24 * cellBytes, "\(peakBytes) bytes of contents at the peak")
        #expect(node.diagnostics.isEmpty, "\(node.diagnostics.diagnostics)")
    }
}

enum ImageNodeReference {
    static func matches(_ bitmap: Bitmap, _ name: String, file: String = #filePath) throws -> Bool {
        try ReferenceImage.matches(
            bitmap, name, besides: file, encode: { $0.pngData() }, decode: { try Bitmap(pngData: $0, scale: bitmap.scale) }
        ).matches
    }
}

/// Lets every main-queue block enqueued so far run: one main turn.
@MainActor
func nextMainTurn() async {
    await withCheckedContinuation { continuation in DispatchQueue.main.async { continuation.resume() } }
}
