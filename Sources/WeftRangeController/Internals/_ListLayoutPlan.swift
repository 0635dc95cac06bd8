import Foundation
import WeftChangeSet
import WeftDataController
import WeftElementMap

/// How a batch update changes a ``ListLayout``'s item lengths, worked out from
/// the change set and the update's map alone: on main when the update commits,
/// or in step 3 on the editing queue, where it also rebuilds the sections
/// edited in bulk (``ListLayout/preparation(for:)``). Section-level edits
/// are not in it; the layout applies them itself.
struct _ListLayoutPlan: Sendable {
    /// The layout's version the plan starts from: a plan made off main applies
    /// only if the layout did not change since.
    let version: Int
    /// Items leaving sections edited one at a time (not deleted ones), in the
    /// old index space, last first.
    private(set) var removedItems: [_Path] = []
    /// Items arriving in sections edited one at a time, in the new index
    /// space, first first, with their slots (`nil`: estimated).
    private(set) var insertedItems: [(path: _Path, slot: Double?)] = []
    /// The sections edited in bulk, by new index, with their old index (see
    /// ``sectionsEditedInBulk(_:)``).
    let bulk: [Int: Int]
    /// The old item indexes each bulk section loses, by old section.
    private(set) var bulkRemovals: [Int: [Int]] = [:]
    /// The new items of each bulk section, by new section, ascending.
    private(set) var bulkInsertions: [Int: [(index: Int, length: Double?)]] = [:]
    /// The slots measured for the update's new items (moved ones are in their
    /// section's estimate already), by new section.
    private(set) var recorded: [Int: _MeanLength] = [:]
    /// The bulk sections already rebuilt, by new index: set in step 3.
    private(set) var rebuilt: [Int: _LengthSequence] = [:]

    /// Plans `changeSet`, whose new items `map` holds, for a layout at
    /// `version` that measures slots along `axis` with `spacing` after each;
    /// `bulk` is ``sectionsEditedInBulk(_:)`` of the change set, when the
    /// caller has it already.
    ///
    /// - Complexity: O(*k* log *n* + *s*) for *k* edits, *n* items and *s* sections.
    init(
        _ changeSet: CompletedChangeSet, in map: ElementMap<CollectionElement>, axis: ScrollAxis, spacing: CGFloat,
        version: Int, bulk: [Int: Int]? = nil
    ) {
        self.version = version
        let edits = changeSet.normalized
        self.bulk = bulk ?? Self.sectionsEditedInBulk(changeSet)
        let bulk = self.bulk
        let bulkOld = Set(bulk.values)
        // Old index space: items leave their sections, before sections leave.
        let removedSections = Set(edits.deletedSections)
        // As _Path, not IndexPath: Foundation's index paths cost several times
        // more to compare and hash, and a 10% update of 100k items has 10k.
        let removed = (edits.deletedItems + edits.movedItems.map(\.from))
            .map(_Path.init)
            .filter { !removedSections.contains($0.section) }
            .sorted(by: >)
        for path in removed {
            if !bulkOld.isEmpty, bulkOld.contains(path.section) {
                bulkRemovals[path.section, default: []].append(path.item)
            } else {
                removedItems.append(path)
            }
        }
        // New index space: items arrive once their sections have.
        let movedTo = _PathTable(edits.movedItems.lazy.map { _Path($0.to) })
        for path in (edits.insertedItems + edits.movedItems.map(\.to)).map(_Path.init).sorted() {
            // Unretained: a 10% update of 100k items reads 6,666 elements here,
            // and their retains took the slow path (a sixth of the layout's update).
            let slot = map.unmanagedElement(at: path.indexPath).map { Double(axis.length(of: $0._layoutSize) + spacing) }
            if let slot, !movedTo.contains(path) { recorded[path.section, default: _MeanLength()].add(slot) }
            if !bulk.isEmpty, bulk[path.section] != nil {
                bulkInsertions[path.section, default: []].append((path.item, slot))
            } else {
                insertedItems.append((path, slot))
            }
        }
    }

    /// Rebuilds every bulk section from its lengths before the update, `old`
    /// (by old index), so that the commit only swaps them in.
    ///
    /// - Complexity: O(*m* + *k* log *k*) for each bulk section of *m* items and *k* edits.
    mutating func rebuildBulkSections(from old: [Int: _LengthSequence]) {
        for (section, oldSection) in bulk {
            guard var lengths = old[oldSection] else { continue }
            lengths.rebuild(removing: bulkRemovals[oldSection] ?? [], inserting: bulkInsertions[section] ?? [])
            rebuilt[section] = lengths
        }
    }

    /// The sections kept from the old map whose item edits are more than 64
    /// and more than one per hundred of their items, by new index, with their
    /// old index: their lengths are edited in one pass
    /// (`_LengthSequence.rebuild(removing:inserting:)`, O(*m* + *k* log *k*))
    /// rather than one edit at a time (O(*k* log *m*), about 2.7 µs an edit at
    /// 100k items).
    ///
    /// - Complexity: O(*k* + *s*) for *k* edits and *s* sections.
    static func sectionsEditedInBulk(_ changeSet: CompletedChangeSet) -> [Int: Int] {
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
}
