import Foundation
import Synchronization
import Testing
import Weft
import WeftHeadless

/// The sectioned feed of the Weft DocC article, as written there, and the
/// promises its comments make.
@MainActor
@Suite struct SectionedFeedExampleTests {
    enum Section: Hashable, Sendable { case pinned, recent }

    final class Picker: CollectionNodeDelegate {
        var picked: [IndexPath] = []
        func collectionNode(_ collectionNode: CollectionNode, didSelectItemAt indexPath: IndexPath) {
            picked.append(indexPath)
        }
    }

    final class PostNode: CellNode, @unchecked Sendable {
        let id: Int
        let models = Mutex(0)
        init(id: Int) {
            self.id = id
            super.init()
        }
        override func updateNodeModel(_ model: any Hashable & Sendable) {
            super.updateNodeModel(model)
            models.withLock { $0 += 1 }
        }
        override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
            CGSize(width: constrainedSize.width, height: 120)
        }
    }

    final class HeaderNode: CellNode, @unchecked Sendable {
        let title: String
        init(title: String) {
            self.title = title
            super.init()
        }
        override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
            CGSize(width: constrainedSize.width, height: 44)
        }
    }

    @Test func theArticlesFeedDoesWhatItSays() throws {
        let feed = CollectionNode(layout: try ListLayout(spacing: 8), view: HeadlessCollectionView())
        feed.viewportSize = CGSize(width: 390, height: 844)
        feed.allowsMultipleSelection = true
        let picker = Picker()
        feed.delegate = picker

        // The node keeps the data source it is wired to: no need to hold it.
        let posts = CollectionDiffableDataSource<Section, Int>(collectionNode: feed) { _, id in
            { PostNode(id: id) }
        }
        posts.supplementaryElementKinds = [CollectionNode.elementKindSectionHeader]
        posts.supplementaryNodeBlockProvider = { _, _, section in
            { HeaderNode(title: section == .pinned ? "Pinned" : "Recent") }
        }

        var snapshot = CollectionSnapshot<Section, Int>()
        try snapshot.appendSections([.pinned, .recent])
        try snapshot.appendItems([1], toSection: .pinned)
        try snapshot.appendItems([2, 3, 4], toSection: .recent)
        try posts.apply(snapshot)
        feed.waitUntilAllUpdatesAreProcessed()

        try feed.tapItem(at: IndexPath(item: 2, section: 1))     // the user picks post 4

        let four = feed.nodeForItem(at: IndexPath(item: 2, section: 1))
        let three = try #require(feed.nodeForItem(at: IndexPath(item: 1, section: 1)) as? PostNode)
        snapshot = posts.snapshot
        try snapshot.insertItems([5], beforeItem: 2)             // a new post arrives
        try snapshot.moveItem(4, beforeItem: 1)                  // post 4 is pinned
        try snapshot.reconfigureItems([3])                       // post 3 was edited
        try posts.apply(snapshot)
        feed.waitUntilAllUpdatesAreProcessed()

        #expect(picker.picked == [IndexPath(item: 2, section: 1)])
        #expect(feed.nodeForItem(at: IndexPath(item: 0, section: 0)) === four)
        #expect(feed.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
        #expect(feed.nodeForItem(at: IndexPath(item: 2, section: 1)) === three)
        let modelsSeen = three.models.withLock { $0 }
        #expect(modelsSeen == 1)
        let header = feed.supplementaryNode(ofKind: CollectionNode.elementKindSectionHeader, at: IndexPath(item: 0, section: 1))
        #expect((header as? HeaderNode)?.title == "Recent")
        #expect(feed.layout.frameForItem(at: IndexPath(item: 0, section: 0))?.minY == 52)
    }
}
