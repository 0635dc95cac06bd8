import Foundation
import Weft

struct Post: Hashable, Sendable {
    var id: Int
    var text: String
}

/// A post's cell: 80 points tall, as wide as the list.
// @unchecked Sendable, as CellNode is: the one stored property is a constant.
final class PostNode: CellNode, @unchecked Sendable {
    let post: Post

    init(_ post: Post) {
        self.post = post
        super.init()
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: 80)
    }
}

final class Feed: CollectionNodeDataSource {
    var posts = (0 ..< 100).map { Post(id: $0, text: "Post \($0)") }

    func collectionNode(_ node: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        posts.count
    }

    func collectionNode(_ node: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CollectionElement.NodeBlock {
        let post = posts[indexPath.item]
        return { PostNode(post) }                    // runs off main, on every core
    }
}

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

let first = collection.indexPathsForVisibleItems.first.flatMap { collection.nodeForItem(at: $0) } as? PostNode
print("\(collection.numberOfItems(inSection: 0)) posts, \(collection.visibleNodes.count) visible from \"\(first?.post.text ?? "")\"")
