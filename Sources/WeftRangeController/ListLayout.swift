public import Foundation
public import WeftChangeSet
public import WeftDataController
public import WeftElementMap

/// A single column (vertical) or row (horizontal) of items, each as long as its
/// node measured it, as `UITableView` or a one-column flow layout places them.
///
/// An item's length along the axis is its node's measured size
/// (`calculatedLayout`); an element whose node is absent or unmeasured takes its
/// `constrainedSize.min` until ``invalidateItems(at:in:)`` reads it again. An
/// absent item (a lazy collection's item with no element yet) takes an estimate:
/// the mean length of the items measured so far in its section, or in any
/// section, or ``estimatedItemLength`` before any was measured. The estimate
/// follows each measurement in O(log *s*), however many items take it. Items
/// span the viewport across the axis, and consecutive items are ``spacing``
/// apart, across section boundaries too. A section's headers
/// (`ElementKind.sectionHeader`, items 0, 1, ... of that kind) come one after
/// the other before its first item and its footers after its last, each as
/// long as its node measured it and followed by the same spacing.
///
/// Each section keeps its item lengths in a balanced tree with subtree sums, and
/// the sections' totals sit in a Fenwick tree, so a rect query is O(log *n* + *k*)
/// and a batch update of *k* edits O(*k* log *n* + *s*), at any size.
@MainActor
public final class ListLayout: CollectionLayout {
    public let scrollAxis: ScrollAxis

    /// The gap between consecutive items along the axis.
    public let spacing: CGFloat

    /// The length an absent item takes before any item was measured.
    public let estimatedItemLength: CGFloat

    /// Each section's item slots (length + spacing), in item order.
    private var sections: [_LengthSequence] = []
    /// Each section's measured item lengths so far, for its estimate.
    private var measured: [_MeanLength] = []
    /// Every section's, for sections with none measured yet.
    private var measuredAnywhere = _MeanLength()
    /// Each section's total slot length.
    private var sectionLengths = _Fenwick<Double>()
    private var index = _SectionIndex()
    private var supplements = _SectionSupplements()
    private var breadth: CGFloat = 0
    /// Changes with every edit of the lengths, unique across layouts: what a
    /// plan made in step 3 was made for (see ``preparation(for:)``).
    private var version = ListLayout.nextVersion()

    private static var versions = 0

    /// How many commits took lengths computed in step 3. For tests.
    package private(set) var _preparationsTaken = 0

    private static func nextVersion() -> Int {
        versions += 1
        return versions
    }

    /// Creates an empty list layout.
    ///
    /// - Parameters:
    ///   - axis: The scroll axis: `.vertical` for a column, `.horizontal` for a row.
    ///   - spacing: The gap between consecutive items; finite and not negative.
    ///   - estimatedItemLength: The length of an absent item before any item was
    ///     measured; finite and positive (44 points by default, a table row).
    /// - Throws: ``RangeError/invalidParameter(name:value:)`` for a negative,
    ///   NaN or infinite spacing or a non-positive estimate.
    public init(axis: ScrollAxis = .vertical, spacing: CGFloat = 0, estimatedItemLength: CGFloat = 44) throws(RangeError) {
        try RangeError.checkNonNegativeFinite(spacing, name: "spacing")
        try RangeError.checkNonNegativeFinite(estimatedItemLength, name: "estimatedItemLength")
        // A zero estimate would put every absent item of a section in any range.
        guard estimatedItemLength > 0 else { throw .invalidParameter(name: "estimatedItemLength", value: estimatedItemLength) }
        scrollAxis = axis
        self.spacing = spacing
        self.estimatedItemLength = estimatedItemLength
    }

    public var contentSize: CGSize {
        let total = sectionLengths.total
        return scrollAxis.size(length: total == 0 ? 0 : total - spacing, breadth: breadth)
    }

