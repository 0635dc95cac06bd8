/// Validates one batch and, when it is valid, builds its normalized edits and mappings.
///
/// The faithful checks follow the order UIKit applies them (reference:
/// uikit-batch-updates.md §5.2): reloads, deletes in the old index space, inserts in the
/// new one, moves, then counts. The first failure is thrown. Strict validation then adds
/// its own refusals. Costs are O(*k* log *k*) for *k* edits plus O(*s*) for the count
/// check over *s* sections; no work is proportional to the number of items. A batch of
/// item inserts alone takes a shorter path to the same outcome (``insertsAloneOutcome()``).
struct _BatchValidator {
    let old: [Int]
    let new: [Int]
    let mode: ValidationMode

    private var sectionInserts: [Int] = []
    private var sectionDeletes: [Int] = []
    private var sectionReloads: [Int] = []
    private var sectionMoves: [(from: Int, to: Int)] = []
    private var itemInserts: [_Path] = []
    private var itemDeletes: [_Path] = []
    private var itemReloads: [_Path] = []
    private var itemMoves: [(from: _Path, to: _Path)] = []

    init(old: [Int], new: [Int], edits: [ChangeSet.AnimatedEdit], mode: ValidationMode) {
        self.old = old
        self.new = new
        self.mode = mode
        // Each list reserved at its length, counted first: grown by doubling,
        // the list of 100 inserts was reallocated seven times, a sixth of
        // validating them.
        var itemInsertCount = 0, itemDeleteCount = 0, itemReloadCount = 0, itemMoveCount = 0
        for animated in edits {
            switch animated.edit {
            case .insertItem: itemInsertCount += 1
            case .deleteItem: itemDeleteCount += 1
            case .reloadItem: itemReloadCount += 1
            case .moveItem: itemMoveCount += 1
            // Section edits are few; their lists grow as they come.
            case .insertSection, .deleteSection, .reloadSection, .moveSection, .reloadData: break
            }
        }
        itemInserts.reserveCapacity(itemInsertCount)
        itemDeletes.reserveCapacity(itemDeleteCount)
        itemReloads.reserveCapacity(itemReloadCount)
        itemMoves.reserveCapacity(itemMoveCount)
        for animated in edits {
            switch animated.edit {
            case .insertSection(let s): sectionInserts.append(s)
            case .deleteSection(let s): sectionDeletes.append(s)
            case .reloadSection(let s): sectionReloads.append(s)
            case .moveSection(let from, let to): sectionMoves.append((from, to))
            case .insertItem(let p): itemInserts.append(_Path(p))
            case .deleteItem(let p): itemDeletes.append(_Path(p))
            case .reloadItem(let p): itemReloads.append(_Path(p))
            case .moveItem(let from, let to): itemMoves.append((_Path(from), _Path(to)))
            case .reloadData: break
            }
        }
    }

    private func fail(_ reason: ChangeSetError.Reason) -> ChangeSetError {
        ChangeSetError(reason, viewKind: mode.viewKind)
    }

    /// Refuses a negative item count, before the batch or after it.
    func checkCountsAreNotNegative() throws(ChangeSetError) {
        for (section, count) in old.enumerated() where count < 0 {
            throw fail(.negativeItemCount(section: section, count: count, isAfterUpdate: false))
        }
        for (section, count) in new.enumerated() where count < 0 {
            throw fail(.negativeItemCount(section: section, count: count, isAfterUpdate: true))
        }
    }

    /// Refuses item edits whose index paths are not (section, item) pairs, which
    /// `Path` would otherwise read as their first two indexes, or as -1.
    func checkIndexPathShapes(_ edits: [ChangeSet.AnimatedEdit]) throws(ChangeSetError) {
        for animated in edits {
            // No array per edit: a batch of 100 inserts made 100 of them, an
            // eighth of validating it.
            let bad: IndexPath? = switch animated.edit {
            case .insertItem(let p), .deleteItem(let p), .reloadItem(let p): p.count == 2 ? nil : p
            case .moveItem(let from, let to): from.count != 2 ? from : to.count != 2 ? to : nil
            default: nil
            }
            if let bad { throw fail(.malformedIndexPath(animated.edit, indexPath: bad)) }
        }
    }

