import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftHeadless
import WeftElementMap
import WeftCore
import WeftDataController

/// Headers and footers end to end: asked of the container's data source,
/// allocated and measured off main, placed by the list and grid layouts, moved
/// through the ranges, mounted, and edited with their sections.
@MainActor
@Suite struct SupplementaryTests {
    private static let header = CollectionNode.elementKindSectionHeader
    private static let footer = CollectionNode.elementKindSectionFooter

    private func stories(_ ids: Range<Int>) -> [Story] { ids.map { Story(id: $0) } }

    private func hostedNodes(_ node: CollectionNode) -> Set<ObjectIdentifier> {
        let hosts = (0 ..< node.headlessView.containerView.subviewCount).compactMap { node.headlessView.containerView.subview(at: $0) as? CellHostView }
        return Set(hosts.filter { !$0.isHiddenOrHasHiddenAncestor }.compactMap { $0.hostedNode.map(ObjectIdentifier.init) })
    }

    @Test func aListPlacesEachHeaderBeforeItsItemsAndEachFooterAfter() throws {
        let feed = try SectionedFeed([("A", stories(0 ..< 2)), ("B", stories(2 ..< 5)), ("C", stories(5 ..< 6))])
        let layout = feed.node.layout
        #expect(layout.frameForSupplementaryElement(ofKind: Self.header, at: IndexPath(item: 0, section: 0)) == CGRect(x: 0, y: 0, width: 320, height: 40))
        #expect(layout.frameForItem(at: IndexPath(item: 0, section: 0)) == CGRect(x: 0, y: 40, width: 320, height: 100))
        #expect(layout.frameForSupplementaryElement(ofKind: Self.footer, at: IndexPath(item: 0, section: 0)) == CGRect(x: 0, y: 240, width: 320, height: 20))
        #expect(layout.frameForSupplementaryElement(ofKind: Self.header, at: IndexPath(item: 0, section: 1)) == CGRect(x: 0, y: 260, width: 320, height: 40))
        #expect(layout.frameForItem(at: IndexPath(item: 2, section: 1)) == CGRect(x: 0, y: 500, width: 320, height: 100))
        #expect(layout.frameForSupplementaryElement(ofKind: Self.footer, at: IndexPath(item: 0, section: 2)) == CGRect(x: 0, y: 760, width: 320, height: 20))
        #expect(layout.contentSize == CGSize(width: 320, height: 780))
        #expect(layout.frameForSupplementaryElement(ofKind: "badge", at: IndexPath(item: 0, section: 0)) == nil)
        let inMiddle = layout.supplementaryElements(in: CGRect(x: 0, y: 230, width: 320, height: 80))
        #expect(inMiddle.map(\.kind) == [Self.footer, Self.header])
        #expect(inMiddle.map(\.indexPath) == [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1)])
        #expect(feed.header(1)?.label == "header B")
        #expect(feed.footer(2)?.label == "footer C")
        #expect(feed.view.inconsistencies.isEmpty)
    }

    @Test func aGridPlacesHeadersAndFootersAcrossTheBreadth() throws {
        let feed = try SectionedFeed([("A", stories(0 ..< 2)), ("B", stories(2 ..< 5))]) { scheduler, queue in
            CollectionNode(layout: try GridLayout(columns: 2, itemLength: 50), view: HeadlessCollectionView(), mainScheduler: scheduler, deallocQueue: queue)
        }
        let layout = feed.node.layout
        #expect(layout.frameForItem(at: IndexPath(item: 1, section: 0)) == CGRect(x: 160, y: 40, width: 160, height: 50))
        #expect(layout.frameForSupplementaryElement(ofKind: Self.footer, at: IndexPath(item: 0, section: 0)) == CGRect(x: 0, y: 90, width: 320, height: 20))
        #expect(layout.frameForSupplementaryElement(ofKind: Self.header, at: IndexPath(item: 0, section: 1)) == CGRect(x: 0, y: 110, width: 320, height: 40))
        #expect(layout.frameForItem(at: IndexPath(item: 2, section: 1)) == CGRect(x: 0, y: 200, width: 160, height: 50))
        #expect(layout.contentSize.height == 270)
        #expect(layout.indexPathsForItems(in: CGRect(x: 0, y: 95, width: 320, height: 50)).isEmpty, "only the footer and the header")
        #expect(layout.indexPathsForItems(in: CGRect(x: 0, y: 140, width: 320, height: 20)) == [IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1)])
    }

