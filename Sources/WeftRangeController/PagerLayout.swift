public import WeftCore
public import Foundation
public import WeftDataController
public import WeftElementMap

/// One item per page, each page exactly the viewport, as `ASPagerNode` pages.
///
/// Items follow each other along the scroll axis (horizontal by default) over
/// all sections; the item with ordinal *i* starts at *i* page lengths. Queries
/// are arithmetic plus O(log *s*) to turn ordinals into index paths.
@MainActor
public final class PagerLayout: CollectionLayout {
    public let scrollAxis: ScrollAxis

    private var index = _SectionIndex()
    private var pageSize: CGSize = .zero

    /// Creates an empty pager layout.
    ///
    /// - Parameter axis: The scroll axis; pagers usually scroll horizontally.
    public init(axis: ScrollAxis = .horizontal) {
        scrollAxis = axis
    }

    /// The viewport's length along the axis; 0 for a viewport that is not a
    /// finite, positive length (no page to place), so no query divides by it
    /// or multiplies a count by infinity.
    private var pageLength: CGFloat {
        let length = scrollAxis.length(of: pageSize)
        return length.isFinite && length > 0 ? length : 0
    }

    public var contentSize: CGSize {
        scrollAxis.size(length: CGFloat(index.itemTotal) * pageLength, breadth: scrollAxis.breadth(of: pageSize))
    }

    /// - Complexity: O(*s*) for *s* sections.
    public func prepare(for map: ElementMap<CollectionElement>, viewportSize: CGSize) {
        pageSize = viewportSize
        index = _SectionIndex(itemCounts: (0 ..< map.numberOfSections).map { map.numberOfItems(inSection: $0) })
    }

    /// - Complexity: O(*s*) for *s* sections.
    public func apply(_ update: DataUpdate) {
        index = _SectionIndex(itemCounts: update.changeSet.newItemCounts)
    }

    /// - Complexity: O(1).
    public func viewportSizeDidChange(to size: CGSize) {
        pageSize = size
    }

    /// - Complexity: O(log *s*).
    public func frameForItem(at indexPath: IndexPath) -> CGRect? {
        guard let ordinal = index.ordinal(of: indexPath) else { return nil }
        return scrollAxis.rect(start: CGFloat(ordinal) * pageLength, length: pageLength,
                               crossStart: 0, breadth: scrollAxis.breadth(of: pageSize))
    }

    /// - Complexity: O(log *s* + *k*) for *k* pages returned.
    public func indexPathsForItems(in rect: CGRect) -> [IndexPath] {
        let cross = scrollAxis.crossSpan(of: rect)
        guard _overlaps(0, scrollAxis.breadth(of: pageSize), cross.min, cross.max) else { return [] }
        let along = scrollAxis.span(of: rect)
        return index.indexPaths(at: itemOrdinals(alongScrollAxisFrom: along.min, to: along.max))
    }

    /// - Complexity: O(1).
    public func firstItemOrdinal(endingAfter offset: CGFloat) -> Int {
        guard pageLength > 0 else { return offset < 0 ? 0 : index.itemTotal }
        return clamped((offset / pageLength).rounded(.down))
    }

    /// - Complexity: O(1).
    public func firstItemOrdinal(startingAtOrAfter offset: CGFloat) -> Int {
        guard pageLength > 0 else { return offset <= 0 ? 0 : index.itemTotal }
        return clamped((offset / pageLength).rounded(.up))
    }

    private func clamped(_ page: CGFloat) -> Int {
        page.isNaN || page <= 0 ? 0 : page >= CGFloat(index.itemTotal) ? index.itemTotal : Int(page)
    }

    /// Exactly the viewport: every page is as large as the viewport.
    public func itemSizeRange(forViewportSize viewportSize: CGSize) -> SizeRange? {
        SizeRange(sanitizingMin: viewportSize, max: viewportSize)
    }

    #if WEFT_INTERNAL_CHECKS
    /// Traps unless the section index is consistent. O(*s* log *s*).
    package func _checkInvariants() {
        index._checkInvariants()
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