    /// Runs every check and returns the batch's normalized form.
    func validate() throws(ChangeSetError) -> Outcome {
        guard let outcome = insertsAloneOutcome() else { return try validateEveryRule() }
        #if WEFT_INTERNAL_CHECKS
        do {
            let general = try validateEveryRule()
            precondition(outcome.agrees(with: general), "item inserts alone: \(outcome) against every rule's \(general)")
        } catch {
            preconditionFailure("item inserts alone were accepted, and every rule refuses them: \(error)")
        }
        #endif
        return outcome
    }

    /// The outcome of the commonest batch, item inserts alone (a feed's new
    /// page, messages arriving), without the sets and tables the general
    /// rules build: a sort (skipped when the paths ascend already), a pass
    /// over the inserts and one over the sections. `nil` for any other batch
    /// and for inserts this path does not judge (out of range, repeated,
    /// miscounted), which ``validateEveryRule()`` then judges: it refuses
    /// them, naming what UIKit's order finds first, except a repeated insert
    /// under faithful validation, which it accepts and counts twice.
    ///
    /// Why: main validates every batch before anything changes, and between
    /// frames it does so with cold caches. Validating 100 inserts into 100k
    /// items was a third of main's share of that update, and about half of it
    /// went to the general path's two dozen containers (their allocations and
    /// the runtime's lookups of their generic metadata).
    ///
    /// - Complexity: O(*k* log *k* + *s*) for *k* inserts in *s* sections.
    private func insertsAloneOutcome() -> Outcome? {
        guard !itemInserts.isEmpty, sectionInserts.isEmpty, sectionDeletes.isEmpty, sectionReloads.isEmpty,
            sectionMoves.isEmpty, itemDeletes.isEmpty, itemReloads.isEmpty, itemMoves.isEmpty, old.count == new.count
        else { return nil }
        // Often in order already (a page appended, a spread of new posts):
        // a sort of 100 paths was a third of this path, most of it cold.
        let inserts = isAscending(itemInserts) ? itemInserts : itemInserts.sorted()
        // Sorted, the inserts come in runs of one section: each run is counted
        // as its section is checked, with no array of counts (its allocation and
        // the runtime's lookup of its metadata were a tenth of validating 100
        // inserts into one section).
        var next = inserts.startIndex
        var previous: _Path?
        for section in new.indices {
            var inserted = 0
            while next < inserts.endIndex, inserts[next].section == section {
                let p = inserts[next]
                // A repeated insert is refused by strict validation and counted
                // twice by faithful validation: the general rules decide it.
                guard p != previous, p.item >= 0, p.item < new[section] else { return nil }
                inserted += 1
                previous = p
                next += 1
            }
            // With the old count not negative and the sum exact, the new one is not either.
            let (expected, overflowed) = old[section].addingReportingOverflow(inserted)
            guard old[section] >= 0, !overflowed, new[section] == expected else { return nil }
        }
        // An insert left over names a section out of range (a negative one sorts first).
        guard next == inserts.endIndex else { return nil }
        return Outcome(
            deletedSections: [], insertedSections: [], sectionMoves: [], deletedItems: [], insertedItems: inserts,
            itemMoves: [], sectionReloads: [], itemReloads: [], sectionShift: .identity)
    }

