import Foundation
import Weft
import WeftDisplay

struct Post: Hashable, Sendable {
    var id: Int
    var text: String
}

/// A post's cell: a round avatar beside the author and the text, laid out by a spec
/// whose nodes become the cell's subnodes. Pango shapes the text while the cell is
/// measured, off main; the nodes draw off main when the cell nears the screen.
// @unchecked Sendable, as CellNode is: the stored properties are constants.
final class PostNode: CellNode, @unchecked Sendable {
    let avatar = DisplayNode()
    let author: TextNode
    let body: TextNode

    init(_ post: Post) {
        author = TextNode(AttributedText("Author \(post.id % 7)", attributes: TextAttributes(fontWeight: .bold)))
        body = TextNode(AttributedText(post.text, attributes: TextAttributes(fontSize: 15)))
        body.maximumNumberOfLines = 6
        super.init()
        avatar.backgroundColor = Color(red: 0.2, green: 0.5, blue: 0.9)
        avatar.cornerRadius = 20
        backgroundColor = .white
        automaticallyManagesSubnodes = true
    }

    override func layoutSpecThatFits(_ range: SizeRange) -> LayoutSpec? {
        .inset(EdgeInsets(top: 12, left: 16, bottom: 12, right: 16), child:
            .stack(.horizontal, spacing: 12, alignItems: .start, children: [
                .node(avatar).style { $0.preferredSize = CGSize(width: 40, height: 40) },
                .stack(.vertical, spacing: 4, children: [.node(author), .node(body)])
                    .style { $0.flexGrow = 1; $0.flexShrink = 1 },
            ]))
    }
}

final class Feed: CollectionNodeDataSource {
    var posts = (0 ..< 100).map { Post(id: $0, text: "Post \($0): nodes are measured and drawn off the main thread.") }

    func collectionNode(_ node: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        posts.count
    }

    func collectionNode(_ node: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let post = posts[indexPath.item]
        return { PostNode(post) }                    // runs off main, on every core
    }
}

DisplayNode.defaultContentsScale = 2                // the screen's pixels per point
let feed = Feed()
let collection = CollectionNode(layout: try ListLayout())
collection.dataSource = feed
collection.viewportSize = CGSize(width: 390, height: 844)   // visible once it has a viewport
collection.reloadData()

try collection.performBatchUpdates {               // validated now; throws if UIKit would
    feed.posts.insert(Post(id: 100, text: "Hello"), at: 0)
    try collection.insertItems(at: [IndexPath(item: 0, section: 0)])
}
// Commits run on the main queue. An app's run loop runs it; a command-line
// program calls dispatchMain(), or waits for the pipeline as here.
collection.waitUntilAllUpdatesAreProcessed()
collection.contentOffset.y += 120                  // ranges follow the viewport
collection.layoutIfNeeded()
await DisplayNode.waitUntilScheduledDisplaysFinish()   // drawings land on main turns

let first = collection.indexPathsForVisibleItems.first.flatMap { collection.nodeForItem(at: $0) } as? PostNode
print("\(collection.numberOfItems(inSection: 0)) posts, \(collection.visibleNodes.count) visible from \"\(first?.body.attributedText.string ?? "")\"")
print("its text has \(first?.body.lineCount ?? 0) lines, drawn into \(first?.body.contents?.description ?? "nothing")")

let screen = try collection.composeFrame()          // the viewport as a view would show it now
try screen.bitmap.writePNG(to: URL(fileURLWithPath: "/tmp/weft-quick-start.png"))
print("\(screen.blankItems.count) of \(screen.visibleItems.count) visible cells blank; the screen is /tmp/weft-quick-start.png")
