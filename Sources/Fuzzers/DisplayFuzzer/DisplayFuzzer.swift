import Foundation
import Weft
import WeftCore
import WeftDisplay
import WeftMemory
import WeftTestSupport

/// Differential fuzzing of what a container's screen shows.
///
/// The input picks a container (a list, a grid, a table or a pager, inverted or
/// not), a viewport, a scroll position and a scale (1x to 3x, or NaN, infinite,
/// zero or huge), then 1 to 40 cells, each a random tree of text nodes (Latin,
/// Arabic, emoji, a NUL, empty, long; font sizes and colours from a pool of
/// extremes), boxes (colours, corner radii, heights from 0 to past the bitmap
/// limit) and images (a PNG, or bytes that are not one), every node drawn as it
/// enters the display range. The screen is composed, and a model says which
/// visible cells must be blank: those with a text whose font size is beyond
/// ``TextAttributes/maximumFontSize``, or whose own pixels are beyond the bitmap
/// limit at that scale. Checked:
/// - composing never traps; at an invalid scale it throws `BitmapError`;
/// - at a valid scale, the blank cells are exactly the model's, and the
///   container's ``CollectionNode/blankVisibleItems`` say the same;
/// - every other visible cell is drawn: the middle of its part of the screen
///   shows its own colour's ink, not the composition's background;
/// - the geometry stays finite.
///
/// Any disagreement traps, so libFuzzer keeps the input. `scripts/fuzz Display SECONDS`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDisplay(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let random = FuzzRandom(UnsafeBufferPointer(start: data, count: size))
    MainActor.assumeIsolated {
        do {
            var run = try DisplayRun(random: random)
            try run.run()
        } catch {
            fatalError("the display run failed: \(error)")
        }
    }
    return 0
}

/// The pools every value is drawn from.
enum Pool {
    static let texts = ["Weft", "", "مرحبا بالعالم", "😀👍🏽🇫🇷", "a\u{0}b", "line one\nline two\n\nfour",
                        String(repeating: "long words wrap ", count: 40), "\u{202E}bidi\u{202C} mixed עברית"]
    static let fontSizes: [Double] = [14, 9, 30, 0, -1, .nan, .infinity, 4_096, 5_000, 1e300]
    static let components: [Double] = [0, 0.5, 1, -1, 2, .nan, .infinity]
    static let radii: [Double] = [0, 4, 20, -1, .nan, .infinity, 1e300]
    static let heights: [CGFloat] = [0, 20, 60, 200, 2_000, 9_000]
    static let scales: [Double] = [1, 2, 3, 1, 2, 0, -1, .nan, .infinity, 1e300]
    static let viewports: [CGSize] = [CGSize(width: 320, height: 480), CGSize(width: 200, height: 800),
                                      CGSize(width: 100, height: 100)]
    static let png: Data = {
        do {
            return try Bitmap(pixelWidth: 6, pixelHeight: 4) { pixels, stride in
                for y in 0 ..< 4 { (pixels + y * stride).assumingMemoryBound(to: UInt32.self).update(repeating: 0xFF20_A040, count: 6) }
            }.pngData()
        } catch {
            fatalError("a 6x4 bitmap: \(error)")
        }
    }()
}

/// One node of a cell's tree, as the model sees it.
enum Part {
    case text(String, size: Double, red: Double)
    case box(height: CGFloat, radius: Double, red: Double)
    case image(valid: Bool, radius: Double)

    /// Whether the part cannot draw whatever its size: text (not empty: that
    /// draws nothing) at a font size past the cap.
    var alwaysFails: Bool {
        if case .text(let string, let size, _) = self {
            return !string.isEmpty && size.isFinite && size > TextAttributes.maximumFontSize
        }
        return false
    }

    /// Whether the part's own pixels may be past the bitmap limit at `scale`: a
    /// box taller than the limit, or text that a narrow cell wraps into a
    /// column taller than it (a large font, 100 pt and more, or a long text: 40
    /// lines of three words at 30 pt in a grid's column are 8,382 pt).
    func mayBeTooLarge(at scale: Double) -> Bool {
        switch self {
        case .box(let height, _, _): (Double(height) * scale).rounded(.up) > Double(Bitmap.maximumDimension)
        case .text(let string, let size, _): size.isFinite && (size >= 100 || string.count > 100)
        case .image: false
        }
    }
}