    /// Every check, in UIKit's order, for any batch.
    private func validateEveryRule() throws(ChangeSetError) -> Outcome {
        try checkCountsAreNotNegative()

        // Step 1: decompose reloads. The insert half is placed through explicit deletes
        // and inserts but not through moves, as UIKit places it.
        let explicitSectionDeletes = Set(sectionDeletes)
        let explicitItemDeletes = _PathTable(itemDeletes)
        for s in sectionReloads.sorted() where explicitSectionDeletes.contains(s) {
            throw fail(.deleteAndReloadSection(s))
        }
        for p in itemReloads.sorted() where explicitItemDeletes.contains(p) {
            throw fail(.deleteAndReloadItem(p.indexPath))
        }
        let sectionShiftIgnoringMoves = _IndexShift(
            removed: sortedUnique(sectionDeletes), occupied: sortedUnique(sectionInserts))
        let explicitDeletesBySection = groupItems(itemDeletes)
        let explicitInsertsBySection = groupItems(itemInserts)
        func placeIgnoringMoves(section s: Int) -> Int {
            // A reload's own section is not deleted (that was refused above), so its
            // rank counts only the deletes before it.
            let rank = s - sectionShiftIgnoringMoves.removed.lowerBound(of: s)
            return _IndexShift.slot(rank: rank, skipping: sectionShiftIgnoringMoves.occupied)
        }
        let sectionReloadTargets = sectionReloads.map { (from: $0, to: placeIgnoringMoves(section: $0)) }
        let itemReloadTargets = itemReloads.map { p -> (from: _Path, to: _Path) in
            let newSection = placeIgnoringMoves(section: p.section)
            let rank = p.item - (explicitDeletesBySection[p.section] ?? []).lowerBound(of: p.item)
            let item = _IndexShift.slot(rank: rank, skipping: explicitInsertsBySection[newSection] ?? [])
            return (p, _Path(section: newSection, item: item))
        }

        // Step 2: deletes, in the old index space, descending.
        let sectionMoveSources = Set(sectionMoves.map(\.from))
        let itemMoveSources = _PathTable(itemMoves.lazy.map(\.from))
        let itemMoveSourceSections = sections(of: itemMoves.lazy.map(\.from))
        let allSectionDeletes = sortedUnique(sectionDeletes + sectionReloads)
        for s in allSectionDeletes.reversed() {
            guard s >= 0, s < old.count else {
                throw fail(.deleteMissingSection(section: s, sectionCount: old.count))
            }
            if sectionMoveSources.contains(s) { throw fail(.deleteAndMoveSection(s)) }
            if itemMoveSourceSections.contains(s) { throw fail(.moveItemFromDeletedSection(s)) }
        }
        let deletedSections = Set(allSectionDeletes)
        let allItemDeletes = (itemDeletes + itemReloads)
            .filter { deletedSections.isEmpty || !deletedSections.contains($0.section) }
            .sorted(by: >)
        for p in allItemDeletes {
            guard p.section >= 0, p.section < old.count else {
                throw fail(.deleteItemFromMissingSection(item: p.item, section: p.section, sectionCount: old.count))
            }
            guard p.item >= 0, p.item < old[p.section] else {
                throw fail(.deleteItemBeyondSection(item: p.item, section: p.section, itemCount: old[p.section]))
            }
            if itemMoveSources.contains(p) { throw fail(.deleteAndMoveItem(p.indexPath)) }
        }

        // Step 3: inserts, in the new index space, ascending.
        let sectionMoveTargets = Set(sectionMoves.map(\.to))
        let itemMoveTargets = _PathTable(itemMoves.lazy.map(\.to))
        let itemMoveTargetSections = sections(of: itemMoves.lazy.map(\.to))
        let allSectionInserts = sortedUnique(sectionInserts + sectionReloadTargets.map(\.to))
        for s in allSectionInserts {
            guard s >= 0, s < new.count else {
                throw fail(.insertSectionBeyondEnd(section: s, sectionCount: new.count))
            }
            if sectionMoveTargets.contains(s) { throw fail(.insertAndMoveSection(s)) }
            if itemMoveTargetSections.contains(s) { throw fail(.moveItemIntoInsertedSection(s)) }
        }
        let insertedSections = Set(allSectionInserts)
        let allItemInserts = (itemInserts + itemReloadTargets.map(\.to))
            .filter { insertedSections.isEmpty || !insertedSections.contains($0.section) }
            .sorted()
        for p in allItemInserts {
            guard p.section >= 0, p.section < new.count else {
                throw fail(.insertItemIntoMissingSection(item: p.item, section: p.section, sectionCount: new.count))
            }
            guard p.item >= 0, p.item < new[p.section] else {
                throw fail(.insertItemBeyondSection(item: p.item, section: p.section, itemCount: new[p.section]))
            }
            if itemMoveTargets.contains(p) { throw fail(.insertAndMoveItem(p.indexPath)) }
        }

        // Step 4: moves. Exact duplicates collapse, as in UIKit; strict refuses them later.
        var sectionDestination: [Int: Int] = [:], sectionSource: [Int: Int] = [:]
        var uniqueSectionMoves: [(from: Int, to: Int)] = []
        for move in sectionMoves {
            guard move.from >= 0, move.from < old.count else {
                throw fail(.moveMissingSection(section: move.from, sectionCount: old.count))
            }
            guard move.to >= 0, move.to < new.count else {
                throw fail(.moveSectionBeyondEnd(from: move.from, to: move.to, sectionCount: new.count))
            }
            if let first = sectionDestination[move.from] {
                if first == move.to { continue }
                throw fail(.sectionMovedTwice(move.from, to: first, and: move.to))
            }
            if let first = sectionSource[move.to] {
                throw fail(.sectionsMovedToOnePlace(first, and: move.from, to: move.to))
            }
            sectionDestination[move.from] = move.to
            sectionSource[move.to] = move.from
            uniqueSectionMoves.append(move)
        }
        var itemDestination = _PathTable<_Path>(minimumCapacity: itemMoves.count)
        var itemSource = _PathTable<_Path>(minimumCapacity: itemMoves.count)
        var uniqueItemMoves: [(from: _Path, to: _Path)] = []
        uniqueItemMoves.reserveCapacity(itemMoves.count)
        for move in itemMoves {
            let (from, to) = move
            guard from.section >= 0, from.section < old.count else {
                throw fail(.moveItemFromMissingSection(from.indexPath, sectionCount: old.count))
            }
            guard from.item >= 0, from.item < old[from.section] else {
                throw fail(.moveMissingItem(from.indexPath, itemCount: old[from.section]))
            }
            guard to.section >= 0, to.section < new.count else {
                throw fail(.moveItemIntoMissingSection(from: from.indexPath, to: to.indexPath, sectionCount: new.count))
            }
            guard to.item >= 0, to.item < new[to.section] else {
                throw fail(.moveItemBeyondSection(from: from.indexPath, to: to.indexPath, itemCount: new[to.section]))
            }
            if let first = itemDestination[from] {
                if first == to { continue }
                throw fail(.itemMovedTwice(from.indexPath, to: first.indexPath, and: to.indexPath))
            }
            if let first = itemSource[to] {
                throw fail(.itemsMovedToOnePlace(first.indexPath, and: from.indexPath, to: to.indexPath))
            }
            itemDestination.insert(from, to)
            itemSource.insert(to, from)
            uniqueItemMoves.append(move)
        }

        // Step 5: counts. Inserts and deletes count with multiplicity, as UIKit counts
        // them; a move counts in and out only when its section number changes.
        let expectedSections = old.count + allSectionInserts.count - allSectionDeletes.count
        guard new.count == expectedSections else {
            throw fail(.sectionCountMismatch(
                after: new.count, before: old.count,
                inserted: allSectionInserts.count, deleted: allSectionDeletes.count))
        }
        let sectionShift = _IndexShift(
            removed: sortedUnique(allSectionDeletes + uniqueSectionMoves.map(\.from)),
            occupied: sortedUnique(allSectionInserts + uniqueSectionMoves.map(\.to)))
        try checkItemCounts(
            sectionShift: sectionShift, sectionSource: sectionSource,
            insertedSections: insertedSections, deletes: allItemDeletes, inserts: allItemInserts,
            moves: uniqueItemMoves)

        if mode.isStrict {
            try checkStrictRules(
                sectionReloadTargets: sectionReloadTargets, itemReloadTargets: itemReloadTargets,
                sectionShift: sectionShift, sectionDestination: sectionDestination,
                deletes: allItemDeletes, inserts: allItemInserts, moves: uniqueItemMoves)
        }

        return Outcome(
            deletedSections: Array(allSectionDeletes.reversed()),
            insertedSections: allSectionInserts,
            sectionMoves: uniqueSectionMoves.sorted { $0.to < $1.to },
            deletedItems: uniqueSorted(allItemDeletes, descending: true),
            insertedItems: uniqueSorted(allItemInserts, descending: false),
            itemMoves: uniqueItemMoves.sorted { $0.to < $1.to },
            sectionReloads: sectionReloadTargets.sorted { $0.from < $1.from },
            itemReloads: itemReloadTargets.sorted { $0.from < $1.from },
            sectionShift: sectionShift)
    }