    /// - Complexity: O(*n*) for *n* items.
    public func prepare(for map: ElementMap<CollectionElement>, viewportSize: CGSize) {
        prepare(for: map, viewportSize: viewportSize, preparation: nil)
    }

    /// Takes the lengths step 3 laid out for `map` when `preparation` holds
    /// them, made for this layout unchanged since; lays out every item otherwise.
    ///
    /// - Complexity: O(*s*) for *s* sections with the lengths of step 3; O(*n*)
    ///   for *n* items otherwise.
    public func prepare(for map: ElementMap<CollectionElement>, viewportSize: CGSize, preparation: (any Sendable)?) {
        let prepared = (preparation as? _ListLayoutSections).flatMap { $0.version == version ? $0 : nil }
        if prepared != nil { _preparationsTaken += 1 }
        let laidOut = prepared
            ?? _ListLayoutSections(
                map, axis: scrollAxis, spacing: spacing, estimatedItemLength: estimatedItemLength, version: version)
        version = Self.nextVersion()
        breadth = scrollAxis.breadth(of: viewportSize)
        sections = laidOut.sections
        measured = laidOut.measured
        measuredAnywhere = laidOut.measuredAnywhere
        supplements = _SectionSupplements(map: map, axis: scrollAxis, spacing: spacing)
        reindex(itemCounts: sections.map(\.count))
    }

    /// Step 3 work for a `reloadData` (every section's lengths) or for an
    /// update with sections edited in bulk (those sections rebuilt): the
    /// commit then swaps them in, in O(*s*) for *s* sections, if the layout
    /// did not change since this call. `nil` for other updates, which cost
    /// main O(*k* log *n*) at the commit.
    ///
    /// - Complexity: O(*k* + *s*) on main for *k* edits; the work is O(*n*)
    ///   for a `reloadData` and O(*m* + *k* log *k*) for *m* items in bulk
    ///   sections otherwise.
    public func preparation(for changeSet: CompletedChangeSet) -> CommitPreparation? {
        let version = version, axis = scrollAxis, spacing = spacing, estimatedItemLength = estimatedItemLength
        if changeSet.includesReloadData {
            return { map in
                _ListLayoutSections(map, axis: axis, spacing: spacing, estimatedItemLength: estimatedItemLength, version: version)
            }
        }
        let bulk = _ListLayoutPlan.sectionsEditedInBulk(changeSet)
        guard !bulk.isEmpty else { return nil }
        // Only the bulk sections' lengths: main may edit any other while step 3 runs without copying it.
        let old = Dictionary(uniqueKeysWithValues: bulk.values.map { ($0, sections[$0]) })
        return { map in
            var plan = _ListLayoutPlan(changeSet, in: map, axis: axis, spacing: spacing, version: version, bulk: bulk)
            plan.rebuildBulkSections(from: old)
            return plan
        }
    }

