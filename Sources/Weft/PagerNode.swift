public import WeftCore
public import WeftDataController
public import WeftHeadless
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
    ///   - view: The backing view; a new `HeadlessCollectionView` by default.
    ///   - mainScheduler: Where commits and coalesced range updates run.
    ///   - deallocQueue: Where removed pages and nodes are released.
    ///   - diagnostics: Where every layer reports; a new log by default.
    public init(
        itemLoading: DataController.ItemLoading = .eager,
        view: any CollectionBackingView = HeadlessCollectionView(),
        mainScheduler: any MainScheduler = .dispatchMain, deallocQueue: DeallocQueue = .shared,
        diagnostics: DiagnosticsLog = DiagnosticsLog()
    ) {
        super.init(
            layout: PagerLayout(axis: .horizontal), view: view, itemLoading: itemLoading,
            mainScheduler: mainScheduler, deallocQueue: deallocQueue, diagnostics: diagnostics)
    }

    /// The page shown: the one under the viewport's origin.
    public var currentPageIndex: Int {
        let width = viewportSize.width
        guard width > 0 else { return 0 }
        return max(Int((contentOffset.x / width).rounded()), 0)
    }

    /// Scrolls to `page` in one step.
    public func scrollToPage(at page: Int) {
        contentOffset = CGPoint(x: CGFloat(max(page, 0)) * viewportSize.width, y: 0)
    }
}
