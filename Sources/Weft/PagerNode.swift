public import WeftCore
public import WeftDataController
public import WeftMemory
import Foundation
import WeftRangeController

/// One page per viewport, scrolled horizontally: `ASPagerNode`. Every page is
/// measured to exactly the viewport's size.
@MainActor
public final class PagerNode: CollectionNode {
    /// Creates a horizontal pager.
    ///
    /// - Parameters:
    ///   - itemLoading: When pages get their nodes: at their update (the default)
    ///     or when they enter the measure range (`DataController.ItemLoading.lazy`).
    ///   - view: The backing view; none by default.
    ///   - mainScheduler: Where commits and coalesced range updates run.
    ///   - deallocQueue: Where removed pages and nodes are released.
    ///   - diagnostics: Where every layer reports; a new log by default.
    public init(
        itemLoading: DataController.ItemLoading = .eager,
        view: (any ContainerBackingView)? = nil,
        mainScheduler: any MainScheduler = .dispatchMain, deallocQueue: DeallocQueue = .shared,
        diagnostics: DiagnosticsLog = DiagnosticsLog()
    ) {
        super.init(
            layout: PagerLayout(axis: .horizontal), view: view, itemLoading: itemLoading,
            mainScheduler: mainScheduler, deallocQueue: deallocQueue, diagnostics: diagnostics)
    }

    /// The page shown: the one under the viewport's origin, within the pages
    /// there are (0 when there are none, or the offset or width is not finite).
    public var currentPageIndex: Int {
        let width = viewportSize.width
        let pages = numberOfPages
        guard width > 0, width.isFinite, pages > 0 else { return 0 }
        let page = (contentOffset.x / width).rounded()
        guard page.isFinite, page > 0 else { return 0 }
        return page >= CGFloat(pages - 1) ? pages - 1 : Int(page)
    }

    /// Scrolls to `page` in one step; a page past the last scrolls to the last.
    /// The page counts include updates in flight: a page they bring is shown
    /// once they commit, and stays shown while they do, as
    /// ``CollectionNode/scrollToItem(at:at:animated:)`` keeps its item.
    public func scrollToPage(at page: Int) {
        var remaining = min(max(page, 0), max(numberOfPages - 1, 0))
        for section in 0 ..< numberOfSections {
            let count = numberOfItems(inSection: section)
            guard remaining >= count else {
                let position: ScrollPosition = layout.scrollAxis == .horizontal ? .left : .top
                do {
                    try scrollToItem(at: IndexPath(item: remaining, section: section), at: position)
                } catch {
                    diagnostics.report(error, layer: .container, indexPaths: [IndexPath(item: remaining, section: section)])
                }
                return
            }
            remaining -= count
        }
    }

    /// The pages in every section, in the data source's index space.
    private var numberOfPages: Int {
        (0 ..< numberOfSections).reduce(0) { $0 + numberOfItems(inSection: $1) }
    }
}