/// A cell of opaque colour `item` holding `parts` in a vertical stack.
final class FuzzCell: CellNode, @unchecked Sendable {
    let parts: [DisplayNode]
    let heights: [CGFloat]

    init(item: Int, parts model: [Part], scale: Double) {
        var heights: [CGFloat] = []
        parts = model.map { part -> DisplayNode in
            switch part {
            case .text(let string, let size, let red):
                var attributes = TextAttributes(fontSize: size)
                attributes.color = Color(red: red, green: 0, blue: 0)
                heights.append(-1)
                return TextNode(AttributedText(string, attributes: attributes))
            case .box(let height, let radius, let red):
                let box = DisplayNode()
                box.backgroundColor = Color(red: red, green: 0.2, blue: 0.3)
                box.cornerRadius = radius
                heights.append(height)
                return box
            case .image(let valid, let radius):
                let image = ImageNode(source: .data(valid ? Pool.png : Data([0x89, 0x50, 0x4E, 0x47, 1, 2]), id: "\(valid)"))
                image.imageCornerRadius = radius
                heights.append(16)
                return image
            }
        }
        self.heights = heights
        super.init()
        backgroundColor = FuzzCell.color(of: item)
        for node in [self as DisplayNode] + parts {
            node.contentsScale = scale
            node.displaysAsynchronously = false
        }
        automaticallyManagesSubnodes = true
    }

    /// An opaque colour per item, never the composition's background.
    static func color(of item: Int) -> Color {
        Color(red: Double(item % 7) / 8, green: Double(item % 5) / 6, blue: Double(item % 3) / 4)
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .inset(EdgeInsets(top: 4, left: 4, bottom: 4, right: 4), child:
            .stack(.vertical, spacing: 2, children: zip(parts, heights).map { node, height in
                height < 0 ? .node(node) : .node(node).style { $0.preferredSize = CGSize(width: 40, height: height) }
            }))
    }
}

@MainActor
final class FuzzSource: CollectionNodeDataSource {
    let cells: [[Part]]
    let scale: Double
    init(cells: [[Part]], scale: Double) {
        self.cells = cells
        self.scale = scale
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { cells.count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let (item, parts, scale) = (indexPath.item, cells[indexPath.item], scale)
        return { FuzzCell(item: item, parts: parts, scale: scale) }
    }
}

@MainActor
struct DisplayRun {
    var random: FuzzRandom
    let scheduler = ManualMainScheduler()
    let background = Color(red: 1, green: 0, blue: 1)

    init(random: FuzzRandom) throws { self.random = random }

    mutating func part() -> Part {
        switch random.int(0 ..< 3) {
        case 0: .text(random.pick(Pool.texts), size: random.pick(Pool.fontSizes), red: random.pick(Pool.components))
        case 1: .box(height: random.pick(Pool.heights), radius: random.pick(Pool.radii), red: random.pick(Pool.components))
        default: .image(valid: !random.chance(4), radius: random.pick(Pool.radii))
        }
    }

    mutating func run() throws {
        let scale = random.pick(Pool.scales)
        let cells = (0 ..< random.int(1 ..< 41)).map { _ in (0 ..< random.int(0 ..< 4)).map { _ in part() } }
        let source = FuzzSource(cells: cells, scale: scale)
        let queue = try DeallocQueue()
        let node: CollectionNode
        switch random.int(0 ..< 4) {
        case 0: node = try CollectionNode(layout: ListLayout(), mainScheduler: scheduler, deallocQueue: queue)
        case 1: node = try CollectionNode(layout: GridLayout(columns: 3, itemLength: 120), mainScheduler: scheduler, deallocQueue: queue)
        case 2: node = try TableNode(mainScheduler: scheduler, deallocQueue: queue)
        default: node = PagerNode(mainScheduler: scheduler, deallocQueue: queue)
        }
        node.isInverted = random.chance(3)
        node.dataSource = source
        node.viewportSize = random.pick(Pool.viewports)
        node.isVisible = true
        node.reloadData()
        settle(node)
        let length = node is PagerNode ? node.layout.contentSize.width : node.layout.contentSize.height
        let offset = CGFloat(random.int(0 ..< 5)) / 4 * length
        node.contentOffset = node is PagerNode ? CGPoint(x: offset, y: 0) : CGPoint(x: 0, y: offset)
        settle(node)
        check(node, cells: cells, scale: scale)
        withExtendedLifetime(source) {}
    }

