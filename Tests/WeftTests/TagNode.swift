import Foundation
import Weft
import WeftCore
import WeftTestSupport
import WeftHeadless
import WeftMemory
import WeftDataController

/// An item's node: it shows an item identifier and counts the models a
/// reconfigure handed it.
final class TagNode: CellNode, @unchecked Sendable {
    let tag: Int
    private let modelUpdates = PosixMutex(0)
    var reconfigurations: Int { modelUpdates.withLock { $0 } }

    init(tag: Int) {
        self.tag = tag
        super.init()
    }

    override func updateNodeModel(_ model: any Hashable & Sendable) {
        super.updateNodeModel(model)
        modelUpdates.withLock { $0 += 1 }
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: 40)
    }
}

/// A collection node over a headless view, fed by a diffable data source of
/// `Int` items shown by ``TagNode``s.
@MainActor
func makeTagSource(
    scheduler: any MainScheduler = ManualMainScheduler()
) throws -> (CollectionNode, CollectionDiffableDataSource<Int, Int>) {
    let node = CollectionNode(layout: try ListLayout(), view: HeadlessCollectionView(), mainScheduler: scheduler, deallocQueue: try DeallocQueue())
    node.viewportSize = CGSize(width: 320, height: 500)
    let source = CollectionDiffableDataSource<Int, Int>(collectionNode: node) { _, id in { TagNode(tag: id) } }
    return (node, source)
}

/// The tags the view's cells show, section by section.
@MainActor
func shownTags(_ node: CollectionNode) -> [[Int]] {
    let view = node.headlessView
    return view.allCells.map { $0.map { (($0 as! CollectionElement).nodeIfAllocated as! TagNode).tag } }
}

/// The view's cell nodes by tag.
@MainActor
func nodesByTag(_ node: CollectionNode) -> [Int: TagNode] {
    let view = node.headlessView
    let nodes = view.allCells.flatMap { $0 }.map { ($0 as! CollectionElement).nodeIfAllocated as! TagNode }
    return Dictionary(uniqueKeysWithValues: nodes.map { ($0.tag, $0) })
}

/// `sections` after a few random inserts, deletes and moves of items across
/// them (`edits` of them, some of which may find nothing to do); new items
/// take ids from `nextID` on.
func randomlyEdited(
    _ sections: [[Int]], _ random: inout SplitMix64, nextID: inout Int, edits: ClosedRange<Int>
) -> [[Int]] {
    var sections = sections
    for _ in 0 ..< Int.random(in: edits, using: &random) {
        let s = Int.random(in: 0 ..< sections.count, using: &random)
        switch Int.random(in: 0 ..< 3, using: &random) {
        case 0:
            sections[s].insert(nextID, at: Int.random(in: 0 ... sections[s].count, using: &random))
            nextID += 1
        case 1 where !sections[s].isEmpty:
            sections[s].remove(at: Int.random(in: 0 ..< sections[s].count, using: &random))
        case 2 where !sections[s].isEmpty:
            let item = sections[s].remove(at: Int.random(in: 0 ..< sections[s].count, using: &random))
            let t = Int.random(in: 0 ..< sections.count, using: &random)
            sections[t].insert(item, at: Int.random(in: 0 ... sections[t].count, using: &random))
        default:
            break
        }
    }
    return sections
}
