public import WeftCore
public import Foundation
public import WeftDataController
public import WeftElementMap

/// A grid with a fixed number of columns (vertical) or rows (horizontal) of
/// equal items, as a flow layout with a fixed item size places them.
///
/// Items fill a line (a row of a vertical grid) of ``columns`` items, left to
/// right, then the next line; each section starts a new line, after its headers
/// (`ElementKind.sectionHeader`, items 0, 1, ... of that kind, one after the
/// other), and ends with its footers;
/// headers and footers span the breadth, are as long as their nodes measured
/// them, and are followed by ``lineSpacing``. Every line is
/// ``itemLength`` long along the scroll axis, lines are ``lineSpacing`` apart,
/// and the viewport's breadth is shared by the columns, ``interitemSpacing``
/// apart. Node sizes do not move items: a grid of fixed lines stays O(log *s*)
/// per query even when an insert reflows every line after it.
///
/// Sections' lengths follow from their item counts and sit in a Fenwick tree:
/// rect queries cost O(log *s* + *k*), a batch update O(*s*).
@MainActor
public final class GridLayout: CollectionLayout {
    public let scrollAxis: ScrollAxis
    /// Items per line.
    public let columns: Int
    /// The length of every line along the scroll axis.
    public let itemLength: CGFloat
    /// The gap between consecutive lines.
    public let lineSpacing: CGFloat
    /// The gap between items of a line.
    public let interitemSpacing: CGFloat

    private var index = _SectionIndex()
    private var sectionLengths = _Fenwick<Double>()
    private var supplements = _SectionSupplements()
    private var breadth: CGFloat = 0

    /// Creates an empty grid layout.
    ///
    /// - Parameters:
    ///   - columns: Items per line; at least 1.
    ///   - itemLength: The length of each line along the axis; finite, not negative.
    ///   - axis: The scroll axis.
    ///   - lineSpacing: The gap between lines; finite, not negative.
    ///   - interitemSpacing: The gap between items of a line; finite, not negative.
    /// - Throws: ``RangeError/invalidColumnCount(_:)`` or
    ///   ``RangeError/invalidParameter(name:value:)`` naming the bad value.
    public init(
        columns: Int, itemLength: CGFloat, axis: ScrollAxis = .vertical,
        lineSpacing: CGFloat = 0, interitemSpacing: CGFloat = 0
    ) throws(RangeError) {
        guard columns >= 1 else { throw .invalidColumnCount(columns) }
        try RangeError.checkNonNegativeFinite(itemLength, name: "itemLength")
        try RangeError.checkNonNegativeFinite(lineSpacing, name: "lineSpacing")
        try RangeError.checkNonNegativeFinite(interitemSpacing, name: "interitemSpacing")
        self.columns = columns
        self.itemLength = itemLength
        scrollAxis = axis
        self.lineSpacing = lineSpacing
        self.interitemSpacing = interitemSpacing
    }

    /// A line and the spacing after it.
    private var lineSlot: Double { Double(itemLength + lineSpacing) }

    /// The breadth of one item.
    private var itemBreadth: CGFloat {
        max(0, (breadth - interitemSpacing * CGFloat(columns - 1)) / CGFloat(columns))
    }

    public var contentSize: CGSize {
        let total = sectionLengths.total
        return scrollAxis.size(length: total == 0 ? 0 : total - lineSpacing, breadth: breadth)
    }

    /// - Complexity: O(*s*) for *s* sections.
    public func prepare(for map: ElementMap<CollectionElement>, viewportSize: CGSize) {
        breadth = scrollAxis.breadth(of: viewportSize)
        supplements = _SectionSupplements(map: map, axis: scrollAxis, spacing: lineSpacing)
        reindex(itemCounts: (0 ..< map.numberOfSections).map { map.numberOfItems(inSection: $0) })
    }

    /// - Complexity: O(*s*) for *s* sections.
    public func apply(_ update: DataUpdate) {
        if update.changeSet.includesReloadData {
            supplements = _SectionSupplements(map: update.map, axis: scrollAxis, spacing: lineSpacing)
        } else {
            supplements.apply(update, axis: scrollAxis, spacing: lineSpacing)
        }
        reindex(itemCounts: update.changeSet.newItemCounts)
    }

    /// - Complexity: O(1).
    /// Exactly one cell: the breadth the columns share, and ``itemLength`` along
    /// the scroll axis, so a node is measured at the size it is laid out at.
    public func itemSizeRange(forViewportSize viewportSize: CGSize) -> SizeRange? {
        let breadth = scrollAxis.breadth(of: viewportSize)
        let cell = max(0, (breadth - interitemSpacing * CGFloat(columns - 1)) / CGFloat(columns))
        let size = scrollAxis.size(length: itemLength, breadth: cell)
        // A viewport of NaN or infinite breadth measures at 0 there, never traps.
        return SizeRange(sanitizingMin: size, max: size)
    }

    public func viewportSizeDidChange(to size: CGSize) {
        breadth = scrollAxis.breadth(of: size)
    }

