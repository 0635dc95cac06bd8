import Dispatch
import Foundation
import Testing
import Weft
import WeftDataController
import WeftDisplay
import WeftTestSupport

/// A note: its text, inset by 8 points, in a cell as tall as the text.
final class NoteCell: CellNode, @unchecked Sendable {
    let text: TextNode

    init(_ note: String) {
        text = TextNode(AttributedText(note, attributes: TextAttributes(fontSize: 15)))
        super.init()
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .inset(EdgeInsets(top: 8, left: 8, bottom: 8, right: 8), child: .node(text))
    }
}

/// Notes by number, one cell each.
@MainActor
final class Notes: CollectionNodeDataSource {
    let count: Int

    init(count: Int) { self.count = count }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let item = indexPath.item
        return { NoteCell("Note \(item)") }
    }
}

/// A cell whose text changes while it shows grows or shrinks in place, as
/// Texture's cells do (`nodeDidInvalidateSize:`): its container measures it
/// again, the items after it move, and the item being read stays where it is.
/// Until then, the cell kept no layout: it went blank and a screen reader read
/// nothing for it.
@MainActor
@Suite struct CellRelayoutTests {
    nonisolated static let longNote = "Note 1, edited: a note long enough to wrap onto a second line and then onto a third one as well"

    /// Lets the main queue run what is queued on it now (the cell's news reaches
    /// its container in the next main-queue turn).
    func nextMainQueueTurn() async {
        await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { resumed.resume() }
        }
    }

    func frame(_ item: Int, in node: CollectionNode) throws -> CGRect {
        try #require(node.layout.frameForItem(at: IndexPath(item: item, section: 0)))
    }

    func cell(_ item: Int, in node: CollectionNode) throws -> NoteCell {
        try #require(node.nodeForItem(at: IndexPath(item: item, section: 0)) as? NoteCell)
    }

    @Test(arguments: [ContainerKind.collection, .table])
    func aCellWhoseTextGrowsOnScreenGrowsInPlaceAndTheItemsAfterItMove(kind: ContainerKind) async throws {
        let scheduler = ManualMainScheduler()
        let node = try kind.loaded(Notes(count: 50), scheduler: scheduler)
        node.layoutIfNeeded()
        let (first, second, third) = (try frame(0, in: node), try frame(1, in: node), try frame(2, in: node))
        let gap = third.minY - second.maxY
        let edited = try cell(1, in: node)

        edited.text.attributedText = AttributedText(Self.longNote, attributes: TextAttributes(fontSize: 15))
        await nextMainQueueTurn()
        node.layoutIfNeeded()

        let grown = try frame(1, in: node)
        #expect(grown.minY == second.minY && grown.height > second.height + 30, "\(kind): \(second) -> \(grown)")
        #expect(try frame(0, in: node) == first, "\(kind): the item before it stays")
        #expect(try frame(2, in: node).minY == grown.maxY + gap, "\(kind): the item after it follows")
        let layout = try #require(edited.calculatedLayout, "\(kind): the cell is laid out again")
        #expect(layout.size == grown.size)
        let textFrame = try #require(layout.children.first?.frame)
        #expect(textFrame.height > 3 * 15 && textFrame.maxY <= grown.height, "\(kind): three lines of text inside the cell: \(textFrame)")
        #expect(node.layout.contentSize.height > 50 * second.height, "\(kind): the content grew with it")

        // And back: a short text shrinks it to what it was.
        edited.text.attributedText = AttributedText("Note 1", attributes: TextAttributes(fontSize: 15))
        await nextMainQueueTurn()
        node.layoutIfNeeded()
        #expect(try frame(1, in: node) == second, "\(kind): shrunk back")
        #expect(try frame(2, in: node) == third)
        #expect(node.diagnostics.isEmpty, "\(node.diagnostics)")
    }

    @Test func textChangedOnAnotherThreadReachesTheContainerOnMain() async throws {
        let scheduler = ManualMainScheduler()
        let node = try ContainerKind.collection.loaded(Notes(count: 50), scheduler: scheduler)
        node.layoutIfNeeded()
        let before = try frame(1, in: node)
        let edited = try cell(1, in: node)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                edited.text.attributedText = AttributedText(Self.longNote, attributes: TextAttributes(fontSize: 15))
                done.resume()
            }
        }
        await nextMainQueueTurn()
        node.layoutIfNeeded()
        #expect(try frame(1, in: node).height > before.height + 30)
    }

    @Test func anItemAboveTheViewportGrowingKeepsTheItemReadInPlace() async throws {
        let scheduler = ManualMainScheduler()
        let node = try ContainerKind.collection.loaded(Notes(count: 200), scheduler: scheduler)
        node.contentOffset = CGPoint(x: 0, y: 2_000)
        node.layoutIfNeeded()
        scheduler.runAll()
        node.waitUntilAllUpdatesAreProcessed()
        node.layoutIfNeeded()
        let read = try #require(node.indexPathsForVisibleItems.first)
        let onScreen = try frame(read.item, in: node).minY - node.contentOffset.y
        // An item a few above the viewport, made and measured (in the preload range).
        let above = try cell(read.item - 3, in: node)

        above.text.attributedText = AttributedText(Self.longNote, attributes: TextAttributes(fontSize: 15))
        await nextMainQueueTurn()
        node.layoutIfNeeded()
        #expect(try frame(read.item, in: node).minY - node.contentOffset.y == onScreen, "the item read did not move")
        #expect(try frame(read.item - 3, in: node).height > 60)
    }

    @Test func aPageIsLaidOutAgainInsideItsPage() async throws {
        let scheduler = ManualMainScheduler()
        let node = try ContainerKind.pager.loaded(Notes(count: 5), scheduler: scheduler)
        node.layoutIfNeeded()
        let page = try frame(0, in: node)
        let edited = try cell(0, in: node)
        edited.text.attributedText = AttributedText(Self.longNote, attributes: TextAttributes(fontSize: 15))
        await nextMainQueueTurn()
        node.layoutIfNeeded()
        #expect(try frame(0, in: node) == page, "a page keeps the pager's size")
        let textFrame = try #require(edited.calculatedLayout?.children.first?.frame)
        #expect(textFrame.height > 3 * 15)
    }
}
