import Foundation
import Testing
import Weft
import WeftDisplay
import WeftTestSupport

/// Every public `Double` of the display path (reliability round 4): a cell's
/// font sizes, colours, corner radii, scales, spacings, sizes and insets, the
/// constrained width a data source gives, and the container's display range and
/// composition scale, each fed NaN, ±infinity, ±10^300, -1 and 0 in a real
/// container on screen. None traps; each is sanitised, refused with a typed
/// error, or shows its cell blank and reported; the other cells draw, the
/// geometry stays finite, and every visible cell is drawn or counted blank.
@MainActor
@Suite(.serialized) struct DisplayGeometrySweepTests {
    static let extremes: [Double] = [.nan, .infinity, -.infinity, 1e300, -1e300, -1, 0]

    /// Where a swept value goes.
    enum Place: String, CaseIterable, Sendable {
        case fontSizeAtInit, fontSizeSet, textColor, backgroundColor, cornerRadius, contentsScale, imageCornerRadius,
             imageScale, stackSpacing, lineSpacing, preferredSize, insets, flex, spacingAround, layoutPosition,
             constrainedWidth, displayRange
    }

    @Test(arguments: Place.allCases)
    func anyValueAnywhereOnTheDisplayPathNeverTraps(place: Place) async throws {
        // Each value in one container, the three taking turns: every place meets
        // each container, at a third of the cost of every pair.
        let offset = Place.allCases.firstIndex(of: place) ?? 0
        for (index, value) in Self.extremes.enumerated() {
            let kind = ContainerKind.allCases[(index + offset) % ContainerKind.allCases.count]
            let what = "\(kind), \(place) = \(value)"
            let source = SweptSource(place: place, value: value)
            let node: CollectionNode = switch kind {
            case .collection: try CollectionNode(layout: ListLayout())
            case .table: try TableNode()
            case .pager: PagerNode()
            }
            node.dataSource = source
            node.viewportSize = CGSize(width: 320, height: 480)
            node.isVisible = true
            if place == .displayRange {
                do {
                    let range = try RangeTuningParameters(leadingBufferScreenfuls: value, trailingBufferScreenfuls: value)
                    node.setTuningParameters(range, for: .display)
                    #expect(value.isFinite && value >= 0, "\(what): accepted")
                } catch {
                    #expect(!(value.isFinite && value >= 0), "\(what): refused: \(error)")
                }
            }
            node.reloadData()
            await settleDisplays(node)
            let frame = try node.composeFrame(scale: 2)
            #expect(!frame.visibleItems.isEmpty, "\(what): cells show")
            #expect(Set(frame.blankItems).isSubset(of: frame.visibleItems), "\(what)")
            #expect(frame.blankItems == node.blankVisibleItems, "\(what)")
            // The swept cell is item 1; its neighbours are plain and draw.
            let others = frame.visibleItems.filter { $0.item != 1 }
            #expect(!others.isEmpty && others.allSatisfy { !frame.blankItems.contains($0) },
                    "\(what): blank \(frame.blankItems)")
            #expect(node.displayLead.isFinite, "\(what): display lead \(node.displayLead)")
            let content = node.layout.contentSize
            #expect(content.width.isFinite && content.height.isFinite, "\(what): content \(content)")
            for path in frame.visibleItems {
                let rect = try #require(node.frameForItem(at: path))
                #expect(rect.minX.isFinite && rect.maxY.isFinite && rect.width >= 0 && rect.height >= 0,
                        "\(what): \(path) at \(rect)")
            }
            do {
                _ = try node.composeFrame(scale: value)
                #expect(value.isFinite && value > 0, "\(what): a composition at \(value) drawn")
            } catch {
                #expect(!(value > 0 && value <= 16), "\(what): a composition at \(value) refused: \(error)")
            }
            withExtendedLifetime(source) {}
        }
    }
}

