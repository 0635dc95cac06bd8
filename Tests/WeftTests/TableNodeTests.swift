import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftHeadless
import WeftMemory

/// A table's data source and delegate in rows, as `ASTableNode`'s users write them.
@MainActor
final class Inbox: TableNodeDataSource, TableNodeDelegate {
    var messages: [[Story]]
    var selected: [IndexPath] = []

    init(_ messages: [[Story]]) { self.messages = messages }

    func numberOfSections(in tableNode: TableNode) -> Int { messages.count }

    func tableNode(_ tableNode: TableNode, numberOfRowsInSection section: Int) -> Int { messages[section].count }

    func tableNode(_ tableNode: TableNode, nodeBlockForRowAt indexPath: IndexPath) -> CellNodeBlock {
        let story = messages[indexPath.section][indexPath.row]
        return { StoryNode(story: story) }
    }

    func tableNode(_ tableNode: TableNode, nodeModelForRowAt indexPath: IndexPath) -> (any Hashable & Sendable)? {
        messages[indexPath.section][indexPath.row]
    }

    func tableNode(_ tableNode: TableNode, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
}

@MainActor
@Suite struct TableNodeTests {
    @Test func aTableSpeaksOfRowsAndHandsItsRowAnimationsToTheView() throws {
        let table = try TableNode(view: HeadlessCollectionView(viewKind: .table), mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        let inbox = Inbox([[Story(id: 0), Story(id: 1)], [Story(id: 2)]])
        table.dataSource = inbox
        table.delegate = inbox
        table.viewportSize = CGSize(width: 320, height: 500)
        table.reloadData()
        table.waitUntilAllUpdatesAreProcessed()
        #expect(table.numberOfSections == 2 && table.numberOfRows(inSection: 0) == 2)
        #expect((table.nodeForRow(at: IndexPath(row: 0, section: 1)) as? StoryNode)?.story.id == 2)

        try table.performBatchUpdates {
            inbox.messages[0].insert(Story(id: 9), at: 0)
            inbox.messages[1].removeAll()
            try table.insertRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
            try table.deleteRows(at: [IndexPath(row: 0, section: 1)], with: .left)
        }
        table.waitUntilAllUpdatesAreProcessed()
        let view = table.headlessView
        let relayed = view.lastRelayedEdits.map { "\($0.edit) \($0.options.rawValue)" }
        #expect(relayed == ["delete (section 1, item 0) 2", "insert (section 0, item 0) 0"])
        #expect(view.numberOfItems(inSection: 0) == 3 && view.inconsistencies.isEmpty)

        try table.tapRow(at: IndexPath(row: 1, section: 0))
        #expect(inbox.selected == [IndexPath(row: 1, section: 0)])
        #expect(table.indexPathsForSelectedRows == [IndexPath(row: 1, section: 0)])

        inbox.messages[0].append(Story(id: 10))
        #expect(throws: DataControllerError.self) { try table.insertRows(at: [IndexPath(row: 5, section: 0)], with: .automatic) }
    }
}
