public import Foundation
import WeftChangeSet
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
        breadth = scrollAxis.breadth(of: viewportSize)
        measured = []
        measuredAnywhere = _MeanLength()
        sections = (0 ..< map.numberOfSections).map { makeSection(of: map, section: $0) }
        supplements = _SectionSupplements(map: map, axis: scrollAxis, spacing: spacing)
        reindex(itemCounts: sections.map(\.count))
    }

    /// - Complexity: O(*k* log *n* + *s*) for *k* edits, *n* items and *s*
    ///   sections, plus O(*m*) for the *m* items of inserted sections and of
    ///   sections with more than one edit per hundred items (rebuilt in one
    ///   pass, which is faster then); O(*n*) for a `reloadData`.
    public func apply(_ update: DataUpdate) {
        let changeSet = update.changeSet
        guard !changeSet.includesReloadData else {
            prepare(for: update.map, viewportSize: scrollAxis.size(length: 0, breadth: breadth))
            return
        }
        let edits = changeSet.normalized
        // Sections with many item edits take them in one pass each; see sectionsEditedInBulk.
        let bulk = sectionsEditedInBulk(changeSet)
        let bulkOld = Set(bulk.values)
        var bulkRemovals: [Int: [Int]] = [:]
        var bulkInsertions: [Int: [(index: Int, length: Double?)]] = [:]
        // Old index space: items leave their sections, then sections leave.
        let removedSections = Set(edits.deletedSections)
        // As _Path, not IndexPath: Foundation's index paths cost several times
        // more to compare and hash, and a 10% update of 100k items has 10k.
        let removedItems = (edits.deletedItems + edits.movedItems.map(\.from))
            .filter { !removedSections.contains($0.section) }
            .map(_Path.init)
            .sorted(by: >)
        for path in removedItems {
            if bulkOld.contains(path.section) {
                bulkRemovals[path.section, default: []].append(path.item)
            } else {
                sections[path.section].remove(at: path.item)
            }
        }
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
                measured.insert(_MeanLength(), at: section)
                sections.insert(makeSection(of: update.map, section: section), at: section)
            }
        }
        let movedTo = Set(edits.movedItems.map { _Path($0.to) })
        var estimatesToRefresh = Set<Int>()
        for path in (edits.insertedItems + edits.movedItems.map(\.to)).map(_Path.init).sorted() {
            // Unretained: a 10% update of 100k items reads 6,666 elements here,
            // and their retains took the slow path (a sixth of this method).
            let length = update.map.unmanagedElement(at: path.indexPath).map { slot(ofSize: $0._layoutSize) }
            // A moved item's length is in its section's estimate already.
            if let length, !movedTo.contains(path) {
                record(length, inSection: path.section)
                estimatesToRefresh.insert(path.section)
            }
            if bulk[path.section] != nil {
                bulkInsertions[path.section, default: []].append((path.item, length))
            } else {
                sections[path.section].insert(length, at: path.item)
            }
        }
        for (section, oldSection) in bulk {
            sections[section].rebuild(removing: bulkRemovals[oldSection] ?? [], inserting: bulkInsertions[section] ?? [])
        }
        for section in estimatesToRefresh { sections[section].estimate = estimatedSlot(inSection: section) }
        supplements.apply(update, axis: scrollAxis, spacing: spacing)
        reindex(itemCounts: changeSet.newItemCounts)
    }

    /// - Complexity: O(1).
    public func viewportSizeDidChange(to size: CGSize) {
        breadth = scrollAxis.breadth(of: size)
    }

    /// - Complexity: O(*k* log *n*) for *k* index paths.
    public func invalidateItems(at indexPaths: [IndexPath], in map: ElementMap<CollectionElement>) {
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

    /// The sections kept from the old map whose item edits are more than 64
    /// and more than one per hundred of their items, by new index, with their
    /// old index: their lengths are edited in one pass
    /// (`_LengthSequence.rebuild(removing:inserting:)`, O(*m* + *k* log *k*))
    /// rather than one edit at a time (O(*k* log *m*), about 2.7 µs an edit at
    /// 100k items).
    private func sectionsEditedInBulk(_ changeSet: CompletedChangeSet) -> [Int: Int] {
        let edits = changeSet.normalized
        guard edits.deletedItems.count + edits.insertedItems.count + 2 * edits.movedItems.count > 64 else { return [:] }
        var counts = [Int](repeating: 0, count: changeSet.newItemCounts.count)
        for path in edits.deletedItems {
            if let section = changeSet.newSection(forOld: path.section) { counts[section] += 1 }
        }
        for move in edits.movedItems {
            if let section = changeSet.newSection(forOld: move.from.section) { counts[section] += 1 }
            counts[move.to.section] += 1
        }
        for path in edits.insertedItems { counts[path.section] += 1 }
        // Inserted (and reloaded) sections are read whole from the map already.
        let fresh = Set(edits.insertedSections)
        var bulk: [Int: Int] = [:]
        for (section, count) in counts.enumerated() where count > 64 && count * 100 > changeSet.newItemCounts[section] {
            if !fresh.contains(section), let old = changeSet.oldSection(forNew: section) { bulk[section] = old }
        }
        return bulk
    }

    private func estimatedSlot(inSection section: Int) -> Double {
        measured[section].mean ?? measuredAnywhere.mean ?? Double(estimatedItemLength + spacing)
    }

    private func record(_ slot: Double, inSection section: Int) {
        measured[section].add(slot)
        measuredAnywhere.add(slot)
    }

    /// The slots of `map`'s section `section`, whose estimate starts from its own
    /// measured items; its mean goes to ``measured`` at `section`, appended if new.
    ///
    /// - Complexity: O(*m*) for *m* items when most have elements; O(*p* log *n*)
    ///   for *p* present items otherwise, and each run of absent items is one node.
    private func makeSection(of map: ElementMap<CollectionElement>, section: Int) -> _LengthSequence {
        if section == measured.count { measured.append(_MeanLength()) }
        let count = map.numberOfItems(inSection: section)
        let present = map.indexesOfPresentItems(inSection: section)
        // The estimate comes from the section's own measured items, known once
        // they are read: set after.
        var lengths = _LengthSequence(count: count, estimate: 0, measuredAtMost: present.count) { appender in
            if present.count > count / 16 {
                map.forEachUnmanagedItem(inSection: section) { index, element in
                    guard let size = element?._layoutSize else { return }
                    let length = slot(ofSize: size)
                    record(length, inSection: section)
                    appender.append(index: index, length: length)
                }
            } else {
                for index in present {
                    guard let size = map.unmanagedElement(at: IndexPath(item: index, section: section))?._layoutSize
                    else { continue }
                    let length = slot(ofSize: size)
                    record(length, inSection: section)
                    appender.append(index: index, length: length)
                }
            }
        }
        lengths.estimate = estimatedSlot(inSection: section)
        return lengths
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
