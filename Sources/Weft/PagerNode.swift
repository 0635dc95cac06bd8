public import WeftCore
public import WeftDataController
public import WeftMemory
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
    public func scrollToPage(at page: Int) {
        let last = max(numberOfPages - 1, 0)
        contentOffset = CGPoint(x: CGFloat(min(max(page, 0), last)) * viewportSize.width, y: 0)
    }

    /// The pages in every section, in the data source's index space.
    private var numberOfPages: Int {
        (0 ..< numberOfSections).reduce(0) { $0 + numberOfItems(inSection: $1) }
    }
}