    /// - Complexity: O(*k* log *n* + *s*) for *k* edits, *n* items and *s*
    ///   sections, plus O(*m*) for the *m* items of inserted sections and of
    ///   sections with more than one edit per hundred items (rebuilt in one
    ///   pass, which is faster then, and in step 3 when ``preparation(for:)``
    ///   ran); O(*n*) for a `reloadData`.
    public func apply(_ update: DataUpdate) {
        let changeSet = update.changeSet
        guard !changeSet.includesReloadData else {
            prepare(for: update.map, viewportSize: scrollAxis.size(length: 0, breadth: breadth), preparation: update.preparation)
            return
        }
        let prepared = (update.preparation as? _ListLayoutPlan).flatMap { $0.version == version ? $0 : nil }
        if prepared != nil { _preparationsTaken += 1 }
        let plan = prepared
            ?? _ListLayoutPlan(changeSet, in: update.map, axis: scrollAxis, spacing: spacing, version: version)
        version = Self.nextVersion()
        let edits = changeSet.normalized
        for path in plan.removedItems { sections[path.section].remove(at: path.item) }
        var movedSections: [Int: _LengthSequence] = [:]
        let sectionSources = Dictionary(uniqueKeysWithValues: edits.movedSections.map { ($0.from, $0.to) })
        var movedMeans: [Int: _MeanLength] = [:]
        for section in (edits.deletedSections + edits.movedSections.map(\.from)).sorted(by: >) {
            let removed = sections.remove(at: section)
            let mean = measured.remove(at: section)
            if let destination = sectionSources[section] {
                movedSections[destination] = removed
                movedMeans[destination] = mean
            }
        }
        // New index space: sections arrive, then items.
        for section in (edits.insertedSections + edits.movedSections.map(\.to)).sorted() {
            if let moved = movedSections[section] {
                sections.insert(moved, at: section)
                measured.insert(movedMeans[section] ?? _MeanLength(), at: section)
            } else {
                let (lengths, mean) = _ListLayoutSections.makeSection(
                    of: update.map, section: section, axis: scrollAxis, spacing: spacing,
                    estimatedItemLength: estimatedItemLength, measuredAnywhere: &measuredAnywhere)
                sections.insert(lengths, at: section)
                measured.insert(mean, at: section)
            }
        }
        for (path, slot) in plan.insertedItems { sections[path.section].insert(slot, at: path.item) }
        for (section, oldSection) in plan.bulk {
            if let rebuilt = plan.rebuilt[section] {
                sections[section] = rebuilt
            } else {
                sections[section].rebuild(
                    removing: plan.bulkRemovals[oldSection] ?? [], inserting: plan.bulkInsertions[section] ?? [])
            }
        }
        for (section, slots) in plan.recorded.sorted(by: { $0.key < $1.key }) {
            measured[section].add(slots)
            measuredAnywhere.add(slots)
        }
        for section in plan.recorded.keys { sections[section].estimate = estimatedSlot(inSection: section) }
        supplements.apply(update, axis: scrollAxis, spacing: spacing)
        reindex(itemCounts: changeSet.newItemCounts)
    }

    /// - Complexity: O(1).
    public func viewportSizeDidChange(to size: CGSize) {
        breadth = scrollAxis.breadth(of: size)
    }

    /// - Complexity: O(*k* log *n*) for *k* index paths.
    public func invalidateItems(at indexPaths: [IndexPath], in map: ElementMap<CollectionElement>) {
        version = Self.nextVersion()
        for path in indexPaths {
            guard index.ordinal(of: path) != nil, let element = map.element(at: path) else { continue }
            let length = slot(of: element)
            record(length, inSection: path.section)
            sections[path.section].setLength(length, at: path.item)
            sections[path.section].estimate = estimatedSlot(inSection: path.section)
            sectionLengths.set(sectionLength(path.section), at: path.section)
        }
    }

    /// - Complexity: O(log *n*).
    public func frameForItem(at indexPath: IndexPath) -> CGRect? {
        guard index.ordinal(of: indexPath) != nil else { return nil }
        let section = sections[indexPath.section]
        let start = sectionLengths.prefix(indexPath.section) + supplements.header(ofSection: indexPath.section)
            + section.prefix(indexPath.item)
        let length = section.length(at: indexPath.item) - spacing
        return scrollAxis.rect(start: start, length: length, crossStart: 0, breadth: breadth)
    }

    /// - Complexity: O(log *n* + *k*) for *k* items returned.
    public func indexPathsForItems(in rect: CGRect) -> [IndexPath] {
        let cross = scrollAxis.crossSpan(of: rect)
        guard _overlaps(0, breadth, cross.min, cross.max) else { return [] }
        let along = scrollAxis.span(of: rect)
        return index.indexPaths(at: itemOrdinals(alongScrollAxisFrom: along.min, to: along.max))
    }