/// Five cells; item 1 carries the swept value at its place, the others are plain.
@MainActor
final class SweptSource: CollectionNodeDataSource {
    let place: DisplayGeometrySweepTests.Place
    let value: Double

    init(place: DisplayGeometrySweepTests.Place, value: Double) {
        self.place = place
        self.value = value
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { 5 }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let (place, value) = indexPath.item == 1 ? (Optional(place), value) : (nil, 0)
        return { SweptCell(place: place, value: value) }
    }

    func collectionNode(_ collectionNode: CollectionNode, constrainedSizeForItemAt indexPath: IndexPath) -> SizeRange {
        let width = indexPath.item == 1 && place == .constrainedWidth ? value : 320
        // SizeRange refuses what is not a size; the data source then gives the usual width.
        do {
            return try SizeRange(min: .zero, max: CGSize(width: width, height: CGFloat.infinity))
        } catch {
            return Self.usual
        }
    }

    // A constant range, valid by construction.
    static let usual = try! SizeRange(min: .zero, max: CGSize(width: 320, height: CGFloat.infinity))
}

/// A cell of text, a coloured box and an image, with `value` at `place`.
final class SweptCell: CellNode, @unchecked Sendable {
    let text: TextNode
    let box = DisplayNode()
    let image = ImageNode()
    let place: DisplayGeometrySweepTests.Place?
    let value: Double

    init(place: DisplayGeometrySweepTests.Place?, value: Double) {
        self.place = place
        self.value = value
        var attributes = TextAttributes(fontSize: place == .fontSizeAtInit ? value : 15)
        if place == .fontSizeSet { attributes.fontSize = value }
        if place == .textColor { attributes.color = Color(red: value, green: 0, blue: 0) }
        text = TextNode(AttributedText("Swept text of a cell", attributes: attributes))
        super.init()
        backgroundColor = .white
        box.backgroundColor = place == .backgroundColor ? Color(red: value, green: value, blue: 0.5) : .black
        if place == .cornerRadius { box.cornerRadius = value }
        if place == .contentsScale { text.contentsScale = value; box.contentsScale = value }
        image.source = .data(SweptCell.png, id: "swept")
        if place == .imageCornerRadius { image.imageCornerRadius = value }
        if place == .imageScale { image.contentsScale = value }
        automaticallyManagesSubnodes = true
    }

    static let png: Data = {
        let bitmap = try? Bitmap(pixelWidth: 8, pixelHeight: 8) { pixels, stride in
            for y in 0 ..< 8 { (pixels + y * stride).assumingMemoryBound(to: UInt32.self).update(repeating: 0xFF00_80FF, count: 8) }
        }
        return bitmap?.pngData() ?? Data()
    }()

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        let v = CGFloat(value)
        let swept = place
        let inset = swept == .insets ? v : 8
        return .inset(EdgeInsets(top: inset, left: inset, bottom: inset, right: inset), child:
            .stack(.horizontal, spacing: swept == .stackSpacing ? v : 8, alignItems: .start, children: [
                .node(box).style {
                    $0.preferredSize = swept == .preferredSize ? CGSize(width: v, height: v) : CGSize(width: 24, height: 24)
                    if swept == .flex { $0.flexGrow = v; $0.flexShrink = v }
                    if swept == .spacingAround { $0.spacingBefore = v; $0.spacingAfter = v }
                },
                .node(image).style { $0.preferredSize = CGSize(width: 24, height: 24) },
                .stack(.vertical, spacing: 4, lineSpacing: swept == .lineSpacing ? v : 0, children: [
                    .node(text),
                    .absolute(children: [.node(DisplayNode()).style {
                        $0.layoutPosition = swept == .layoutPosition ? CGPoint(x: v, y: v) : .zero
                        $0.preferredSize = CGSize(width: 4, height: 4)
                    }]),
                ]).style { $0.flexGrow = 1; $0.flexShrink = 1 },
            ]))
    }
}