    /// Random sections with zero to three headers and zero to two footers each:
    /// every rect query agrees with a scan of every frame.
    @Test(arguments: [false, true])
    func rectQueriesAgreeWithEveryFrame(grid: Bool) throws {
        var random = SplitMix64(seed: grid ? 7 : 8)
        let sections = (0 ..< 12).map { s in ("S\(s)", stories(s * 100 ..< s * 100 + Int.random(in: 0 ... 5, using: &random))) }
        let counts = (0 ..< 12).map { _ in [Self.header: Int.random(in: 0 ... 3, using: &random), Self.footer: Int.random(in: 0 ... 2, using: &random)] }
        let feed = try SectionedFeed(sections) { scheduler, queue in
            CollectionNode(
                layout: grid ? try GridLayout(columns: 3, itemLength: 30, lineSpacing: 4) : try ListLayout(spacing: 3),
                view: HeadlessCollectionView(),
                mainScheduler: scheduler, deallocQueue: queue)
        }
        feed.supplementaryCount = { kind, section in counts[section][kind]! }
        feed.node.reloadData()
        feed.node.waitUntilAllUpdatesAreProcessed()
        let layout = feed.node.layout
        var items: [(IndexPath, CGRect)] = []
        var supplementaries: [(String, IndexPath, CGRect)] = []
        for s in sections.indices {
            for kind in [Self.header, Self.footer] {
                for item in 0 ..< counts[s][kind]! {
                    let path = IndexPath(item: item, section: s)
                    supplementaries.append((kind, path, try #require(layout.frameForSupplementaryElement(ofKind: kind, at: path))))
                }
                #expect(layout.frameForSupplementaryElement(ofKind: kind, at: IndexPath(item: counts[s][kind]!, section: s)) == nil)
            }
            for i in sections[s].1.indices {
                let path = IndexPath(item: i, section: s)
                items.append((path, try #require(layout.frameForItem(at: path))))
            }
        }
        for _ in 0 ..< 300 {
            let y = CGFloat(Int.random(in: -50 ... Int(layout.contentSize.height) + 50, using: &random))
            let rect = CGRect(x: 0, y: y, width: 320, height: CGFloat(Int.random(in: 1 ... 200, using: &random)))
            // Overlap as the layouts define it: strictly, so frames that only touch do not.
            func overlaps(_ frame: CGRect) -> Bool { frame.maxY > rect.minY && frame.minY < rect.maxY }
            #expect(layout.indexPathsForItems(in: rect) == items.filter { overlaps($0.1) }.map(\.0), "rect \(rect)")
            let found = layout.supplementaryElements(in: rect)
            let expected = supplementaries.filter { overlaps($0.2) }
            #expect(found.map(\.kind) == expected.map(\.0) && found.map(\.indexPath) == expected.map(\.1), "rect \(rect)")
        }
    }

    /// Texture's repopulation: an item insert, delete or move asks the headers
    /// and footers of the sections it touches again, so a header that shows its
    /// section's count stays right; the other sections keep their nodes.
    @Test func itemEditsAskTheirSectionsHeadersAgainSoACountStaysRight() throws {
        let feed = try SectionedFeed([("A", stories(0 ..< 2)), ("B", stories(2 ..< 5)), ("C", stories(5 ..< 6))])
        let headerA = try #require(feed.header(0))
        let headerB = try #require(feed.header(1))
        let made = feed.supplementaryBlocksMade
        #expect(headerA.itemCount == 2)

        try feed.node.performBatchUpdates {
            feed.sections[0].stories.insert(Story(id: 90), at: 0)
            try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.header(0) !== headerA && feed.header(0)?.itemCount == 3 && feed.header(0)?.label == "header A")
        #expect(feed.footer(0)?.itemCount == 3)
        #expect(feed.header(1) === headerB, "a section whose items did not change keeps its header")
        #expect(feed.supplementaryBlocksMade == made + 2)
        #expect(feed.node.layout.frameForSupplementaryElement(ofKind: Self.header, at: IndexPath(item: 0, section: 1))?.minY == 360)
        #expect(hostedNodes(feed.node).contains(ObjectIdentifier(try #require(feed.header(0)))))
        #expect(!hostedNodes(feed.node).contains(ObjectIdentifier(headerA)), "the old header's view went with it")

        // A delete in B, and a move from C into A: A, B and C are asked again.
        try feed.node.performBatchUpdates {
            feed.sections[1].stories.remove(at: 1)
            let moved = feed.sections[2].stories.removeFirst()
            feed.sections[0].stories.append(moved)
            try feed.node.deleteItems(at: [IndexPath(item: 1, section: 1)])
            try feed.node.moveItem(at: IndexPath(item: 0, section: 2), to: IndexPath(item: 3, section: 0))
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect((0 ..< 3).map { feed.header($0)?.itemCount } == [4, 2, 0])
        #expect(feed.supplementaryBlocksMade == made + 8)
        #expect(feed.view.inconsistencies.isEmpty && feed.node.rangeErrors.isEmpty)
    }

    @Test func headersMoveWithTheirSectionsAndAreAskedForInsertedSections() throws {
        let feed = try SectionedFeed([("A", stories(0 ..< 3)), ("B", stories(3 ..< 5)), ("C", stories(5 ..< 6))])
        let headerA = try #require(feed.header(0))
        let headerC = try #require(feed.header(2))
        let made = feed.supplementaryBlocksMade
        // A section move carries its header and footer; a delete drops them; an insert asks.
        try feed.node.performBatchUpdates {
            let c = feed.sections.remove(at: 2)
            feed.sections.insert(c, at: 0)
            feed.sections.remove(at: 2)  // B, now third
            feed.sections.append(("D", stories(7 ..< 8)))
            try feed.node.moveSection(2, toSection: 0)
            try feed.node.deleteSections([1])
            try feed.node.insertSections([2])
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.shown == [stories(5 ..< 6), stories(0 ..< 3), stories(7 ..< 8)])
        #expect(feed.header(0) === headerC)
        #expect(feed.header(1) === headerA)
        #expect(feed.header(2)?.label == "header D")
        #expect(feed.supplementaryBlocksMade == made + 2)
        #expect(feed.node.layout.frameForSupplementaryElement(ofKind: Self.header, at: IndexPath(item: 0, section: 1)) == CGRect(x: 0, y: 160, width: 320, height: 40))
        #expect(feed.view.inconsistencies.isEmpty && feed.node.rangeErrors.isEmpty)
    }

    /// A data source that opts out keeps its sections' supplementary nodes
    /// through item edits, and is asked nothing about them: the edit's main-
    /// thread work is the items' alone.
    @Test func aDataSourceThatOptsOutKeepsItsHeadersThroughItemEdits() throws {
        let feed = try SectionedFeed([("A", stories(0 ..< 2)), ("B", stories(2 ..< 5))])
        feed.keepsSupplementariesThroughItemEdits = true
        let headers = try (0 ..< 2).map { try #require(feed.header($0)) }
        let footers = try (0 ..< 2).map { try #require(feed.footer($0)) }
        let asks = feed.supplementaryAsks
        try feed.node.performBatchUpdates {
            feed.sections[0].stories.insert(Story(id: 90), at: 1)
            feed.sections[1].stories.remove(at: 0)
            let moved = feed.sections[1].stories.removeLast()
            feed.sections[0].stories.insert(moved, at: 0)
            try feed.node.insertItems(at: [IndexPath(item: 1, section: 0)])
            try feed.node.deleteItems(at: [IndexPath(item: 0, section: 1)])
            try feed.node.moveItem(at: IndexPath(item: 2, section: 1), to: IndexPath(item: 0, section: 0))
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.supplementaryAsks == asks, "no kinds, counts or node blocks asked")
        #expect(feed.header(0) === headers[0] && feed.header(1) === headers[1])
        #expect(feed.footer(0) === footers[0] && feed.footer(1) === footers[1])
        #expect(feed.shown.map(\.count) == [4, 1])
        #expect(feed.node.layout.frameForSupplementaryElement(ofKind: Self.header, at: IndexPath(item: 0, section: 1))?.minY == 460)
        #expect(feed.view.inconsistencies.isEmpty && feed.node.rangeErrors.isEmpty)
    }

    /// UIKit's reconfigure keeps the item and its place, and the section's headers with it.
    @Test func reconfiguringAnItemLeavesItsSectionsHeaderAlone() throws {
        let feed = try SectionedFeed([("A", stories(0 ..< 2))])
        let header = try #require(feed.header(0))
        let asks = feed.supplementaryAsks
        try feed.node.reconfigureItems(at: [IndexPath(item: 1, section: 0)])
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.header(0) === header && feed.supplementaryAsks == asks)
    }

    /// Any number of elements per kind per section, each at its own index path:
    /// placed one after the other, queried, mounted, and asked again in their
    /// new number when the section's items change.
    @Test(arguments: [false, true])
    func aSectionHasAnyNumberOfHeadersAndFootersEachAtItsOwnIndexPath(table: Bool) throws {
        let counts = [Self.header: [1, 3, 0], Self.footer: [0, 2, 1]]
        let feed = try SectionedFeed([("A", stories(0 ..< 1)), ("B", stories(1 ..< 3)), ("C", stories(3 ..< 4))]) { scheduler, queue in
            table ? try TableNode(view: HeadlessCollectionView(viewKind: .table), mainScheduler: scheduler, deallocQueue: queue)
                : CollectionNode(layout: try ListLayout(), view: HeadlessCollectionView(), mainScheduler: scheduler, deallocQueue: queue)
        }
        // Set before a reload, as an app's data source has it from the start.
        feed.supplementaryCount = { kind, section in counts[kind]![section] }
        feed.node.reloadData()
        feed.node.waitUntilAllUpdatesAreProcessed()
        let layout = feed.node.layout
        func frame(_ kind: String, _ section: Int, _ item: Int) -> CGRect? {
            layout.frameForSupplementaryElement(ofKind: kind, at: IndexPath(item: item, section: section))
        }
        // A: header 0-40, item 40-140. B: headers 140-260, items 260-460, footers 460-500. C: item 500-600, footer 600-620.
        #expect(frame(Self.header, 1, 0)?.minY == 140 && frame(Self.header, 1, 1)?.minY == 180 && frame(Self.header, 1, 2)?.minY == 220)
        #expect(frame(Self.header, 1, 2)?.height == 40 && frame(Self.header, 1, 3) == nil)
        #expect(layout.frameForItem(at: IndexPath(item: 0, section: 1))?.minY == 260)
        #expect(frame(Self.footer, 1, 0)?.minY == 460 && frame(Self.footer, 1, 1)?.minY == 480)
        #expect(frame(Self.footer, 0, 0) == nil && frame(Self.header, 2, 0) == nil && frame(Self.footer, 2, 0)?.minY == 600)
        #expect(layout.contentSize.height == 620)
        #expect(feed.header(1, 2)?.label == "header B.2" && feed.footer(1, 1)?.label == "footer B.1")
        let found = layout.supplementaryElements(in: CGRect(x: 0, y: 190, width: 320, height: 300))
        #expect(found.map(\.kind) == [Self.header, Self.header, Self.footer, Self.footer])
        #expect(found.map(\.indexPath) == [[1, 1], [1, 2], [1, 0], [1, 1]].map { IndexPath(indexes: $0) })
        // Every one the viewport shows is mounted.
        let shownHeaders = feed.node.visibleSupplementaryNodes(ofKind: Self.header)
        #expect(shownHeaders.map(\.indexPath) == [[0, 0], [1, 0], [1, 1], [1, 2]].map { IndexPath(indexes: $0) })
        for (_, node) in shownHeaders { #expect(hostedNodes(feed.node).contains(ObjectIdentifier(node))) }

        // B's items change and its data source now gives it one header: the others leave.
        feed.supplementaryCount = { kind, section in section == 1 && kind == Self.header ? 1 : counts[kind]![section] }
        try feed.node.performBatchUpdates {
            feed.sections[1].stories.remove(at: 0)
            try feed.node.deleteItems(at: [IndexPath(item: 0, section: 1)])
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.header(1, 0)?.itemCount == 1 && feed.header(1, 1) == nil && feed.header(1, 2) == nil)
        #expect(frame(Self.header, 1, 1) == nil && layout.frameForItem(at: IndexPath(item: 0, section: 1))?.minY == 180)
        #expect(feed.footer(1, 1)?.itemCount == 1 && frame(Self.footer, 1, 1)?.minY == 300)
        #expect(layout.contentSize.height == 440)
        #expect(feed.view.inconsistencies.isEmpty && feed.node.rangeErrors.isEmpty && feed.node.headlessView.mountErrors.isEmpty)
    }

    /// A negative or impossible count is a typed error naming the kind, the
    /// section and the count, and the batch changes nothing.
    @Test(arguments: [-1, Int.max])
    func aSupplementaryCountOutOfRangeIsRefusedAndChangesNothing(count: Int) throws {
        let feed = try SectionedFeed([("A", stories(0 ..< 2)), ("B", stories(2 ..< 3))])
        let header = try #require(feed.header(1))
        feed.supplementaryCount = { kind, section in section == 1 && kind == Self.footer ? count : 1 }
        let limit = ElementMap<CollectionElement>.maximumItemCount
        let expected = DataControllerError.supplementaryCountOutOfRange(kind: Self.footer, section: 1, count: count, limit: limit)
        #expect(throws: expected) {
            try feed.node.performBatchUpdates {
                feed.sections[1].stories.append(Story(id: 9))
                try feed.node.insertItems(at: [IndexPath(item: 1, section: 1)])
            }
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect("\(expected)".contains("\(count) elements of kind \"\(Self.footer)\" in section 1"))
        #expect(feed.node.diagnostics.errors(of: DataControllerError.self).contains(expected))
        #expect(feed.header(1) === header, "the refused batch changed nothing")
        #expect(feed.view.inconsistencies.isEmpty)
    }

    @Test func aReloadedSectionGetsNewHeaderAndFooterNodes() throws {
        let feed = try SectionedFeed([("A", stories(0 ..< 2))])
        let header = try #require(feed.header(0))
        feed.sections[0].name = "A2"
        try feed.node.reloadSections([0])
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.header(0) !== header)
        #expect(feed.header(0)?.label == "header A2")
    }

    @Test func headersGoThroughTheRangesAndAreMountedWhileVisible() throws {
        let feed = try SectionedFeed((0 ..< 8).map { ("S\($0)", stories($0 * 10 ..< $0 * 10 + 3)) })  // 360 points a section
        feed.node.layoutIfNeeded()
        let first = try #require(feed.header(0))
        let far = try #require(feed.header(7))
        #expect(first.interfaceState.contains(.visible))
        #expect(!far.interfaceState.contains(.visible))
        #expect(hostedNodes(feed.node).contains(ObjectIdentifier(first)))
        #expect(feed.node.visibleSupplementaryNodes(ofKind: Self.header).map(\.indexPath) == [IndexPath(item: 0, section: 0), IndexPath(item: 0, section: 1)])

        feed.node.contentOffset.y = 360 * 6 + 10
        feed.node.layoutIfNeeded()
        #expect(far.interfaceState.contains(.visible))
        #expect(!first.interfaceState.contains(.visible))
        #expect(first.interfaceState.isEmpty, "six screens behind: out of every range")
        #expect(hostedNodes(feed.node).contains(ObjectIdentifier(far)))
        #expect(!hostedNodes(feed.node).contains(ObjectIdentifier(first)))
        #expect(feed.node.headlessView.mountErrors.isEmpty)
    }
}