    private func checkItemCounts(
        sectionShift: _IndexShift, sectionSource: [Int: Int], insertedSections: Set<Int>,
        deletes: [_Path], inserts: [_Path], moves: [(from: _Path, to: _Path)]
    ) throws(ChangeSetError) {
        // Per section, by index: every path here was checked against its side's
        // section count already, and a million sections count faster than hash.
        var inserted = [Int](repeating: 0, count: new.count), deleted = [Int](repeating: 0, count: old.count)
        var movedIn = [Int](repeating: 0, count: new.count), movedOut = [Int](repeating: 0, count: old.count)
        for p in inserts { inserted[p.section] += 1 }
        for p in deletes { deleted[p.section] += 1 }
        for move in moves where move.from.section != move.to.section {
            movedIn[move.to.section] += 1
            movedOut[move.from.section] += 1
        }
        for section in 0 ..< new.count where !insertedSections.contains(section) {
            guard let oldSection = sectionSource[section] ?? sectionShift.backward(section) else { continue }
            let ins = inserted[section], del = deleted[oldSection]
            let into = movedIn[section], outOf = movedOut[oldSection]
            // The edits' own counts are small, but a section may hold up to Int.max
            // items: a sum past Int.max matches no count after the update.
            let (expected, overflowed) = old[oldSection].addingReportingOverflow(ins - del + into - outOf)
            if !overflowed, expected < 0 { throw fail(.deletingMoreItemsThanExist(section: section)) }
            guard !overflowed, new[section] == expected else {
                throw fail(.itemCountMismatch(
                    section: section, after: new[section], before: old[oldSection],
                    inserted: ins, deleted: del, movedIn: into, movedOut: outOf))
            }
        }
    }

