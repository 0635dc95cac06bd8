import Foundation
import WeftDataController
import WeftElementMap

/// The slots (length along the scroll axis plus the spacing after it) that each
/// section's headers and footers take in a list or grid: a section's headers
/// (items 0, 1, ... of `ElementKind.sectionHeader`) come one after the other
/// before its items, its footers one after the other after them.
///
/// Kept section by section and carried through a batch update like the
/// sections themselves, so that an update reads the map only for the sections
/// it inserts: O(*k* + *s*) per update, never a lookup per section.
struct _SectionSupplements {
    private(set) var headers: [_SupplementarySlots] = []
    private(set) var footers: [_SupplementarySlots] = []

    /// Whether any section has a header or a footer; the layouts skip all
    /// supplementary work when none has.
    private(set) var isEmpty = true

    init() {}

    /// Reads every section's headers and footers from `map`. O(*s* log *n*).
    init(map: ElementMap<CollectionElement>, axis: ScrollAxis, spacing: CGFloat) {
        let sections = 0 ..< map.numberOfSections
        headers = sections.map { _SupplementarySlots.read(map, ElementKind.sectionHeader, $0, axis, spacing) }
        footers = sections.map { _SupplementarySlots.read(map, ElementKind.sectionFooter, $0, axis, spacing) }
        refreshEmptiness()
    }

    /// Follows a batch update: deleted sections leave, moved ones carry their
    /// slots, inserted (and reloaded) ones and those whose supplementary
    /// elements were asked again are read from `update.map`.
    mutating func apply(_ update: DataUpdate, axis: ScrollAxis, spacing: CGFloat) {
        let edits = update.changeSet.normalized
        let repopulated = update.sectionsWithReloadedSupplementaryElements
        guard !edits.deletedSections.isEmpty || !edits.insertedSections.isEmpty || !edits.movedSections.isEmpty
            || !repopulated.isEmpty
        else {
            return
        }
        var moved: [Int: (_SupplementarySlots, _SupplementarySlots)] = [:]
        let destinations = Dictionary(uniqueKeysWithValues: edits.movedSections.map { ($0.from, $0.to) })
        for section in (edits.deletedSections + edits.movedSections.map(\.from)).sorted(by: >) {
            let slots = (headers.remove(at: section), footers.remove(at: section))
            if let destination = destinations[section] { moved[destination] = slots }
        }
        for section in (edits.insertedSections + edits.movedSections.map(\.to)).sorted() {
            let slots = moved[section] ?? (
                _SupplementarySlots.read(update.map, ElementKind.sectionHeader, section, axis, spacing),
                _SupplementarySlots.read(update.map, ElementKind.sectionFooter, section, axis, spacing))
            headers.insert(slots.0, at: section)
            footers.insert(slots.1, at: section)
        }
        for section in repopulated where headers.indices.contains(section) {
            headers[section] = _SupplementarySlots.read(update.map, ElementKind.sectionHeader, section, axis, spacing)
            footers[section] = _SupplementarySlots.read(update.map, ElementKind.sectionFooter, section, axis, spacing)
        }
        refreshEmptiness()
    }

    /// The headers' and the footers' slots of `section`, together.
    func total(ofSection section: Int) -> Double {
        isEmpty ? 0 : headers[section].total + footers[section].total
    }

    /// The headers' slots of `section`, together: where its items start.
    func header(ofSection section: Int) -> Double {
        isEmpty ? 0 : headers[section].total
    }

    /// The footers' slots of `section`, together.
    func footer(ofSection section: Int) -> Double {
        isEmpty ? 0 : footers[section].total
    }

    private mutating func refreshEmptiness() {
        isEmpty = !headers.contains { $0.total > 0 } && !footers.contains { $0.total > 0 }
    }

    /// The frame of the `kind` element at `indexPath`, given the sections'
    /// lengths, or `nil` if the section has no such element.
    ///
    /// - Complexity: O(log *s* + *h*) for *h* elements of the kind before it.
    func frame(
        ofKind kind: String, at indexPath: IndexPath, sectionLengths: _Fenwick<Double>, spacing: CGFloat,
        axis: ScrollAxis, breadth: CGFloat
    ) -> CGRect? {
        guard !isEmpty, indexPath.count == 2, headers.indices.contains(indexPath.section) else { return nil }
        let section = indexPath.section
        let start = sectionLengths.prefix(section)
        let slot: (start: Double, length: Double)
        switch kind {
        case ElementKind.sectionHeader:
            guard let header = headers[section].slot(at: indexPath.item) else { return nil }
            slot = (start + header.start, header.length)
        case ElementKind.sectionFooter:
            guard let footer = footers[section].slot(at: indexPath.item) else { return nil }
            slot = (start + sectionLengths.values[section] - footers[section].total + footer.start, footer.length)
        default:
            return nil
        }
        return axis.rect(start: CGFloat(slot.start), length: CGFloat(slot.length) - spacing, crossStart: 0, breadth: breadth)
    }

    /// The headers and footers whose frames overlap `rect`, in order along the axis.
    ///
    /// - Complexity: O(log *s* + *k* + *h*) for *k* sections that overlap and
    ///   their *h* headers and footers.
    func elements(
        in rect: CGRect, sectionLengths: _Fenwick<Double>, spacing: CGFloat, axis: ScrollAxis, breadth: CGFloat
    ) -> [(kind: String, indexPath: IndexPath)] {
        let cross = axis.crossSpan(of: rect)
        let (lower, upper) = axis.span(of: rect)
        guard !isEmpty, lower < upper, _overlaps(0, breadth, cross.min, cross.max) else { return [] }
        var result: [(kind: String, indexPath: IndexPath)] = []
        var section = sectionLengths.leadingCount(withPrefixBelow: Double(lower), orEqual: true)
        while section < headers.count {
            let start = sectionLengths.prefix(section)
            guard start < Double(upper) else { break }
            let footerStart = start + sectionLengths.values[section] - footers[section].total
            func collect(_ kind: String, _ slots: _SupplementarySlots, from origin: Double) {
                slots.forEachSlot { item, slotStart, length in
                    let from = origin + slotStart
                    if _overlaps(CGFloat(from), CGFloat(from + length) - spacing, lower, upper) {
                        result.append((kind, IndexPath(item: item, section: section)))
                    }
                }
            }
            collect(ElementKind.sectionHeader, headers[section], from: start)
            collect(ElementKind.sectionFooter, footers[section], from: footerStart)
            section += 1
        }
        return result
    }
}
