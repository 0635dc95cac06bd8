public import WeftChangeSet

extension ChangeSet {
    /// Creates the batch that turns one sectioned snapshot into another.
    ///
    /// The batch always passes strict validation with the new snapshot's counts:
    ///
    /// ```swift
    /// let changes = ChangeSet(diffing: oldSections, to: newSections)
    /// let done = try changes.completed(newItemCounts: newSections.map(\.items.count))  // never throws
    /// ```
    ///
    /// Moves are native and the fewest possible, so moved items keep their identity.
    /// Where UIKit would mishandle an edit, the batch spells it out instead:
    /// - a moved section whose items also change is deleted and inserted, and item moves
    ///   into or out of it become inserts and deletes (UIKit corrupts edits in moved sections);
    /// - an item that moves and changes is deleted and inserted;
    /// - an item that changes in place is reloaded, unless UIKit would place the reload's
    ///   insert half elsewhere (it ignores moves), in which case it is deleted and inserted;
    /// - a move between two sections that share a number is deleted and inserted, because
    ///   UIKit would count it as staying in its section.
    ///
    /// A section's own content change (``SectionedDiff/sectionUpdates``) is not an item
    /// edit, so the batch leaves it out; read it from the diff to refresh a header.
    ///
    /// - Parameters:
    ///   - old: The sections before the batch.
    ///   - new: The sections after it.
    /// - Complexity: O(*n* + *k* log *k*) for *n* items and *k* edits, expected (hashing).
    ///   Inlinable, so that the diff under it is specialized for the caller's
    ///   types, as a direct `SectionedDiff(from:to:)` is: compiled generically it
    ///   cost 2.6x the diff alone.
    @inlinable
    public init<Section: DiffableSection>(diffing old: [Section], to new: [Section]) {
        self.init(SectionedDiff(from: old, to: new), oldItemCounts: old.map(\.items.count))
    }

    /// Creates the batch that a sectioned diff describes; see ``init(diffing:to:)``.
    ///
    /// - Parameters:
    ///   - diff: The diff of the two snapshots.
    ///   - oldItemCounts: Items per section of the diff's old snapshot.
    public init<Section>(_ diff: SectionedDiff<Section>, oldItemCounts: [Int]) {
        self.init(DiffPlan(diff), oldItemCounts: oldItemCounts)
    }

    /// The batch of item edits alone, within sections that all stay.
    @usableFromInline
    init(
        itemDeletes: [IndexPath], itemInserts: [IndexPath], itemMoves: [DiffMove<IndexPath>], oldItemCounts: [Int]
    ) {
        var output = _CDiff.SectionedOutput()
        output.itemDeletes = itemDeletes
        output.itemInserts = itemInserts
        output.itemMoves = itemMoves
        self.init(DiffPlan(output), oldItemCounts: oldItemCounts)
    }

    /// The batch of a diff the C core produced, as ``init(_:oldItemCounts:)`` makes it.
    @usableFromInline
    init(_ output: _CDiff.SectionedOutput, oldItemCounts: [Int]) {
        self.init(DiffPlan(output), oldItemCounts: oldItemCounts)
    }

    private init(_ diff: DiffPlan, oldItemCounts: [Int]) {
        self.init(oldItemCounts: oldItemCounts)
        var plan = diff
        plan.replaceMovedSectionsWithItemEdits()
        plan.splitMisplacedEdits()
        for s in plan.sectionDeletes.sorted() { append(.deleteSection(s)) }
        for s in plan.sectionInserts.sorted() { append(.insertSection(s)) }
        for m in plan.sectionMoves { append(.moveSection(m.from, to: m.to)) }
        for p in plan.itemDeletes.sorted(by: >) { append(.deleteItem(p.indexPath)) }
        for p in plan.itemInserts.sorted() { append(.insertItem(p.indexPath)) }
        for m in plan.itemMoves { append(.moveItem(m.from.indexPath, to: m.to.indexPath)) }
        for p in plan.itemReloads.sorted() { append(.reloadItem(p.indexPath)) }
    }
}

/// A sectioned diff on its way to a strictly valid batch.
struct DiffPlan {
    var sectionDeletes: Set<Int>
    var sectionInserts: Set<Int>
    var sectionMoves: [(from: Int, to: Int)]
    var itemDeletes: [_Path]
    var itemInserts: [_Path]
    var itemMoves: [(from: _Path, to: _Path)]
    var itemUpdates: [(from: _Path, to: _Path)]
    var itemReloads: [_Path] = []

    init<Section>(_ diff: SectionedDiff<Section>) {
        self.init(_CDiff.SectionedOutput(
            sectionDeletes: diff.sectionDeletes, sectionInserts: diff.sectionInserts, sectionMoves: diff.sectionMoves,
            sectionUpdates: diff.sectionUpdates, itemDeletes: diff.itemDeletes, itemInserts: diff.itemInserts,
            itemMoves: diff.itemMoves, itemUpdates: diff.itemUpdates))
    }

    init(_ output: _CDiff.SectionedOutput) {
        sectionDeletes = Set(output.sectionDeletes)
        sectionInserts = Set(output.sectionInserts)
        sectionMoves = output.sectionMoves.map { ($0.from, $0.to) }
        itemDeletes = output.itemDeletes.map(_Path.init)
        itemInserts = output.itemInserts.map(_Path.init)
        itemMoves = output.itemMoves.map { (_Path($0.from), _Path($0.to)) }
        itemUpdates = output.itemUpdates.map { (_Path($0.from), _Path($0.to)) }
    }