    /// - Complexity: O(log *s*).
    public func frameForItem(at indexPath: IndexPath) -> CGRect? {
        guard index.ordinal(of: indexPath) != nil else { return nil }
        return frame(section: indexPath.section, item: indexPath.item)
    }

    /// - Complexity: O(log *s* + *k*) for *k* items in the lines that `rect` crosses.
    public func indexPathsForItems(in rect: CGRect) -> [IndexPath] {
        let cross = scrollAxis.crossSpan(of: rect)
        let along = scrollAxis.span(of: rect)
        let step = itemBreadth + interitemSpacing
        var result: [IndexPath] = []
        index.forEachPosition(in: itemOrdinals(alongScrollAxisFrom: along.min, to: along.max)) { section, item in
            let start = CGFloat(item % columns) * step
            if _overlaps(start, start + itemBreadth, cross.min, cross.max) {
                result.append(IndexPath(item: item, section: section))
            }
        }
        return result
    }

    /// - Complexity: O(log *s*).
    public func firstItemOrdinal(endingAfter offset: CGFloat) -> Int {
        // A line ends past `offset` when its slot ends past `offset + lineSpacing`.
        let bound = Double(offset + lineSpacing)
        guard lineSlot > 0 else { return offset < 0 ? 0 : index.itemTotal }
        let section = sectionLengths.leadingCount(withPrefixBelow: bound, orEqual: true)
        guard section < index.numberOfSections else { return index.itemTotal }
        let local = bound - sectionLengths.prefix(section) - supplements.header(ofSection: section)
        let line = max(0, (local / lineSlot).rounded(.down))
        return ordinal(section: section, line: line)
    }

    /// - Complexity: O(log *s*).
    public func firstItemOrdinal(startingAtOrAfter offset: CGFloat) -> Int {
        guard offset > 0 else { return 0 }
        guard lineSlot > 0 else { return index.itemTotal }
        let bound = Double(offset)
        let section = sectionLengths.leadingCount(withPrefixBelow: bound, orEqual: false)
        guard section < index.numberOfSections else { return index.itemTotal }
        let local = bound - sectionLengths.prefix(section) - supplements.header(ofSection: section)
        // An offset within the header comes before every line of the section.
        let line = local <= 0 ? 0 : (local / lineSlot).rounded(.up)
        return ordinal(section: section, line: line)
    }

    /// The ordinal of the first item of `line` in `section`, or of the first item
    /// after the section if it has fewer lines.
    private func ordinal(section: Int, line: Double) -> Int {
        let count = index.numberOfItems(inSection: section)
        guard line < Double(count) else { return index.firstOrdinal(ofSection: section) + count }
        // `columns` may be as large as Int.max: a product past it is past the section.
        let (first, overflowed) = Int(line).multipliedReportingOverflow(by: columns)
        return index.firstOrdinal(ofSection: section) + (overflowed ? count : min(count, first))
    }

    /// The lines `count` items fill, without the overflow of `(count + columns - 1) / columns`.
    private func lines(holding count: Int) -> Int {
        count / columns + (count % columns == 0 ? 0 : 1)
    }

    private func frame(section: Int, item: Int) -> CGRect {
        let start = sectionLengths.prefix(section) + supplements.header(ofSection: section)
            + Double(item / columns) * lineSlot
        let crossStart = CGFloat(item % columns) * (itemBreadth + interitemSpacing)
        return scrollAxis.rect(start: CGFloat(start), length: itemLength, crossStart: crossStart, breadth: itemBreadth)
    }

    /// Whether a section has a header or a footer.
    public var placesSupplementaryElements: Bool { !supplements.isEmpty }

    /// - Complexity: O(log *s* + *h*) for *h* elements of the kind before it in its section.
    public func frameForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> CGRect? {
        supplements.frame(
            ofKind: kind, at: indexPath, sectionLengths: sectionLengths, spacing: lineSpacing, axis: scrollAxis, breadth: breadth)
    }

    /// - Complexity: O(log *s* + *k*) for *k* elements returned.
    public func supplementaryElements(in rect: CGRect) -> [(kind: String, indexPath: IndexPath)] {
        supplements.elements(in: rect, sectionLengths: sectionLengths, spacing: lineSpacing, axis: scrollAxis, breadth: breadth)
    }

    private func sectionLength(section: Int, count: Int) -> Double {
        Double(lines(holding: count)) * lineSlot + supplements.total(ofSection: section)
    }

    private func reindex(itemCounts: [Int]) {
        index = _SectionIndex(itemCounts: itemCounts)
        sectionLengths = _Fenwick(itemCounts.enumerated().map { sectionLength(section: $0.offset, count: $0.element) })
    }

    #if WEFT_INTERNAL_CHECKS
    /// Traps unless the section lengths match the item counts. O(*s* log *s*).
    package func _checkInvariants() {
        index._checkInvariants()
        sectionLengths._checkInvariants()
        for (section, count) in index.itemCounts.enumerated() {
            precondition(sectionLengths.values[section] == sectionLength(section: section, count: count),
                         "section \(section) length is stale")
        }
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
