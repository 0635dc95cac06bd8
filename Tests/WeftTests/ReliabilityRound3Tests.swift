import Foundation
import Testing
import Weft
import WeftTestSupport

/// The reliability attack's findings (issue "Reliability round 3"), each with the
/// reproducer that trapped, hung or lost data before its fix.
@MainActor
@Suite struct ReliabilityRound3Tests {
    func pager(pages: Int) throws -> (PagerNode, PlainItems) {
        let pager = PagerNode(mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        let items = PlainItems(count: pages)
        pager.dataSource = items
        pager.viewportSize = CGSize(width: 390, height: 844)
        pager.reloadData()
        pager.waitUntilAllUpdatesAreProcessed()
        return (pager, items)
    }

    /// F1: an overscrolled pager's current page trapped converting a huge or NaN offset to `Int`.
    @Test func aPagerOffsetOfAnySizeHasACurrentPageWithinItsPages() throws {
        let (pager, _) = try pager(pages: 5)
        pager.allowsOverscroll = true
        pager.scrollToPage(at: Int.max)
        #expect(pager.currentPageIndex == 4)
        #expect(pager.contentOffset == CGPoint(x: 1_560, y: 0))
        for x in [CGFloat.nan, .infinity, -.infinity, .greatestFiniteMagnitude, -1e300] {
            pager.contentOffset = CGPoint(x: x, y: 0)
            #expect((0 ... 4).contains(pager.currentPageIndex), "offset \(x)")
        }
    }

    /// F2: a pager whose viewport is infinitely wide trapped on `Int(NaN)` in its layout.
    @Test func aPagerWithAnInfiniteViewportLaysOutWithoutTrapping() throws {
        let pager = PagerNode(mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        pager.viewportSize = CGSize(width: CGFloat.infinity, height: 844)
        pager.layoutIfNeeded()
        let items = PlainItems(count: 3)
        pager.dataSource = items
        pager.reloadData()
        pager.waitUntilAllUpdatesAreProcessed()
        pager.layoutIfNeeded()
        #expect(pager.layout.contentSize.width == 0, "no finite page to place")
        #expect(pager.currentPageIndex == 0)
    }
}
