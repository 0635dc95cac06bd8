import Dispatch
import Foundation
import Synchronization
import Testing
import Weft
import WeftDataController
import WeftDisplay
import WeftTestSupport

/// A note: its text, inset by 8 points, in a cell as tall as the text.
class NoteCell: CellNode, @unchecked Sendable {
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

/// A note that shows its node model, as a reconfigured cell shows new text.
final class ModelNoteCell: NoteCell, @unchecked Sendable {
    override func updateNodeModel(_ model: any Hashable & Sendable) {
        super.updateNodeModel(model)
        text.attributedText = AttributedText(model as? String ?? "", attributes: TextAttributes(fontSize: 15))
    }
}

/// A note with a second line of text under it, counting its layout passes.
final class TwoLineNoteCell: NoteCell, @unchecked Sendable {
    let detail = TextNode(AttributedText("detail", attributes: TextAttributes(fontSize: 13)))
    let passes = Atomic<Int>(0)

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        passes.add(1, ordering: .relaxed)
        return .inset(
            EdgeInsets(top: 8, left: 8, bottom: 8, right: 8), child: .stack(.vertical, children: [.node(text), .node(detail)]))
    }
}

/// Notes by number, one cell each; with `models`, each item's text is its model.
@MainActor
final class Notes: CollectionNodeDataSource {
    let count: Int
    var models: [String]?
    var twoLines = false

    init(count: Int) { self.count = count }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let item = indexPath.item, modelled = models != nil, twoLines = twoLines
        return {
            if twoLines { return TwoLineNoteCell("Note \(item)") }
            return modelled ? ModelNoteCell("Note \(item)") : NoteCell("Note \(item)")
        }
    }

    func collectionNode(_ collectionNode: CollectionNode, nodeModelForItemAt indexPath: IndexPath) -> (any Hashable & Sendable)? {
        models?[indexPath.item]
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

    /// A reconfigure whose new model changes the text: its own update measures
    /// the cell off main and its commit moves the items, so the drop waits for
    /// the commit instead of measuring on main and moving the items before it.
    @Test func aReconfigureThatChangesTheTextMovesTheItemsAtItsCommit() async throws {
        let scheduler = ManualMainScheduler()
        let notes = Notes(count: 50)
        notes.models = (0 ..< 50).map { "Note \($0)" }
        let node = try ContainerKind.collection.loaded(notes, scheduler: scheduler)
        node.layoutIfNeeded()
        let (second, third) = (try frame(1, in: node), try frame(2, in: node))
        let kept = try cell(1, in: node)

        notes.models?[1] = Self.longNote
        try node.reconfigureItems(at: [IndexPath(item: 1, section: 0)])
        await nextMainQueueTurn()  // the drop arrives with the update in flight
        #expect(try frame(1, in: node) == second, "nothing moved before the commit")
        node.waitUntilAllUpdatesAreProcessed()
        await nextMainQueueTurn()
        node.layoutIfNeeded()
        #expect(try cell(1, in: node) === kept, "a reconfigure keeps the node")
        let grown = try frame(1, in: node)
        let after = try frame(2, in: node)
        #expect(grown.height > second.height + 30 && after.minY == grown.maxY + (third.minY - second.maxY))
        #expect(node.diagnostics.isEmpty, "\(node.diagnostics)")
    }

    /// Two text nodes of a cell changed in one turn: one measuring of the cell.
    @Test func twoTextsChangedInOneTurnMeasureTheCellOnce() async throws {
        let scheduler = ManualMainScheduler()
        let notes = Notes(count: 20)
        notes.twoLines = true
        let node = try ContainerKind.collection.loaded(notes, scheduler: scheduler)
        node.layoutIfNeeded()
        let edited = try #require(node.nodeForItem(at: IndexPath(item: 1, section: 0)) as? TwoLineNoteCell)
        let before = try frame(1, in: node)
        let passes = edited.passes.load(ordering: .relaxed)

        edited.text.attributedText = AttributedText(Self.longNote, attributes: TextAttributes(fontSize: 15))
        edited.detail.attributedText = AttributedText(Self.longNote, attributes: TextAttributes(fontSize: 13))
        await nextMainQueueTurn()
        node.layoutIfNeeded()
        #expect(edited.passes.load(ordering: .relaxed) - passes == 1, "one layout pass for both changes")
        #expect(try frame(1, in: node).height > before.height + 60)
    }

    /// A container gone before its cells' news arrives: the news goes nowhere.
    @Test func aContainerGoneBeforeTheNewsArrivesIsNotTold() async throws {
        let scheduler = ManualMainScheduler()
        var node: CollectionNode? = try ContainerKind.collection.loaded(Notes(count: 20), scheduler: scheduler)
        node?.layoutIfNeeded()
        weak let watched = node
        let edited = try cell(1, in: try #require(node))
        edited.text.attributedText = AttributedText(Self.longNote, attributes: TextAttributes(fontSize: 15))
        node = nil
        await nextMainQueueTurn()
        #expect(watched == nil, "the pending news kept no container alive")
        #expect(edited.owningNode == nil)
    }

    /// A new text scale measures every node off main, and the layout follows at
    /// that relayout's commit (the drops it made on main are taken back).
    @Test func aNewTextScaleRelaysOutTheCellsOffMain() async throws {
        let scheduler = ManualMainScheduler()
        let notes = Notes(count: 20)
        notes.twoLines = true
        let node = try ContainerKind.collection.loaded(notes, scheduler: scheduler)
        node.layoutIfNeeded()
        let before = try frame(1, in: node)
        var traits = node.traitCollection
        traits.textScale = 2
        node.traitCollection = traits
        await nextMainQueueTurn()
        node.waitUntilAllUpdatesAreProcessed()
        node.layoutIfNeeded()
        #expect(try frame(1, in: node).height > before.height + 20)
        #expect(node.diagnostics.isEmpty, "\(node.diagnostics)")
    }
}
