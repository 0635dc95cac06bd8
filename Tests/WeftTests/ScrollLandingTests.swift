import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftCore
import WeftMemory

/// A cell whose height varies with its item, 40 to 196 points, unlike the
/// list's 44-point estimate: what a lazy feed of real posts looks like.
final class VariedCell: CellNode, @unchecked Sendable {
    let item: Int

    init(item: Int) {
        self.item = item
        super.init()
        contentsScale = 1
        displaysAsynchronously = false  // drawn as it enters the display range: no display queue to wait for
        backgroundColor = Color(white: 0.5 + Double(item % 5) / 10)
    }

    static func height(of item: Int) -> CGFloat { CGFloat(40 + (item * 37) % 157) }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        CGSize(width: constrainedSize.width, height: Self.height(of: item))
    }
}

@MainActor
final class VariedSource: CollectionNodeDataSource {
    var count: Int

    init(count: Int) {
        self.count = count
    }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        let item = indexPath.item
        return { VariedCell(item: item) }
    }
}

/// `scrollToItem` lands where it says on lazy lists whose estimates are wrong,
/// inverted or not, and is carried out, not thrown, while updates are in flight.
@MainActor
@Suite struct ScrollLandingTests {
    let viewport = CGSize(width: 320, height: 600)

    func lazyList(_ count: Int, inverted: Bool = false, scheduler: ManualMainScheduler) throws -> (CollectionNode, VariedSource) {
        let source = VariedSource(count: count)
        let node = CollectionNode(
            layout: try ListLayout(estimatedItemLength: 44), itemLoading: .lazy, mainScheduler: scheduler,
            deallocQueue: try DeallocQueue())
        node.isInverted = inverted
        node.dataSource = source
        node.viewportSize = viewport
        node.reloadData()
        settleLoads(node, scheduler)
        return (node, source)
    }

    /// Frames until the estimates around the viewport are corrected and the
    /// offset no longer moves.
    func settleScroll(_ node: CollectionNode, _ scheduler: ManualMainScheduler) {
        var previous = CGPoint(x: -1, y: -1)
        var rounds = 0
        while (node.contentOffset != previous || node.isProcessingUpdates || scheduler.pendingJobCount > 0), rounds < 200 {
            previous = node.contentOffset
            node.layoutIfNeeded()
            settleLoads(node, scheduler)
            rounds += 1
        }
    }

    /// The gap, on screen, between the item's edge and where `position` asked it to be.
    func gap(of item: Int, _ node: CollectionNode, at position: ScrollPosition) throws -> CGFloat {
        let shown = node.viewportRect(forContentRect: try #require(node.frameForItem(at: IndexPath(item: item, section: 0))))
        switch position {
        case .bottom: return viewport.height - shown.maxY
        case .top: return shown.minY
        default: return shown.midY - viewport.height / 2
        }
    }

    @Test(arguments: [false, true])
    func scrollingToTheLastOfALazyHundredThousandLandsWithNoGap(inverted: Bool) throws {
        let scheduler = ManualMainScheduler()
        let (node, source) = try lazyList(100_000, inverted: inverted, scheduler: scheduler)
        let last = source.count - 1
        // The last item is at the bottom of the screen, or, inverted, at the top.
        let position: ScrollPosition = inverted ? .top : .bottom
        try node.scrollToItem(at: IndexPath(item: last, section: 0), at: position)
        settleScroll(node, scheduler)
        #expect(try gap(of: last, node, at: position) == 0, "inverted \(inverted)")
        let end = node.layout.contentSize.height - viewport.height
        #expect(node.contentOffset.y == end, "the offset rests at the content's end, not past it")
        let frame = try node.composeFrame(scale: 1)
        expectEachVisibleCellHoldsItsInk(frame, of: node, scale: 1, "inverted \(inverted)")
        #expect(frame.visibleItems.last == IndexPath(item: last, section: 0))
        #expect(frame.blankItems.isEmpty)
    }

    @Test(arguments: [false, true])
    func scrollingToTheMiddleOfALazyHundredThousandCentresIt(inverted: Bool) throws {
        let scheduler = ManualMainScheduler()
        let (node, source) = try lazyList(100_000, inverted: inverted, scheduler: scheduler)
        defer { withExtendedLifetime(source) {} }
        for (item, position) in [(50_000, ScrollPosition.centeredVertically), (50_000, .bottom), (70_001, .top)] {
            try node.scrollToItem(at: IndexPath(item: item, section: 0), at: position)
            settleScroll(node, scheduler)
            #expect(abs(try gap(of: item, node, at: position)) < 0.5,
                    "item \(item) at \(position), inverted \(inverted): offset \(node.contentOffset), visible \(node.indexPathsForVisibleItems.map(\.item))")
        }
    }

    @Test func aScrollAskedWhileUpdatesAreInFlightIsCarriedOutWhenTheyCommit() throws {
        let scheduler = ManualMainScheduler()
        let (node, source) = try lazyList(1_000, scheduler: scheduler)
        source.count = 100_000
        node.reloadData()
        #expect(node.isProcessingUpdates)
        try node.scrollToItem(at: IndexPath(item: 99_999, section: 0), at: .bottom)
        settleScroll(node, scheduler)
        #expect(try gap(of: 99_999, node, at: .bottom) == 0)
        #expect(node.diagnostics.isEmpty, "\(node.diagnostics.diagnostics)")
    }

    @Test func theOffsetNeverRestsPastTheEndWhenTheContentShrinks() throws {
        let scheduler = ManualMainScheduler()
        let (node, source) = try lazyList(2_000, scheduler: scheduler)
        node.contentOffset.y = node.layout.contentSize.height - viewport.height
        settleScroll(node, scheduler)
        try node.performBatchUpdates {
            source.count = 10
            try node.deleteItems(at: (10 ..< 2_000).map { IndexPath(item: $0, section: 0) })
        }
        settleScroll(node, scheduler)
        #expect(node.contentOffset.y == max(node.layout.contentSize.height - viewport.height, 0))
        let frame = try node.composeFrame(scale: 1)
        expectEachVisibleCellHoldsItsInk(frame, of: node, scale: 1)
        #expect(frame.blankItems.isEmpty)
    }

    @Test(arguments: [false, true])
    func aPageAskedForWhileItsInsertIsInFlightIsShownWhenItCommits(inverted: Bool) throws {
        let scheduler = ManualMainScheduler()
        let source = ColoredSource(count: 3)
        let pager = PagerNode(mainScheduler: scheduler, deallocQueue: try DeallocQueue())
        pager.isInverted = inverted
        pager.dataSource = source
        pager.viewportSize = CGSize(width: 300, height: 400)
        pager.reloadData()
        settleLoads(pager, scheduler)
        try pager.performBatchUpdates {
            source.count = 8
            try pager.insertItems(at: (3 ..< 8).map { IndexPath(item: $0, section: 0) })
        }
        pager.scrollToPage(at: 6)
        settleScroll(pager, scheduler)
        #expect(pager.currentPageIndex == 6, "inverted \(inverted)")
        let shown = pager.viewportRect(forContentRect: try #require(pager.frameForItem(at: IndexPath(item: 6, section: 0))))
        #expect(shown == CGRect(x: 0, y: 0, width: 300, height: 400))
        #expect(pager.diagnostics.isEmpty)
    }
}
