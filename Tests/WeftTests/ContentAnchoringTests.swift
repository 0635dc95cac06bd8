import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftHeadless
import WeftMemory
import WeftDataController

/// A message: its id fixes its height (60, 70 or 80 points), so rows differ.
final class MessageNode: CellNode, @unchecked Sendable {
    let id: Int

    init(id: Int) {
        self.id = id
        super.init()
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        let length = CGFloat(60 + (id % 3) * 10)
        return CGSize(width: constrainedSize.width.isFinite ? constrainedSize.width : length, height: length)
    }
}

/// A chat's messages, as the data source and batch-fetching delegate of a container.
@MainActor
final class Chat: CollectionNodeDataSource, CollectionNodeDelegate {
    /// Message ids in index order.
    var messages: [Int]
    var fetchesAtStart = false
    var contexts: [BatchContext] = []
    var endQuestions = 0

    init(_ messages: [Int]) { self.messages = messages }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { messages.count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let id = messages[indexPath.item]
        return { MessageNode(id: id) }
    }

    func collectionNode(_ collectionNode: CollectionNode, nodeModelForItemAt indexPath: IndexPath) -> (any Hashable & Sendable)? {
        messages[indexPath.item]
    }

    func shouldBatchFetch(for collectionNode: CollectionNode) -> Bool {
        endQuestions += 1
        return true
    }

    func shouldBatchFetchAtStart(for collectionNode: CollectionNode) -> Bool { fetchesAtStart }

    func collectionNode(_ collectionNode: CollectionNode, willBeginBatchFetchWith context: BatchContext) {
        contexts.append(context)
    }

    /// Inserts `ids` at `index`, as one batch.
    func insert(_ ids: [Int], at index: Int, into node: CollectionNode) throws {
        try node.performBatchUpdates {
            messages.insert(contentsOf: ids, at: index)
            try node.insertItems(at: (index ..< index + ids.count).map { IndexPath(item: $0, section: 0) })
        }
    }
}

/// The item being read stays where it is on screen when items are inserted or
/// deleted before it (prepending 30 older messages moved it 1,950 points
/// before), through each container, eager and lazy; and the chat screens built
/// on it: an inverted chat, and a chat that fetches its history at the start.
@MainActor
@Suite struct ContentAnchoringTests {
    /// Where the item of `id` starts on screen along the scroll axis.
    func screenPosition(of id: Int, in node: CollectionNode, chat: Chat) throws -> CGFloat {
        let index = try #require(chat.messages.firstIndex(of: id))
        let frame = try #require(node.layout.frameForItem(at: IndexPath(item: index, section: 0)))
        return node.layout.scrollAxis == .vertical ? frame.minY - node.contentOffset.y : frame.minX - node.contentOffset.x
    }

    func scroll(_ node: CollectionNode, to offset: CGFloat) {
        node.contentOffset = node.layout.scrollAxis == .vertical ? CGPoint(x: 0, y: offset) : CGPoint(x: offset, y: 0)
        node.layoutIfNeeded()
    }

    func settle(_ node: CollectionNode, _ scheduler: ManualMainScheduler) {
        repeat {
            scheduler.runAll()
            node.waitUntilAllUpdatesAreProcessed()
        } while scheduler.pendingJobCount > 0
    }

    @Test(arguments: ContainerKind.allCases, [DataController.ItemLoading.eager, .lazy])
    func prependingThirtyItemsWhileReadingMovesTheItemReadByZeroPoints(
        kind: ContainerKind, loading: DataController.ItemLoading
    ) throws {
        let scheduler = ManualMainScheduler()
        let node = try kind.make(scheduler: scheduler, queue: try DeallocQueue(), itemLoading: loading)
        let chat = Chat(Array(1_000 ..< 1_100))
        node.dataSource = chat
        node.viewportSize = CGSize(width: 320, height: 600)
        node.reloadData()
        settle(node, scheduler)
        scroll(node, to: 3_000)
        settle(node, scheduler)
        let read = try #require(node.indexPathsForVisibleItems.first.map { chat.messages[$0.item] })
        let before = try screenPosition(of: read, in: node, chat: chat)

        try chat.insert(Array(0 ..< 30), at: 0, into: node)
        settle(node, scheduler)
        #expect(try screenPosition(of: read, in: node, chat: chat) == before, "\(kind), \(loading): the item read moved")
        #expect(node.indexPathsForVisibleItems.contains { chat.messages[$0.item] == read })

        // Deletes before it keep it in place too.
        try node.performBatchUpdates {
            chat.messages.removeFirst(10)
            try node.deleteItems(at: (0 ..< 10).map { IndexPath(item: $0, section: 0) })
        }
        settle(node, scheduler)
        #expect(try screenPosition(of: read, in: node, chat: chat) == before, "\(kind), \(loading): after deletes")
        #expect(node.diagnostics.isEmpty)
    }

    @Test(arguments: ContainerKind.allCases)
    func atTheStartTheViewportStaysAndWithTheOptOutTheItemMoves(kind: ContainerKind) throws {
        let scheduler = ManualMainScheduler()
        let chat = Chat(Array(1_000 ..< 1_100))
        let node = try kind.loaded(chat, scheduler: scheduler)
        try chat.insert([1], at: 0, into: node)
        settle(node, scheduler)
        #expect(node.contentOffset == .zero, "a feed at its top shows what arrives above")
        #expect(node.indexPathsForVisibleItems.first == IndexPath(item: 0, section: 0))

        node.automaticallyAdjustsContentOffset = false
        scroll(node, to: 2_000)
        let read = try #require(node.indexPathsForVisibleItems.first.map { chat.messages[$0.item] })
        let before = try screenPosition(of: read, in: node, chat: chat)
        try chat.insert([2, 3], at: 0, into: node)
        settle(node, scheduler)
        #expect(try screenPosition(of: read, in: node, chat: chat) > before, "opted out: the content moves under the viewport")
    }

