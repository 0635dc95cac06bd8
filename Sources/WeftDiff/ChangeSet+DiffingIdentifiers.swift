public import WeftChangeSet

extension ChangeSet {
    /// Creates the batch that turns one snapshot of identifiers into another:
    /// sections by their identifiers, each with the identifiers of its items, as
    /// a diffable data source keeps them.
    ///
    /// It is ``init(diffing:to:)`` for values that are their own identity, with
    /// two differences. The identifiers need only be `Hashable`, not
    /// ``Diffable``, and are diffed as they are, with no wrapper per item: the
    /// cost stays that of the identities' hashes even where the caller is
    /// generic over them. And the identifiers in `replacedSections` and
    /// `replacedItems` differ from themselves: the batch deletes and inserts
    /// them (a reload that gets a new node whatever its node model).
    ///
    /// ```swift
    /// let changes = ChangeSet(
    ///     diffingSections: ["pinned", "recent"], items: [[1, 2], [3, 4, 5]],
    ///     to: ["pinned", "recent"], items: [[2, 1], [3, 5]],
    ///     replacing: [], [3])
    /// // moves item 1 after item 2, deletes item 4, and deletes and inserts item 3
    /// ```
    ///
    /// - Parameters:
    ///   - oldSections: The sections' identifiers before the batch.
    ///   - oldItems: The items' identifiers of each old section.
    ///   - newSections: The sections' identifiers after it.
    ///   - newItems: The items' identifiers of each new section.
    ///   - replacedSections: Sections of the new snapshot to delete and insert.
    ///   - replacedItems: Items of the new snapshot to delete and insert.
    /// - Precondition: `oldItems` has one array per old section and `newItems`
    ///   one per new section.
    /// - Complexity: O(*n* + *k* log *k*) for *n* items and *k* edits, expected
    ///   (hashing): one hash per identifier (none for integers, bytes hashed in
    ///   C for `String` and `UUID`) and one `==` per paired identifier that is
    ///   not an integer. When the sections stay the same and the items differ
    ///   by a few edits (at most 64 inserts and deletes in a snapshot of 2,048
    ///   items or more), O(*n* + *k*²) comparisons and no hashing: Myers' search,
    ///   as `CollectionDifference` runs it, keeping as many items in place.
    @inlinable
    public init<SectionID: Hashable, ItemID: Hashable>(
        diffingSections oldSections: [SectionID], items oldItems: [[ItemID]],
        to newSections: [SectionID], items newItems: [[ItemID]],
        replacing replacedSections: Set<SectionID> = [], _ replacedItems: Set<ItemID> = []
    ) {
        precondition(oldItems.count == oldSections.count && newItems.count == newSections.count,
                     "one item array per section: \(oldSections.count) old sections with \(oldItems.count) item "
                        + "arrays, \(newSections.count) new sections with \(newItems.count)")
        var sectionMethod = _IdentityHash.method(for: SectionID.self)
        var itemMethod = _IdentityHash.method(for: ItemID.self)
        // A replaced identifier must not pair with its old self: integers then
        // compare too, so that the equality below can say no.
        let comparesSections = sectionMethod != .exact || !replacedSections.isEmpty
        let comparesItems = itemMethod != .exact || !replacedItems.isEmpty
        let oldItemCount = oldItems.reduce(0) { $0 + $1.count }
        let newItemCount = newItems.reduce(0) { $0 + $1.count }
        if replacedSections.isEmpty && replacedItems.isEmpty,
            let edits = _FewEdits.edits(
                oldSections, oldItems, newSections, newItems, itemCount: oldItemCount + newItemCount)
        {
            self.init(itemDeletes: edits.deletes, itemInserts: edits.inserts, itemMoves: edits.moves,
                      oldItemCounts: oldItems.map(\.count))
            return
        }
        var oldFlat = ContiguousArray<ItemID>()
        var newFlat = ContiguousArray<ItemID>()
        if comparesItems {
            oldFlat.reserveCapacity(oldItemCount)
            newFlat.reserveCapacity(newItemCount)
            for items in oldItems { oldFlat.append(contentsOf: items) }
            for items in newItems { newFlat.append(contentsOf: items) }
        }
        let newSectionReplaced = replacedSections.isEmpty ? [] : newSections.map(replacedSections.contains)
        let newItemReplaced = replacedItems.isEmpty ? [] : newFlat.map(replacedItems.contains)

        let output = _CDiff.sectioned(
            oldSectionCount: oldSections.count, newSectionCount: newSections.count,
            oldItemCount: oldItemCount, newItemCount: newItemCount,
            comparesSectionIdentities: comparesSections, comparesSectionContents: false,
            comparesItemIdentities: comparesItems, comparesItemContents: false,
            fill: { oldBuffers, newBuffers in
                let seed = _CDiff.hashSeed
                func fill() -> (sections: Bool, items: Bool) {
                    var nonASCII = (sections: false, items: false)
                    Self.fillIdentifiers(oldBuffers, oldSections, oldItems, sectionMethod, itemMethod, seed, &nonASCII)
                    Self.fillIdentifiers(newBuffers, newSections, newItems, sectionMethod, itemMethod, seed, &nonASCII)
                    return nonASCII
                }
                let nonASCII = fill()
                let rehashSections = _IdentityHash.mustRehash(sectionMethod, nonASCII.sections)
                let rehashItems = _IdentityHash.mustRehash(itemMethod, nonASCII.items)
                if rehashSections { sectionMethod = .hashValue }
                if rehashItems { itemMethod = .hashValue }
                if rehashSections || rehashItems { _ = fill() }
            },
            sectionIdentityEqual: { old, new in
                (newSectionReplaced.isEmpty || !newSectionReplaced[new])
                    && _IdentityHash.equal(oldSections[old], newSections[new], sectionMethod)
            },
            sectionContentsChanged: { _, changed in changed.update(repeating: 0) },
            itemIdentityEqual: { old, new in
                (newItemReplaced.isEmpty || !newItemReplaced[new]) && _IdentityHash.equal(oldFlat[old], newFlat[new], itemMethod)
            },
            itemIdentitiesDiffer: { pairs, differ in
                for p in differ.indices {
                    let new = Int(pairs[2 * p + 1])
                    let same = (newItemReplaced.isEmpty || !newItemReplaced[new])
                        && _IdentityHash.equal(oldFlat[Int(pairs[2 * p])], newFlat[new], itemMethod)
                    differ[p] = same ? 0 : 1
                }
            },
            itemContentsChanged: { _, changed in changed.update(repeating: 0) })
        self.init(output, oldItemCounts: oldItems.map(\.count))
    }

    /// Writes the identity hashes and item counts of one snapshot of
    /// identifiers, setting `nonASCII` where a text identity is not ASCII.
    @inlinable
    static func fillIdentifiers<SectionID: Hashable, ItemID: Hashable>(
        _ buffers: _CDiff.SectionedBuffers, _ sections: [SectionID], _ items: [[ItemID]],
        _ sectionMethod: _IdentityHash.Method, _ itemMethod: _IdentityHash.Method, _ seed: UInt64,
        _ nonASCII: inout (sections: Bool, items: Bool)
    ) {
        var flat = 0
        for (s, section) in sections.enumerated() {
            buffers.sectionIDs[s] = _IdentityHash.bits(of: section, sectionMethod, seed, &nonASCII.sections)
            buffers.itemCounts[s] = UInt32(truncatingIfNeeded: items[s].count)
            items[s].withUnsafeBufferPointer { items in
                for item in items {
                    buffers.itemIDs[flat] = _IdentityHash.bits(of: item, itemMethod, seed, &nonASCII.items)
                    flat += 1
                }
            }
        }
    }
}