    /// Every update committed, then frames until the visible cells are drawn:
    /// nodes draw as they enter the display range, and an image node whose
    /// preload decode (off main) found its bytes corrupt asks to draw once
    /// more, in the next frame.
    func settle(_ node: CollectionNode) {
        repeat {
            node.waitUntilAllUpdatesAreProcessed()
            scheduler.runAll()
            node.layoutIfNeeded()
        } while scheduler.pendingJobCount > 0 || node.dataController.isProcessingUpdates
        for _ in 0 ..< 3 {
            ImageNode.waitForPreloadDecodes()
            DisplayNode.commitFinishedDisplays()
            node.layoutIfNeeded()
        }
    }

    func check(_ node: CollectionNode, cells: [[Part]], scale: Double) {
        let content = node.layout.contentSize
        guard content.width.isFinite, content.height.isFinite, node.contentOffset.x.isFinite, node.contentOffset.y.isFinite
        else { fatalError("geometry: content \(content), offset \(node.contentOffset)") }
        let frame: ComposedFrame
        do {
            frame = try node.composeFrame(scale: scale, background: background)
        } catch {
            if scale.isFinite, scale > 0, scale <= 3 { fatalError("composing at \(scale) threw \(error)") }
            return
        }
        guard scale.isFinite, scale > 0, scale <= 3 else { fatalError("composing at scale \(scale) did not throw") }
        if frame.blankItems != node.blankVisibleItems {
            fatalError("the frame's blank cells \(frame.blankItems), the container's \(node.blankVisibleItems)")
        }
        let viewport = CGRect(origin: .zero, size: node.viewportSize)
        for path in frame.visibleItems {
            guard let rect = node.frameForItem(at: path) else { fatalError("\(path) is visible and has no frame") }
            let parts = cells[path.item]
            let pixels = (Double(rect.width) * scale).rounded(.up) * (Double(rect.height) * scale).rounded(.up)
            let tooLarge = (Double(rect.width) * scale).rounded(.up) > Double(Bitmap.maximumDimension)
                || (Double(rect.height) * scale).rounded(.up) > Double(Bitmap.maximumDimension)
                || pixels > Double(Bitmap.maximumPixelCount)
            let mustBeBlank = tooLarge || parts.contains(where: \.alwaysFails)
            let isBlank = frame.blankItems.contains(path)
            // A part may be past the limit in a cell within it (a tall box, a
            // huge font wrapped in a narrow cell): only a sure blank and a sure
            // draw are checked.
            let partsMayBeTooLarge = parts.contains { $0.mayBeTooLarge(at: scale) }
            if mustBeBlank, !isBlank { fatalError("\(path) (\(parts), \(rect) at \(scale)x) must be blank and was drawn") }
            if !mustBeBlank, !partsMayBeTooLarge, isBlank {
                fatalError("\(path) (\(parts), \(rect) at \(scale)x) is blank: \(node.diagnostics.diagnostics.filter { $0.indexPaths.contains(path) }); sizes \(((node.nodeForItem(at: path) as? FuzzCell)?.parts ?? []).map { ($0.calculatedSize as Any, $0.calculatedLayout?.size as Any) })")
            }
            guard !isBlank else { continue }
            let shown = node.viewportRect(forContentRect: rect).intersection(viewport)
            guard shown.width >= 2, shown.height >= 2 else { continue }
            // The cell's own background: its corners are the cell's (no part reaches the 4-pt inset).
            let x = Int((Double(shown.minX) + 1) * scale), y = Int((Double(shown.midY)) * scale)
            let pixel = frame.bitmap.pixel(x: min(x, frame.bitmap.pixelWidth - 1), y: min(y, frame.bitmap.pixelHeight - 1))
            if pixel == background.premultipliedARGB32 {
                fatalError("\(path) is drawn yet shows the background at (\(x), \(y)) of \(shown)")
            }
        }
    }
}

#if !FUZZING
/// Without -DFUZZING this target replays inputs: `DisplayFuzzer file...`.
@main
enum Replay {
    static func main() {
        replayFuzzInputs { _ = fuzzDisplay($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
    }
}
#endif