    /// Turns every moved section that has item edits into a delete plus an insert, until
    /// none is left: each conversion turns item moves into or out of that section into
    /// inserts and deletes elsewhere, which may touch another moved section.
    mutating func replaceMovedSectionsWithItemEdits() {
        // Section moves are few and item edits many: look each edit up among the
        // moved sections rather than gathering every touched section.
        while !sectionMoves.isEmpty {
            let movedFrom = _SectionFlags(sectionMoves.lazy.map(\.from)), movedTo = _SectionFlags(sectionMoves.lazy.map(\.to))
            var touchedOld = _SectionFlags(), touchedNew = _SectionFlags()
            for p in itemDeletes where movedFrom.contains(p.section) { touchedOld.insert(p.section) }
            for p in itemInserts where movedTo.contains(p.section) { touchedNew.insert(p.section) }
            for edits in [itemMoves, itemUpdates] {
                for m in edits {
                    if movedFrom.contains(m.from.section) { touchedOld.insert(m.from.section) }
                    if movedTo.contains(m.to.section) { touchedNew.insert(m.to.section) }
                }
            }
            let replaced = sectionMoves.filter { touchedOld.contains($0.from) || touchedNew.contains($0.to) }
            if replaced.isEmpty { return }
            let gone = _SectionFlags(replaced.lazy.map(\.from)), arrived = _SectionFlags(replaced.lazy.map(\.to))
            sectionMoves.removeAll { gone.contains($0.from) }
            sectionDeletes.formUnion(replaced.lazy.map(\.from))
            sectionInserts.formUnion(replaced.lazy.map(\.to))
            // Items leave and arrive with their replaced section.
            itemDeletes.removeAll { gone.contains($0.section) }
            itemInserts.removeAll { arrived.contains($0.section) }
            itemUpdates.removeAll { gone.contains($0.from.section) || arrived.contains($0.to.section) }
            var kept: [(from: _Path, to: _Path)] = []
            for m in itemMoves {
                switch (gone.contains(m.from.section), arrived.contains(m.to.section)) {
                case (true, true): break
                case (true, false): itemInserts.append(m.to)
                case (false, true): itemDeletes.append(m.from)
                case (false, false): kept.append(m)
                }
            }
            itemMoves = kept
        }
    }

    /// Splits into a delete and an insert every edit UIKit would misplace or miscount,
    /// and turns the remaining in-place updates into reloads.
    mutating func splitMisplacedEdits() {
        let sectionShift = _IndexShift(
            removed: sortedUnique(Array(sectionDeletes) + sectionMoves.map(\.from)),
            occupied: sortedUnique(Array(sectionInserts) + sectionMoves.map(\.to)))
        let movedSectionOrigin = Dictionary(uniqueKeysWithValues: sectionMoves.map { ($0.to, $0.from) })
        // A move whose numbers match must really stay in its section.
        var kept: [(from: _Path, to: _Path)] = []
        var split = _PathTable<Void>()
        for m in itemMoves {
            let origin = (movedSectionOrigin.isEmpty ? nil : movedSectionOrigin[m.to.section])
                ?? sectionShift.backward(m.to.section)
            if m.from.section == m.to.section, origin != m.from.section {
                itemDeletes.append(m.from)
                itemInserts.append(m.to)
                split.insert(m.from, ())
            } else {
                kept.append(m)
            }
        }
        itemMoves = kept
        // Without content updates (identities only) nothing below applies.
        guard !itemUpdates.isEmpty else { return }
        // A moved item that changed is replaced; UIKit cannot reload and move one item.
        let movedFrom = _PathTable(itemMoves.lazy.map(\.from))
        var inPlace: [(from: _Path, to: _Path)] = []
        // Collected, then removed in one pass: removing each at once was
        // quadratic in the moves when many moved items also changed.
        var replaced = _PathTable<Void>()
        for u in itemUpdates where !split.contains(u.from) {
            if movedFrom.contains(u.from) {
                replaced.insert(u.from, ())
                itemDeletes.append(u.from)
                itemInserts.append(u.to)
            } else {
                inPlace.append(u)
            }
        }
        if replaced.count > 0 { itemMoves.removeAll { replaced.contains($0.from) } }
        // UIKit places a reload's insert half through explicit deletes and inserts only.
        // Where no move touches the item's section and section moves do not shift it, that
        // is where the item really is; elsewhere the update is a delete plus an insert.
        guard !inPlace.isEmpty else { return }
        var movesTouch = Set<Int>()
        for move in itemMoves {
            movesTouch.insert(move.from.section)
            movesTouch.insert(-1 - move.to.section)
        }
        let explicitSectionShift = _IndexShift(
            removed: sortedUnique(Array(sectionDeletes)), occupied: sortedUnique(Array(sectionInserts)))
        let deletesBySection = groupItems(itemDeletes), insertsBySection = groupItems(itemInserts)
        for u in inPlace {
            let placedSection = explicitSectionShift.forward(u.from.section)
            let rank = u.from.item - (deletesBySection[u.from.section] ?? []).lowerBound(of: u.from.item)
            let placedItem = _IndexShift.slot(rank: rank, skipping: insertsBySection[u.to.section] ?? [])
            let safe = !movesTouch.contains(u.from.section) && !movesTouch.contains(-1 - u.to.section)
                && placedSection == u.to.section && placedItem == u.to.item
            if safe {
                itemReloads.append(u.from)
            } else {
                itemDeletes.append(u.from)
                itemInserts.append(u.to)
            }
        }
    }
}
