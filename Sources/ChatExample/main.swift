import Foundation
import Weft
import WeftDisplay

struct Message: Hashable, Sendable {
    var id: Int
    var text: String
}

/// A message: its text in a bubble, shaped by Pango.
final class MessageNode: CellNode, @unchecked Sendable {
    let message: Message
    let text: TextNode

    init(_ message: Message) {
        self.message = message
        text = TextNode(AttributedText(message.text, attributes: TextAttributes(fontSize: 16)))
        super.init()
        automaticallyManagesSubnodes = true
        text.backgroundColor = Color(red: 0.86, green: 0.93, blue: 1)
        text.cornerRadius = 8
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .inset(EdgeInsets(top: 4, left: 12, bottom: 4, right: 12), child: .node(text))
    }
}

/// Newest message first: index 0 shows at the bottom of an inverted table.
final class Chat: TableNodeDataSource, TableNodeDelegate {
    var messages = (80 ..< 100).reversed().map { Message(id: $0, text: "Message \($0)") }
    var oldestLoaded = 80

    func tableNode(_ tableNode: TableNode, numberOfRowsInSection section: Int) -> Int { messages.count }

    func tableNode(_ tableNode: TableNode, nodeBlockForRowAt indexPath: IndexPath) -> CellNodeBlock {
        let message = messages[indexPath.row]
        return { MessageNode(message) }
    }

    /// The end of an inverted table is the top of the screen: older messages.
    func tableNode(_ tableNode: TableNode, willBeginBatchFetchWith context: BatchContext) {
        let older = (max(oldestLoaded - 20, 0) ..< oldestLoaded).reversed().map { Message(id: $0, text: "Message \($0)") }
        oldestLoaded -= older.count
        let start = messages.count
        do {
            try tableNode.performBatchUpdates({
                messages += older
                try tableNode.insertRows(at: (start ..< start + older.count).map { IndexPath(row: $0, section: 0) })
            }, completion: { _ in context.completeBatchFetching(!older.isEmpty) })
        } catch {
            context.completeBatchFetching(false)
        }
    }

    /// A new message goes at index 0: at the bottom.
    func receive(_ message: Message, in tableNode: TableNode) throws {
        try tableNode.performBatchUpdates {
            messages.insert(message, at: 0)
            try tableNode.insertRows(at: [IndexPath(row: 0, section: 0)])
        }
    }
}

let chat = Chat()
let table = try TableNode()
table.isInverted = true
table.dataSource = chat
table.delegate = chat
table.viewportSize = CGSize(width: 390, height: 844)
table.reloadData()
table.waitUntilAllUpdatesAreProcessed()
// Batch fetching runs on a main turn of its own: let main run it (an app's run
// loop does; here, awaiting on the main actor lets the queued turns run first).
await Task.yield()
table.waitUntilAllUpdatesAreProcessed()

table.contentOffset.y = 1_200                      // reading older messages, up the screen
table.layoutIfNeeded()
let read = table.indexPathsForVisibleItems[0]
let before = table.viewportRect(forContentRect: table.frameForItem(at: read)!).minY
try chat.receive(Message(id: 100, text: "Hello"), in: table)
table.waitUntilAllUpdatesAreProcessed()
let moved = table.viewportRect(forContentRect: table.frameForItem(at: IndexPath(row: read.row + 1, section: 0))!).minY - before
print("\(chat.messages.count) messages; a new one arrived while reading row \(read.row),",
      "which moved \(moved) points on screen")

table.contentOffset.y = 0                          // back to the newest message, at the bottom
table.layoutIfNeeded()
await DisplayNode.waitUntilScheduledDisplaysFinish()
let screen = try table.composeFrame()               // what a view shows now
try screen.bitmap.writePNG(to: URL(fileURLWithPath: "/tmp/weft-chat.png"))
print("\(screen.blankItems.count) of \(screen.visibleItems.count) visible rows blank; the screen is /tmp/weft-chat.png")