    /// Texture's chat: an inverted table, newest message at index 0 and at the
    /// bottom, history fetched at the end (the top on screen), new messages
    /// shown at once at the bottom, and the message being read kept in place.
    @Test func anInvertedChatFetchesHistoryAtTheTopAndShowsNewMessagesAtTheBottom() throws {
        let scheduler = ManualMainScheduler()
        let table = try TableNode(view: HeadlessCollectionView(viewKind: .table), mainScheduler: scheduler, deallocQueue: try DeallocQueue())
        table.isInverted = true
        let chat = Chat(Array((980 ..< 1_000).reversed()))  // newest first
        table.dataSource = chat
        table.delegate = chat
        table.viewportSize = CGSize(width: 320, height: 600)
        table.reloadData()
        settle(table, scheduler)

        // The newest message sits at the bottom of the viewport.
        let newest = try #require(table.frameForItem(at: IndexPath(item: 0, section: 0)))
        #expect(newest.minY == 0, "content coordinates are the layout's: the first item at the start")
        #expect(table.viewportRect(forContentRect: newest).maxY == 600)
        #expect(table.indexPathsForVisibleItems.contains(IndexPath(item: 0, section: 0)))

        // Scrolling up toward older messages fetches history at the end.
        #expect(chat.contexts.count == 1 && chat.contexts[0].direction == .end, "20 messages fill less than 3 screens")
        let older = Array((900 ..< 980).reversed())
        try chat.insert(older, at: chat.messages.count, into: table)
        settle(table, scheduler)
        chat.contexts[0].completeBatchFetching(true)
        #expect(chat.messages.count == 100)

        // At the newest message, a new one shows at once, at the bottom.
        try chat.insert([1_000], at: 0, into: table)
        settle(table, scheduler)
        #expect(table.contentOffset == .zero)
        #expect(table.indexPathsForVisibleItems.first == IndexPath(item: 0, section: 0))
        #expect(table.frameForItem(at: IndexPath(item: 0, section: 0)).map(table.viewportRect(forContentRect:))?.maxY == 600)

        // Reading older messages, a new one leaves the message read in place.
        scroll(table, to: 2_500)
        let read = try #require(table.indexPathsForVisibleItems.first.map { chat.messages[$0.item] })
        let before = try screenPosition(of: read, in: table, chat: chat)
        try chat.insert([1_002, 1_001], at: 0, into: table)  // newest first
        settle(table, scheduler)
        #expect(try screenPosition(of: read, in: table, chat: chat) == before)

        // The mounted cells' views show the mirror image: a newer message lower.
        scroll(table, to: 0)
        let hosts = table.headlessView.containerView.subviews.compactMap { $0 as? CellHostView }.filter { !$0.isHidden }
        let shown = hosts.compactMap { host in (host.hostedNode as? MessageNode).map { ($0.id, host.frame) } }
        #expect(shown.count >= 5)
        for (a, b) in zip(shown.sorted { $0.0 > $1.0 }, shown.sorted { $0.0 > $1.0 }.dropFirst()) {
            #expect(a.1.minY > b.1.minY, "message \(a.0) shows below the older \(b.0)")
        }
        #expect(table.diagnostics.isEmpty)
    }

    /// A chat that keeps its newest message at the end fetches its history at
    /// the start: the delegate opts in, the context says `.start`, and the 30
    /// older messages inserted at index 0 leave the message read in place.
    @Test(arguments: ContainerKind.allCases)
    func aChatFetchesHistoryAtTheStartAndKeepsTheMessageRead(kind: ContainerKind) throws {
        let scheduler = ManualMainScheduler()
        let chat = Chat(Array(1_000 ..< 1_100))
        chat.fetchesAtStart = true
        let node = try kind.loaded(chat, scheduler: scheduler)
        node.delegate = chat
        // Open at the newest message, at the end.
        let axis = node.layout.scrollAxis
        let end = axis == .vertical
            ? node.layout.contentSize.height - node.viewportSize.height
            : node.layout.contentSize.width - node.viewportSize.width
        scroll(node, to: end)
        settle(node, scheduler)
        // Nearing the end asked for more there; none comes. History is this test's subject.
        for context in chat.contexts { context.completeBatchFetching(false) }
        chat.contexts.removeAll()
        // Scroll up toward the start, frame by frame.
        var offset = end
        while chat.contexts.isEmpty, offset > 0 {
            offset = max(offset - 400, 0)
            scroll(node, to: offset)
            scheduler.runAll()
        }
        let context = try #require(chat.contexts.first)
        #expect(context.direction == .start)
        #expect(offset > 0, "asked before the start was reached")
        let read = try #require(node.indexPathsForVisibleItems.first.map { chat.messages[$0.item] })
        let before = try screenPosition(of: read, in: node, chat: chat)
        try chat.insert(Array(900 ..< 930), at: 0, into: node)
        settle(node, scheduler)
        context.completeBatchFetching(true)
        #expect(try screenPosition(of: read, in: node, chat: chat) == before)
        #expect(chat.messages.prefix(2) == [900, 901])
    }
}
