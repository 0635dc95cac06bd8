import Foundation
import Testing
import Weft
import WeftCore
import WeftDisplay
import WeftTestSupport

/// A post of the picture matrix: a tinted card with its number and a sentence,
/// in Latin or Arabic script.
final class MatrixCell: CellNode, @unchecked Sendable {
    let text: TextNode

    init(item: Int, arabic: Bool, scale: Double) {
        let words = arabic
            ? "\(item). رسالة قصيرة تلتف على أكثر من سطر في القائمة"
            : "\(item). A short post that wraps over more than one line"
        text = TextNode(AttributedText(words, attributes: TextAttributes(fontSize: 13)))
        super.init()
        automaticallyManagesSubnodes = true
        contentsScale = scale  // the text inherits it
        let tint = Double(item % 6) / 10
        backgroundColor = Color(red: 0.85 + tint / 4, green: 0.95 - tint / 3, blue: 0.8 + tint / 5)
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .inset(EdgeInsets(top: 6, left: 8, bottom: 6, right: 8), child: .node(text))
    }
}

@MainActor
final class MatrixSource: CollectionNodeDataSource {
    let arabic: Bool
    let scale: Double
    let count = 24

    init(arabic: Bool, scale: Double) {
        self.arabic = arabic
        self.scale = scale
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let item = indexPath.item, arabic = arabic, scale = scale
        return { MatrixCell(item: item, arabic: arabic, scale: scale) }
    }
}

/// The reference-image matrix: every container, normal and inverted, at 1x and
/// 2x, in Latin and Arabic, at its start, middle and end, composed and compared
/// with the pictures in `References/matrix/` (2/255 per channel on at most
/// 0.5% of the pixels), and each visible cell's rect holding its own ink.
@MainActor
@Suite(.serialized) struct ScreenMatrixTests {
    init() {
        DisplayNode.displayQueueWidth = 16
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var kind: ContainerKind
        var inverted: Bool
        var scale: Double
        var arabic: Bool
        var name: String {
            "\(kind)-\(inverted ? "inverted" : "normal")-\(Int(scale))x-\(arabic ? "arabic" : "latin")"
        }
        var testDescription: String { name }

        static let all: [Case] = ContainerKind.allCases.flatMap { kind in
            [false, true].flatMap { inverted in
                [1.0, 2.0].flatMap { scale in [false, true].map { Case(kind: kind, inverted: inverted, scale: scale, arabic: $0) } }
            }
        }
    }

    @Test(arguments: Case.all)
    func theScreenMatchesItsReferenceAtBothEndsAndTheMiddle(_ test: Case) async throws {
        let source = MatrixSource(arabic: test.arabic, scale: test.scale)
        let node: CollectionNode = switch test.kind {
        case .collection: CollectionNode(layout: try ListLayout(spacing: 4))
        case .table: try TableNode(spacing: 1)
        case .pager: PagerNode()
        }
        node.isInverted = test.inverted
        node.dataSource = source
        node.viewportSize = CGSize(width: 160, height: 240)
        node.reloadData()
        for end in ScrollEnd.allCases {
            node.contentOffset = contentOffset(showing: end, of: node)
            node.layoutIfNeeded()
            await settleDisplays(node, untilDrawn: true)
            let frame = try node.composeFrame(scale: test.scale)
            #expect(frame.blankItems.isEmpty && !frame.visibleItems.isEmpty, "\(test.name) at \(end)")
            expectEachVisibleCellHoldsItsInk(frame, of: node, scale: test.scale, "\(test.name) at \(end):")
            let name = "matrix/\(test.name)-\(end).png"
            let mismatch = try ReferenceImage.mismatch(
                frame.bitmap, name, besides: #filePath,
                encode: { $0.pngData() }, decode: { try Bitmap(pngData: $0, scale: test.scale) })
            #expect(mismatch == nil, "\(mismatch ?? "")")
        }
        #expect(node.diagnostics.isEmpty, "\(node.diagnostics.diagnostics)")
    }
}

/// A chat of message ids, newest first, drawn as matrix cells.
@MainActor
final class ChatMessages: CollectionNodeDataSource {
    var ids: [Int]

    init(_ ids: [Int]) {
        self.ids = ids
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { ids.count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let id = ids[indexPath.item]
        return { MatrixCell(item: id, arabic: false, scale: 1) }
    }
}

/// Chats stay put when drawn: history loaded at the top of an inverted list,
/// and new messages arriving at the bottom while an older one is read, leave
/// the screen's pixels as they were.
@MainActor
@Suite(.serialized) struct ChatScreenTests {
    @Test func historyAboveAndNewMessagesBelowMoveNoRowOnScreen() async throws {
        let chat = ChatMessages(Array((100 ..< 140).reversed()))   // newest first
        let table = try TableNode(spacing: 1)
        table.isInverted = true
        table.dataSource = chat
        table.viewportSize = CGSize(width: 160, height: 240)
        table.reloadData()
        await settleDisplays(table, untilDrawn: true)
        table.contentOffset.y = 700                                    // reading older messages
        table.layoutIfNeeded()
        await settleDisplays(table, untilDrawn: true)
        let reading = try table.composeFrame(scale: 1)
        expectEachVisibleCellHoldsItsInk(reading, of: table, scale: 1)

        // History arrives at the top of the screen (the end of the data).
        try table.performBatchUpdates {
            let older = Array((60 ..< 100).reversed())
            try table.insertItems(at: (chat.ids.count ..< chat.ids.count + older.count).map { IndexPath(item: $0, section: 0) })
            chat.ids += older
        }
        await settleDisplays(table, untilDrawn: true)
        let afterHistory = try table.composeFrame(scale: 1)
        #expect(ReferenceImage.compare(afterHistory.bitmap, reading.bitmap, channelTolerance: 0).differingPixels == 0,
                "history loaded above moved what shows")

        // New messages arrive at the bottom (index 0) while an older one is read.
        try table.performBatchUpdates {
            chat.ids.insert(contentsOf: [141, 140], at: 0)
            try table.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        }
        await settleDisplays(table, untilDrawn: true)
        let afterNew = try table.composeFrame(scale: 1)
        #expect(ReferenceImage.compare(afterNew.bitmap, reading.bitmap, channelTolerance: 0).differingPixels == 0,
                "new messages below moved what shows")
        #expect(afterNew.visibleItems.map { chat.ids[$0.item] } == reading.visibleItems.map { (100 ..< 140).reversed()[$0.item] })
        #expect(table.diagnostics.isEmpty)
    }
}