    /// Refusals for batches UIKit validates but then mishandles.
    private func checkStrictRules(
        sectionReloadTargets: [(from: Int, to: Int)], itemReloadTargets: [(from: _Path, to: _Path)],
        sectionShift: _IndexShift, sectionDestination: [Int: Int],
        deletes: [_Path], inserts: [_Path], moves: [(from: _Path, to: _Path)]
    ) throws(ChangeSetError) {
        func firstDuplicate<T: Hashable>(_ values: [T]) -> T? {
            guard values.count > 1 else { return nil }
            var seen = Set<T>(minimumCapacity: values.count)
            return values.first { !seen.insert($0).inserted }
        }
        if let s = firstDuplicate(sectionInserts) { throw fail(.duplicateEdit(.insertSection(s))) }
        if let s = firstDuplicate(sectionDeletes) { throw fail(.duplicateEdit(.deleteSection(s))) }
        if let s = firstDuplicate(sectionReloads) { throw fail(.duplicateEdit(.reloadSection(s))) }
        func firstDuplicatePath(_ paths: [_Path]) -> _Path? {
            var seen = _PathTable<Void>(minimumCapacity: paths.count)
            return paths.first { seen.insert($0, ()) != nil }
        }
        if let p = firstDuplicatePath(itemInserts) { throw fail(.duplicateEdit(.insertItem(p.indexPath))) }
        if let p = firstDuplicatePath(itemDeletes) { throw fail(.duplicateEdit(.deleteItem(p.indexPath))) }
        if let p = firstDuplicatePath(itemReloads) { throw fail(.duplicateEdit(.reloadItem(p.indexPath))) }
        if let m = firstDuplicate(sectionMoves.map { [$0.from, $0.to] }) {
            throw fail(.duplicateEdit(.moveSection(m[0], to: m[1])))
        }
        // The faithful checks refused a source moved to two places, so a move
        // repeats exactly when its source does.
        var movedSources = _PathTable<Void>(minimumCapacity: itemMoves.count)
        if let m = itemMoves.first(where: { movedSources.insert($0.from, ()) != nil }) {
            throw fail(.duplicateEdit(.moveItem(m.from.indexPath, to: m.to.indexPath)))
        }

        // Item edits in a moved section, named by the section on the side that moves.
        let movedFrom = Set(sectionDestination.keys), movedTo = Set(sectionDestination.values)
        for p in itemDeletes where movedFrom.contains(p.section) {
            throw fail(.editInMovedSection(.deleteItem(p.indexPath), section: p.section))
        }
        for p in itemReloads where movedFrom.contains(p.section) {
            throw fail(.editInMovedSection(.reloadItem(p.indexPath), section: p.section))
        }
        for p in itemInserts where movedTo.contains(p.section) {
            throw fail(.editInMovedSection(.insertItem(p.indexPath), section: p.section))
        }
        for move in itemMoves {
            if movedFrom.contains(move.from.section) {
                throw fail(.editInMovedSection(.moveItem(move.from.indexPath, to: move.to.indexPath), section: move.from.section))
            }
            if movedTo.contains(move.to.section) {
                throw fail(.editInMovedSection(.moveItem(move.from.indexPath, to: move.to.indexPath), section: move.to.section))
            }
        }

        // Item edits that UIKit drops unchecked inside replaced sections must still exist.
        for p in itemDeletes where p.item < 0 || p.item >= old[p.section] {
            throw fail(.itemOutOfBoundsInReplacedSection(.deleteItem(p.indexPath), itemCount: old[p.section]))
        }
        for p in itemInserts where p.item < 0 || p.item >= new[p.section] {
            throw fail(.itemOutOfBoundsInReplacedSection(.insertItem(p.indexPath), itemCount: new[p.section]))
        }
        // UIKit tallies a move as in or out by comparing section numbers.
        for move in moves where move.from.section == move.to.section {
            let origin = sectionShift.backward(move.to.section)
            if origin != move.from.section {
                throw fail(.moveMiscountedBySectionNumber(
                    from: move.from.indexPath, to: move.to.indexPath, targetSectionWas: origin))
            }
        }
        let removedSections = Set(sectionDeletes + sectionReloads)
        for p in itemReloads where removedSections.contains(p.section) {
            throw fail(.reloadInRemovedSection(p.indexPath))
        }

        // A reload's insert half must land where the element truly ends up.
        for reload in sectionReloadTargets {
            let rank = reload.from - sectionShift.removed.lowerBound(of: reload.from)
            let actual = _IndexShift.slot(rank: rank, skipping: sectionShift.occupied, excluding: reload.to)
            if actual != reload.to {
                throw fail(.sectionReloadDisplacedByMoves(reload.from, placedAt: reload.to, actual: actual))
            }
        }
        if itemReloadTargets.isEmpty { return }
        let removedBySection = groupItems(deletes + moves.map(\.from))
        let occupiedBySection = groupItems(inserts + moves.map(\.to))
        for reload in itemReloadTargets {
            let p = reload.from
            // Strict refused reloads in moved sections above, so the section shifts plainly.
            guard let section = sectionShift.forward(p.section) else { continue }
            let rank = p.item - (removedBySection[p.section] ?? []).lowerBound(of: p.item)
            let item = _IndexShift.slot(
                rank: rank, skipping: occupiedBySection[section] ?? [],
                excluding: reload.to.section == section ? reload.to.item : -1)
            let actual = _Path(section: section, item: item)
            if actual != reload.to {
                throw fail(.reloadDisplacedByMoves(p.indexPath, placedAt: reload.to.indexPath, actual: actual.indexPath))
            }
        }
    }

