import Foundation
import Testing
import Weft
import WeftTestSupport

/// A cell node knows the container that shows it and its index path there
/// (Texture's `owningNode` and `indexPath`), through every container.
@MainActor
@Suite struct CellNodeOwnerTests {
    @Test(arguments: ContainerKind.allCases)
    func aCellKnowsItsContainerAndFollowsItsItem(kind: ContainerKind) throws {
        let chat = Chat(Array(0 ..< 5))
        let node = try kind.loaded(chat, scheduler: ManualMainScheduler())
        let third = try #require(node.nodeForItem(at: IndexPath(item: 2, section: 0)))
        #expect(third.owningNode === node)
        #expect(third.indexPath == IndexPath(item: 2, section: 0))
        // Two inserted above it, then it moves to the end.
        try node.performBatchUpdates {
            chat.messages.insert(contentsOf: [100, 101], at: 0)
            try node.insertItems(at: [IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0)])
        }
        #expect(third.indexPath == IndexPath(item: 4, section: 0), "the data source's index space, before the commit")
        node.waitUntilAllUpdatesAreProcessed()
        try node.performBatchUpdates {
            chat.messages.append(chat.messages.remove(at: 4))
            try node.moveItem(at: IndexPath(item: 4, section: 0), to: IndexPath(item: 6, section: 0))
        }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(third.indexPath == IndexPath(item: 6, section: 0))
        // Deleted: no longer one of the container's items, though it still names it.
        try node.performBatchUpdates {
            chat.messages.removeLast()
            try node.deleteItems(at: [IndexPath(item: 6, section: 0)])
        }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(third.indexPath == nil)
    }

    @Test func aNodeNoContainerMadeHasNoOwner() {
        let cell = CellNode()
        #expect(cell.owningNode == nil && cell.indexPath == nil)
    }

    @Test func theOwnerIsHeldWeakly() throws {
        weak var gone: CollectionNode?
        var cell: CellNode?
        let chat = Chat(Array(0 ..< 3))
        do {
            let node = try ContainerKind.collection.loaded(chat, scheduler: ManualMainScheduler())
            cell = node.nodeForItem(at: IndexPath(item: 0, section: 0))
            gone = node
            #expect(cell?.owningNode === node)
        }
        #expect(gone == nil, "a cell does not keep its collection alive")
        #expect(cell?.owningNode == nil && cell?.indexPath == nil)
    }
}
