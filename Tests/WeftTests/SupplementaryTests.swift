import Foundation
import Testing
import Weft
import WeftTestSupport

/// Headers and footers end to end: asked of the container's data source,
/// allocated and measured off main, placed by the list and grid layouts, moved
/// through the ranges, mounted, and edited with their sections.
@MainActor
@Suite struct SupplementaryTests {
    private static let header = CollectionNode.elementKindSectionHeader
    private static let footer = CollectionNode.elementKindSectionFooter

    private func stories(_ ids: Range<Int>) -> [Story] { ids.map { Story(id: $0) } }

    private func hostedNodes(_ node: CollectionNode) -> Set<ObjectIdentifier> {
        let hosts = (0 ..< node.containerView.subviewCount).compactMap { node.containerView.subview(at: $0) as? CellHostView }
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
            CollectionNode(layout: try GridLayout(columns: 2, itemLength: 50), mainScheduler: scheduler, deallocQueue: queue)
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

    /// Random sections, headers only in some: every rect query agrees with a scan of every frame.
    @Test(arguments: [false, true])
    func rectQueriesAgreeWithEveryFrame(grid: Bool) throws {
        var random = SplitMix64(seed: grid ? 7 : 8)
        let sections = (0 ..< 12).map { s in ("S\(s)", stories(s * 100 ..< s * 100 + Int.random(in: 0 ... 5, using: &random))) }
        let feed = try SectionedFeed(sections) { scheduler, queue in
            CollectionNode(
                layout: grid ? try GridLayout(columns: 3, itemLength: 30, lineSpacing: 4) : try ListLayout(spacing: 3),
                mainScheduler: scheduler, deallocQueue: queue)
        }
        let layout = feed.node.layout
        var items: [(IndexPath, CGRect)] = []
        var supplementaries: [(String, IndexPath, CGRect)] = []
        for s in sections.indices {
            let path = IndexPath(item: 0, section: s)
            for kind in [Self.header, Self.footer] {
                supplementaries.append((kind, path, try #require(layout.frameForSupplementaryElement(ofKind: kind, at: path))))
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

    @Test func headersMoveWithTheirSectionsAndItemEditsLeaveThemAlone() throws {
        let feed = try SectionedFeed([("A", stories(0 ..< 2)), ("B", stories(2 ..< 5)), ("C", stories(5 ..< 6))])
        let headerA = try #require(feed.header(0))
        let headerC = try #require(feed.header(2))
        let made = feed.supplementaryBlocksMade

        // An item insert: no header is asked for again, later headers shift down.
        try feed.node.performBatchUpdates {
            feed.sections[0].stories.insert(Story(id: 90), at: 0)
            try feed.node.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        feed.node.waitUntilAllUpdatesAreProcessed()
        #expect(feed.supplementaryBlocksMade == made)
        #expect(feed.header(0) === headerA)
        #expect(feed.node.layout.frameForSupplementaryElement(ofKind: Self.header, at: IndexPath(item: 0, section: 1))?.minY == 360)

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
        #expect(feed.shown == [stories(5 ..< 6), [Story(id: 90)] + stories(0 ..< 2), stories(7 ..< 8)])
        #expect(feed.header(0) === headerC)
        #expect(feed.header(1) === headerA)
        #expect(feed.header(2)?.label == "header D")
        #expect(feed.supplementaryBlocksMade == made + 2)
        #expect(feed.node.layout.frameForSupplementaryElement(ofKind: Self.header, at: IndexPath(item: 0, section: 1)) == CGRect(x: 0, y: 160, width: 320, height: 40))
        #expect(feed.view.inconsistencies.isEmpty && feed.node.rangeErrors.isEmpty)
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
        #expect(feed.node.mountErrors.isEmpty)
    }
}