    /// The normalized batch and what the mappings need.
    struct Outcome {
        var deletedSections: [Int]
        var insertedSections: [Int]
        var sectionMoves: [(from: Int, to: Int)]
        var deletedItems: [_Path]
        var insertedItems: [_Path]
        var itemMoves: [(from: _Path, to: _Path)]
        var sectionReloads: [(from: Int, to: Int)]
        var itemReloads: [(from: _Path, to: _Path)]
        var sectionShift: _IndexShift

        #if WEFT_INTERNAL_CHECKS
        /// Whether `other` holds the same edits and shift, for the checks
        /// of the inserts-alone path against the general rules.
        func agrees(with other: Outcome) -> Bool {
            deletedSections == other.deletedSections && insertedSections == other.insertedSections
                && sectionMoves.elementsEqual(other.sectionMoves, by: ==) && deletedItems == other.deletedItems
                && insertedItems == other.insertedItems && itemMoves.elementsEqual(other.itemMoves, by: ==)
                && sectionReloads.elementsEqual(other.sectionReloads, by: ==)
                && itemReloads.elementsEqual(other.itemReloads, by: ==) && sectionShift == other.sectionShift
        }
        #endif
    }
}

package func sortedUnique(_ values: [Int]) -> [Int] {
    var result = values.sorted()
    var write = 0
    for read in result.indices where read == 0 || result[read] != result[read - 1] {
        result[write] = result[read]
        write += 1
    }
    result.removeLast(result.count - write)
    return result
}

