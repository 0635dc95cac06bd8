import Foundation
import Weft
import WeftTestSupport
import WeftHeadless
import WeftMemory
import WeftDataController

/// A header or footer node of a fixed length, naming the section it was made
/// for and the number of items the section had then.
final class LabelNode: CellNode, @unchecked Sendable {
    let label: String
    let length: CGFloat
    let itemCount: Int

    init(_ label: String, length: CGFloat, itemCount: Int = 0) {
        self.label = label
        self.length = length
        self.itemCount = itemCount
        super.init()
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: length)
    }
}

/// A feed of sections of stories, each section with a 40-point header and a
/// 20-point footer, over a headless view and a manual main context.
@MainActor
final class SectionedFeed: CollectionNodeDataSource, CollectionNodeDelegate {
    /// Each section's name and stories.
    var sections: [(name: String, stories: [Story])]
    let scheduler = ManualMainScheduler()
    let node: CollectionNode
    /// How many header and footer node blocks the data source handed out.
    var supplementaryBlocksMade = 0
    /// How many times the container asked the kinds, counts or node blocks of supplementary elements.
    var supplementaryAsks = 0
    /// How many headers and footers a section has (default one of each).
    var supplementaryCount: (_ kind: String, _ section: Int) -> Int = { _, _ in 1 }
    /// Whether item edits keep the supplementary nodes of their sections (the data source opts out).
    var keepsSupplementariesThroughItemEdits = false
    var events: [String] = []
    var refusesSelection: Set<Int> = []

    init(_ sections: [(String, [Story])], makeNode: ((ManualMainScheduler, DeallocQueue) throws -> CollectionNode)? = nil) throws {
        self.sections = sections.map { (name: $0.0, stories: $0.1) }
        let queue = try DeallocQueue()
        node = try makeNode?(scheduler, queue) ?? CollectionNode(layout: try ListLayout(), view: HeadlessCollectionView(), mainScheduler: scheduler, deallocQueue: queue)
        node.dataSource = self
        node.delegate = self
        node.viewportSize = CGSize(width: 320, height: 500)
        node.reloadData()
        node.waitUntilAllUpdatesAreProcessed()
    }

    var view: HeadlessCollectionView { node.headlessView }

    var shown: [[Story]] {
        view.allCells.map { $0.map { (($0 as! CollectionElement).nodeIfAllocated as! StoryNode).story } }
    }

    func header(_ section: Int, _ item: Int = 0) -> LabelNode? {
        node.supplementaryNode(ofKind: CollectionNode.elementKindSectionHeader, at: IndexPath(item: item, section: section)) as? LabelNode
    }

    func footer(_ section: Int, _ item: Int = 0) -> LabelNode? {
        node.supplementaryNode(ofKind: CollectionNode.elementKindSectionFooter, at: IndexPath(item: item, section: section)) as? LabelNode
    }

    func numberOfSections(in collectionNode: CollectionNode) -> Int { sections.count }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int {
        sections[section].stories.count
    }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let story = sections[indexPath.section].stories[indexPath.item]
        return { StoryNode(story: story) }
    }

    func collectionNode(_ collectionNode: CollectionNode, supplementaryElementKindsInSection section: Int) -> [String] {
        supplementaryAsks += 1
        return [CollectionNode.elementKindSectionHeader, CollectionNode.elementKindSectionFooter]
    }

    func collectionNode(
        _ collectionNode: CollectionNode, numberOfSupplementaryElementsOfKind kind: String, inSection section: Int
    ) -> Int {
        supplementaryAsks += 1
        return supplementaryCount(kind, section)
    }

    func collectionNode(
        _ collectionNode: CollectionNode, shouldReloadSupplementaryElementsOnItemChangesInSection section: Int
    ) -> Bool {
        !keepsSupplementariesThroughItemEdits
    }

    /// "header A" for a section's first header, "header A.1" for its second, ...
    func collectionNode(
        _ collectionNode: CollectionNode, nodeBlockForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> CellNodeBlock {
        supplementaryBlocksMade += 1
        supplementaryAsks += 1
        let name = sections[indexPath.section].name + (indexPath.item == 0 ? "" : ".\(indexPath.item)")
        let count = sections[indexPath.section].stories.count
        let isHeader = kind == CollectionNode.elementKindSectionHeader
        return { LabelNode(isHeader ? "header \(name)" : "footer \(name)", length: isHeader ? 40 : 20, itemCount: count) }
    }

    func collectionNode(_ collectionNode: CollectionNode, willBeginBatchFetchWith context: BatchContext) {
        context.completeBatchFetching(false)
    }

    func collectionNode(_ collectionNode: CollectionNode, shouldSelectItemAt indexPath: IndexPath) -> Bool {
        events.append("should select \(indexPath.section).\(indexPath.item)")
        return !refusesSelection.contains(sections[indexPath.section].stories[indexPath.item].id)
    }

    func collectionNode(_ collectionNode: CollectionNode, didSelectItemAt indexPath: IndexPath) {
        events.append("did select \(indexPath.section).\(indexPath.item)")
    }

    func collectionNode(_ collectionNode: CollectionNode, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        events.append("should deselect \(indexPath.section).\(indexPath.item)")
        return true
    }

    func collectionNode(_ collectionNode: CollectionNode, didDeselectItemAt indexPath: IndexPath) {
        events.append("did deselect \(indexPath.section).\(indexPath.item)")
    }
}