    /// An item ends past `offset` when its slot (item and the spacing after it)
    /// ends past `offset + spacing`.
    ///
    /// - Complexity: O(log *n*).
    public func firstItemOrdinal(endingAfter offset: CGFloat) -> Int {
        let bound = Double(offset + spacing)
        let section = sectionLengths.leadingCount(withPrefixBelow: bound, orEqual: true)
        guard section < sections.count else { return index.itemTotal }
        let local = bound - sectionLengths.prefix(section) - supplements.header(ofSection: section)
        let item = sections[section].leadingCount(withPrefixBelow: local, orEqual: true)
        return index.firstOrdinal(ofSection: section) + min(item, sections[section].count)
    }

    /// - Complexity: O(log *n*).
    public func firstItemOrdinal(startingAtOrAfter offset: CGFloat) -> Int {
        guard offset > 0 else { return 0 }
        let bound = Double(offset)
        // Section `section` is the last that starts before `offset` (sections
        // start where the previous ones' slots end); the answer is in it, or is
        // the first item after it.
        let section = sectionLengths.leadingCount(withPrefixBelow: bound, orEqual: false)
        guard section < sections.count else { return index.itemTotal }
        let local = bound - sectionLengths.prefix(section) - supplements.header(ofSection: section)
        // An offset within the header comes before every item of the section.
        let item = local <= 0 ? 0 : sections[section].leadingCount(withPrefixBelow: local, orEqual: false) + 1
        return index.firstOrdinal(ofSection: section) + min(item, sections[section].count)
    }

    /// Whether a section has a header or a footer.
    public var placesSupplementaryElements: Bool { !supplements.isEmpty }

    /// - Complexity: O(log *s* + *h*) for *h* elements of the kind before it in its section.
    public func frameForSupplementaryElement(ofKind kind: String, at indexPath: IndexPath) -> CGRect? {
        supplements.frame(
            ofKind: kind, at: indexPath, sectionLengths: sectionLengths, spacing: spacing, axis: scrollAxis, breadth: breadth)
    }

    /// - Complexity: O(log *s* + *k*) for *k* elements returned.
    public func supplementaryElements(in rect: CGRect) -> [(kind: String, indexPath: IndexPath)] {
        supplements.elements(in: rect, sectionLengths: sectionLengths, spacing: spacing, axis: scrollAxis, breadth: breadth)
    }

    private func sectionLength(_ section: Int) -> Double {
        sections[section].total + supplements.total(ofSection: section)
    }

    private func slot(of element: CollectionElement) -> Double {
        slot(ofSize: element._layoutSize)
    }

    /// The slot of an item laid out at `size`: its length along the scroll axis and the spacing after it.
    private func slot(ofSize size: CGSize) -> Double {
        Double(scrollAxis.length(of: size) + spacing)
    }

    private func estimatedSlot(inSection section: Int) -> Double {
        measured[section].mean ?? measuredAnywhere.mean ?? Double(estimatedItemLength + spacing)
    }

    private func record(_ slot: Double, inSection section: Int) {
        measured[section].add(slot)
        measuredAnywhere.add(slot)
    }

    private func reindex(itemCounts: [Int]) {
        sectionLengths = _Fenwick(sections.indices.map(sectionLength))
        index = _SectionIndex(itemCounts: itemCounts)
    }

    #if WEFT_INTERNAL_CHECKS
    /// Traps unless every section's tree, the section totals and the item counts
    /// agree. O(*n*).
    package func _checkInvariants() {
        precondition(sections.count == index.numberOfSections, "\(sections.count) sections, index has \(index.numberOfSections)")
        precondition(measured.count == sections.count, "\(measured.count) section estimates for \(sections.count) sections")
        sectionLengths._checkInvariants()
        index._checkInvariants()
        for (number, section) in sections.enumerated() {
            section._checkInvariants()
            precondition(section.count == index.numberOfItems(inSection: number), "section \(number) count is stale")
            let total = sectionLengths.values[number]
            precondition(abs(sectionLength(number) - total) <= 1e-9 * max(1, abs(total)), "section \(number) length is stale")
        }
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