func uniqueSorted(_ paths: [_Path], descending: Bool) -> [_Path] {
    // Sorted first, duplicates are neighbours: no set, no hashing.
    var sorted = descending ? paths.sorted(by: >) : paths.sorted()
    var write = 0
    for read in sorted.indices where read == 0 || sorted[read] != sorted[write - 1] {
        sorted[write] = sorted[read]
        write += 1
    }
    sorted.removeLast(sorted.count - write)
    return sorted
}

/// Item indexes per section, sorted and without duplicates.
package func groupItems(_ paths: [_Path]) -> [Int: [Int]] {
    var grouped: [Int: [Int]] = [:]
    // One hash per run of paths in one section, not one per path: a batch's
    // paths come in runs (often one section), and 10,000 hashes were a sixth
    // of validating a 10% update of 100k items. Each run's items are copied
    // once, into an array of their exact count (grown item by item and then
    // copied into the table, they were allocated eight times for 100 inserts).
    var start = paths.startIndex
    while start < paths.endIndex {
        let section = paths[start].section
        var end = start + 1
        while end < paths.endIndex, paths[end].section == section { end += 1 }
        let run = paths[start ..< end].map(\.item)
        if grouped[section] == nil { grouped[section] = run } else { grouped[section]! += run }
        start = end
    }
    for (key, items) in grouped where !isAscending(items) { grouped[key] = sortedUnique(items) }
    return grouped
}

/// Whether `values` ascend strictly: sorted, without duplicates. O(*n*).
func isAscending<T: Comparable>(_ values: [T]) -> Bool {
    values.indices.dropFirst().allSatisfy { values[$0 - 1] < values[$0] }
}

/// The sections of `paths`, hashing once per run of paths in one section.
func sections(of paths: some Sequence<_Path>) -> Set<Int> {
    var sections = Set<Int>(), last: Int?
    for p in paths where p.section != last {
        sections.insert(p.section)
        last = p.section
    }
    return sections
}
