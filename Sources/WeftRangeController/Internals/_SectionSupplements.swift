import Foundation
import WeftDataController
import WeftElementMap

/// The slots (length along the scroll axis plus the spacing after it) that each
/// section's header and footer take in a list or grid; 0 where a section has none.
///
/// Kept section by section and carried through a batch update like the
/// sections themselves, so that an update reads the map only for the sections
/// it inserts: O(*k* + *s*) per update, never a lookup per section.
struct _SectionSupplements {
    private(set) var headers: [Double] = []
    private(set) var footers: [Double] = []

    /// Whether any section has a header or a footer; the layouts skip all
    /// supplementary work when none has.
    private(set) var isEmpty = true

    init() {}

    /// Reads every section's header and footer from `map`. O(*s*).
    init(map: ElementMap<CollectionElement>, axis: ScrollAxis, spacing: CGFloat) {
        let sections = 0 ..< map.numberOfSections
        headers = sections.map { Self.slot(map, ElementKind.sectionHeader, $0, axis, spacing) }
        footers = sections.map { Self.slot(map, ElementKind.sectionFooter, $0, axis, spacing) }
        refreshEmptiness()
    }

    /// Follows a batch update: deleted sections leave, moved ones carry their
    /// slots, inserted (and reloaded) ones are read from `update.map`.
    mutating func apply(_ update: DataUpdate, axis: ScrollAxis, spacing: CGFloat) {
        let edits = update.changeSet.normalized
        guard !edits.deletedSections.isEmpty || !edits.insertedSections.isEmpty || !edits.movedSections.isEmpty else {
            return
        }
        var moved: [Int: (Double, Double)] = [:]
        let destinations = Dictionary(uniqueKeysWithValues: edits.movedSections.map { ($0.from, $0.to) })
        for section in (edits.deletedSections + edits.movedSections.map(\.from)).sorted(by: >) {
            let slots = (headers.remove(at: section), footers.remove(at: section))
            if let destination = destinations[section] { moved[destination] = slots }
        }
        for section in (edits.insertedSections + edits.movedSections.map(\.to)).sorted() {
            let slots = moved[section] ?? (
                Self.slot(update.map, ElementKind.sectionHeader, section, axis, spacing),
                Self.slot(update.map, ElementKind.sectionFooter, section, axis, spacing))
            headers.insert(slots.0, at: section)
            footers.insert(slots.1, at: section)
        }
        refreshEmptiness()
    }

    /// The header's and the footer's slots of `section`.
    func total(ofSection section: Int) -> Double {
        isEmpty ? 0 : headers[section] + footers[section]
    }

    func header(ofSection section: Int) -> Double {
        isEmpty ? 0 : headers[section]
    }

    func footer(ofSection section: Int) -> Double {
        isEmpty ? 0 : footers[section]
    }

    private mutating func refreshEmptiness() {
        isEmpty = !headers.contains { $0 > 0 } && !footers.contains { $0 > 0 }
    }

    /// A kind's slot in `section`: the element's measured length plus `spacing`,
    /// or 0 if the section has no such element.
    private static func slot(
        _ map: ElementMap<CollectionElement>, _ kind: String, _ section: Int, _ axis: ScrollAxis, _ spacing: CGFloat
    ) -> Double {
        guard let element = map.supplementaryElement(ofKind: kind, at: IndexPath(item: 0, section: section)) else {
            return 0
        }
        return Double(axis.length(of: element._layoutSize) + spacing)
    }

    /// The frame of the `kind` element at `indexPath` (item 0 of its section),
    /// given the sections' lengths, or `nil` if the section has none of that kind.
    ///
    /// - Complexity: O(log *s*).
    func frame(
        ofKind kind: String, at indexPath: IndexPath, sectionLengths: _Fenwick<Double>, spacing: CGFloat,
        axis: ScrollAxis, breadth: CGFloat
    ) -> CGRect? {
        guard !isEmpty, indexPath.count == 2, indexPath.item == 0, headers.indices.contains(indexPath.section) else {
            return nil
        }
        let section = indexPath.section
        let start = sectionLengths.prefix(section)
        let slot: (start: Double, length: Double)
        switch kind {
        case ElementKind.sectionHeader where headers[section] > 0:
            slot = (start, headers[section])
        case ElementKind.sectionFooter where footers[section] > 0:
            slot = (start + sectionLengths.values[section] - footers[section], footers[section])
        default:
            return nil
        }
        return axis.rect(start: CGFloat(slot.start), length: CGFloat(slot.length) - spacing, crossStart: 0, breadth: breadth)
    }

    /// The headers and footers whose frames overlap `rect`, in order along the axis.
    ///
    /// - Complexity: O(log *s* + *k*) for *k* sections that overlap.
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
            let end = start + sectionLengths.values[section]
            let path = IndexPath(item: 0, section: section)
            if headers[section] > 0, _overlaps(CGFloat(start), CGFloat(start + headers[section]) - spacing, lower, upper) {
                result.append((ElementKind.sectionHeader, path))
            }
            if footers[section] > 0, _overlaps(CGFloat(end - footers[section]), CGFloat(end) - spacing, lower, upper) {
                result.append((ElementKind.sectionFooter, path))
            }
            section += 1
        }
        return result
    }
}
