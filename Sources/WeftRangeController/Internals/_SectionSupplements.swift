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

    /// The headers and footers whose slots overlap `lower ..< upper` along the
    /// axis, given where sections start (`sectionStarts`, a Fenwick tree of section
    /// lengths), as (kind, section) pairs in order.
    ///
    /// - Complexity: O(log *s* + *k*) for *k* sections that overlap.
    func elements(
        from lower: CGFloat, to upper: CGFloat, sectionLengths: _Fenwick<Double>, spacing: CGFloat
    ) -> [(kind: String, section: Int)] {
        guard !isEmpty, lower < upper else { return [] }
        var result: [(kind: String, section: Int)] = []
        var section = sectionLengths.leadingCount(withPrefixBelow: Double(lower), orEqual: true)
        while section < headers.count {
            let start = sectionLengths.prefix(section)
            guard start < Double(upper) else { break }
            let end = start + sectionLengths.values[section]
            if headers[section] > 0, _overlaps(CGFloat(start), CGFloat(start + headers[section]) - spacing, lower, upper) {
                result.append((ElementKind.sectionHeader, section))
            }
            if footers[section] > 0, _overlaps(CGFloat(end - footers[section]), CGFloat(end) - spacing, lower, upper) {
                result.append((ElementKind.sectionFooter, section))
            }
            section += 1
        }
        return result
    }

    /// The stretch along the axis of a header or footer, given its section's
    /// start and length, or `nil` if the section has none of that kind.
    func span(ofKind kind: String, section: Int, sectionStart: Double, sectionLength: Double, spacing: CGFloat)
        -> (start: CGFloat, length: CGFloat)?
    {
        guard !isEmpty, headers.indices.contains(section) else { return nil }
        switch kind {
        case ElementKind.sectionHeader where headers[section] > 0:
            return (CGFloat(sectionStart), CGFloat(headers[section]) - spacing)
        case ElementKind.sectionFooter where footers[section] > 0:
            return (CGFloat(sectionStart + sectionLength - footers[section]), CGFloat(footers[section]) - spacing)
        default:
            return nil
        }
    }
}
