import Foundation
import Testing
import Weft
import WeftTestSupport

/// Every public geometry and index entry point of the containers, fed NaN,
/// ±infinity, ±`greatestFiniteMagnitude`, `Int.min` and `Int.max` (reliability
/// round 3): none traps; each either throws its typed error, answers `nil`, or
/// clamps, and the container stays whole, with finite geometry and its items.
@MainActor
@Suite struct GeometrySweepTests {
    static let extremes: [CGFloat] = [.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, -1, 0]

    /// Finite geometry and the three items, after whatever was fed.
    func expectWhole(_ node: CollectionNode, _ kind: ContainerKind, after what: String) {
        node.layoutIfNeeded()
        let content = node.layout.contentSize
        let offset = node.contentOffset
        #expect(content.width.isFinite && content.height.isFinite, "\(kind) after \(what): content \(content)")
        #expect(offset.x.isFinite && offset.y.isFinite, "\(kind) after \(what): offset \(offset)")
        #expect(node.numberOfSections == 1 && node.numberOfItems(inSection: 0) == 3, "\(kind) after \(what)")
        for path in node.indexPathsForVisibleItems {
            #expect(path.section == 0 && (0 ..< 3).contains(path.item), "\(kind) after \(what): visible \(path)")
            if let frame = node.frameForItem(at: path) {
                #expect(frame.minX.isFinite && frame.maxX.isFinite && frame.minY.isFinite && frame.maxY.isFinite,
                        "\(kind) after \(what): \(path) at \(frame)")
            }
        }
        if let pager = node as? PagerNode {
            #expect((0 ..< 3).contains(pager.currentPageIndex), "\(kind) after \(what): page \(pager.currentPageIndex)")
        }
    }

    @Test(arguments: ContainerKind.allCases)
    func geometryOfAnyValueNeverTraps(kind: ContainerKind) throws {
        let feed = PlainItems(count: 3)
        let node = try kind.loaded(feed, scheduler: ManualMainScheduler())
        for value in Self.extremes {
            node.contentOffset = CGPoint(x: value, y: value)
            expectWhole(node, kind, after: "contentOffset \(value)")
            #expect(node.viewIndexPathForItem(at: CGPoint(x: value, y: value)).map { $0.item < 3 } ?? true)
            do {
                try node.setLeadingScreensForBatching(value)
                #expect(value.isFinite && value >= 0, "\(kind): leading screens \(value) accepted")
            } catch {
                #expect(!(value.isFinite && value >= 0), "\(kind): leading screens \(value) refused: \(error)")
            }
        }
        for value in Self.extremes {
            node.viewportSize = CGSize(width: value, height: value)
            expectWhole(node, kind, after: "viewportSize \(value)")
            node.viewportSize = CGSize(width: 320, height: value)
            expectWhole(node, kind, after: "viewport height \(value)")
        }
        node.viewportSize = CGSize(width: 320, height: 500)
        expectWhole(node, kind, after: "a viewport again")
        withExtendedLifetime(feed) {}
    }

    @Test(arguments: ContainerKind.allCases)
    func indicesOfAnyValueNeverTrap(kind: ContainerKind) throws {
        let feed = PlainItems(count: 3)
        let node = try kind.loaded(feed, scheduler: ManualMainScheduler())
        let numbers = [Int.min, -1, 3, Int.max]
        for number in numbers {
            for path in [IndexPath(item: number, section: 0), IndexPath(item: 0, section: number)] {
                #expect(node.nodeForItem(at: path) == nil)
                #expect(node.frameForItem(at: path) == nil)
                #expect(node.supplementaryNode(ofKind: CollectionNode.elementKindSectionHeader, at: path) == nil)
                #expect(node.viewIndexPath(for: path) == nil)
                #expect(node.indexPath(forViewIndexPath: path) == nil)
                #expect(throws: CollectionNodeError.self) { try node.selectItem(at: path) }
                #expect(throws: CollectionNodeError.self) { try node.deselectItem(at: path) }
                #expect(throws: CollectionNodeError.self) { try node.tapItem(at: path) }
                #expect(throws: CollectionNodeError.self) { try node.scrollToItem(at: path, at: .top) }
                for edit in Self.edits(path) {
                    var completed: Bool?
                    #expect(throws: DataControllerError.self, "\(kind): \(path)") {
                        try node.performBatchUpdates({ try edit(node) }, completion: { completed = $0 })
                    }
                    node.waitUntilAllUpdatesAreProcessed()
                    #expect(completed != true, "\(kind): a refused batch's completion was told it applied")
                }
            }
            #expect(node.numberOfItems(inSection: number) == 0)
            if number != Int.max {
                // IndexSet itself cannot hold Int.max (its range would end past it).
                for edit: (CollectionNode) throws -> Void in [
                    { try $0.deleteSections(IndexSet(integer: number)) },
                    { try $0.reloadSections(IndexSet(integer: number)) },
                    { try $0.insertSections(IndexSet(integer: number)) },
                ] {
                    #expect(throws: DataControllerError.self) { try node.performBatchUpdates({ try edit(node) }) }
                }
            }
            #expect(throws: DataControllerError.self) {
                try node.performBatchUpdates({ try node.moveSection(number, toSection: 0) })
            }
            (node as? PagerNode)?.scrollToPage(at: number)
            node.waitUntilAllUpdatesAreProcessed()
            expectWhole(node, kind, after: "index \(number)")
        }
        #expect(node.indexPathsForSelectedItems.isEmpty)
        withExtendedLifetime(feed) {}
    }

    /// Item edits of `path`, each refused when `path` names no item.
    static func edits(_ path: IndexPath) -> [(CollectionNode) throws -> Void] {
        [
            { try $0.insertItems(at: [path]) },
            { try $0.deleteItems(at: [path]) },
            { try $0.reloadItems(at: [path]) },
            { try $0.reconfigureItems(at: [path]) },
            { try $0.moveItem(at: path, to: IndexPath(item: 0, section: 0)) },
            { try $0.moveItem(at: IndexPath(item: 0, section: 0), to: path) },
        ]
    }
}
