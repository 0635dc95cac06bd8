extension SectionedDiff {
    /// Creates the diff that turns the sections `old` into `new`.
    ///
    /// Sections pair by identity and report an update when their own content
    /// changed; items pair by identity across all sections at once, so an item
    /// that changed sections is found and moved. Duplicated identities pair so
    /// that moves are the fewest possible (see <doc:HowWeftDiffWorks>).
    ///
    /// - Parameters:
    ///   - old: The sections before the change; section deletes and every
    ///     `from` index into it.
    ///   - new: The sections after the change; inserts and every `to` index
    ///     into it.
    /// - Complexity: Expected O(*s* + *n* + *k* log *k*) for *s* sections in
    ///   both snapshots, *n* items in both, and *k* paired items, with one
    ///   `hashValue` per identity (none for integer identities) and at most one
    ///   ``Diffable/isContentEqual(to:)`` per pair. O(*n*²) identity comparisons
    ///   when all item hashes collide.
    @inlinable
    public init(from old: [Section], to new: [Section]) {
        typealias Item = Section.Item
        var sectionMethod = _IdentityHash.method(for: Section.DiffIdentifier.self)
        var itemMethod = _IdentityHash.method(for: Item.DiffIdentifier.self)
        let exactSections = sectionMethod == .exact
        let exactItems = itemMethod == .exact
        let comparesItems = _DiffableAccess<Item>.comparesContents
        let oldItemCount = old.reduce(0) { $0 + $1.items.count }
        let newItemCount = new.reduce(0) { $0 + $1.items.count }
        // Callbacks address items by flat index; only they need flat copies.
        let needsFlatItems = !exactItems || comparesItems
        let oldItems = needsFlatItems ? Self.flatItems(of: old, count: oldItemCount) : []
        let newItems = needsFlatItems ? Self.flatItems(of: new, count: newItemCount) : []

        let output = _CDiff.sectioned(
            oldSectionCount: old.count, newSectionCount: new.count,
            oldItemCount: oldItemCount, newItemCount: newItemCount,
            comparesSectionIdentities: !exactSections,
            comparesSectionContents: _DiffableAccess<Section>.comparesContents,
            comparesItemIdentities: !exactItems, comparesItemContents: comparesItems,
            fill: { oldBuffers, newBuffers in
                let seed = _CDiff.hashSeed
                func fill(_ sectionMethod: _IdentityHash.Method, _ itemMethod: _IdentityHash.Method) -> (Bool, Bool) {
                    var nonASCII: (sections: Bool, items: Bool) = (false, false)
                    Self.fill(oldBuffers, from: old, sectionMethod, itemMethod, seed, &nonASCII.sections, &nonASCII.items)
                    Self.fill(newBuffers, from: new, sectionMethod, itemMethod, seed, &nonASCII.sections, &nonASCII.items)
                    return nonASCII
                }
                let nonASCII = fill(sectionMethod, itemMethod)
                let rehashSections = _IdentityHash.mustRehash(sectionMethod, nonASCII.0)
                let rehashItems = _IdentityHash.mustRehash(itemMethod, nonASCII.1)
                if rehashSections { sectionMethod = .hashValue }
                if rehashItems { itemMethod = .hashValue }
                if rehashSections || rehashItems { _ = fill(sectionMethod, itemMethod) }
            },
            sectionIdentityEqual: { _IdentityHash.equal(old[$0].diffIdentifier, new[$1].diffIdentifier, sectionMethod) },
            sectionContentsChanged: { pairs, changed in
                for p in changed.indices {
                    changed[p] = old[Int(pairs[2 * p])].isContentEqual(to: new[Int(pairs[2 * p + 1])]) ? 0 : 1
                }
            },
            itemIdentityEqual: { _IdentityHash.equal(oldItems[$0].diffIdentifier, newItems[$1].diffIdentifier, itemMethod) },
            itemIdentitiesDiffer: { pairs, differ in
                for p in differ.indices {
                    let old = oldItems[Int(pairs[2 * p])].diffIdentifier
                    differ[p] = _IdentityHash.equal(old, newItems[Int(pairs[2 * p + 1])].diffIdentifier, itemMethod) ? 0 : 1
                }
            },
            itemContentsChanged: { pairs, changed in
                for p in changed.indices {
                    changed[p] = oldItems[Int(pairs[2 * p])].isContentEqual(to: newItems[Int(pairs[2 * p + 1])]) ? 0 : 1
                }
            })
        self.init(output, oldSectionCount: old.count, oldItemCount: oldItemCount, newSections: new)
    }

    /// The items of every section in one array. Array by array rather than
    /// through a flattening sequence, which costs a generic call per item where
    /// the caller is not specialized.
    @inlinable
    static func flatItems(of sections: [Section], count: Int) -> ContiguousArray<Section.Item> {
        var items = ContiguousArray<Section.Item>()
        items.reserveCapacity(count)
        for section in sections { items.append(contentsOf: section.items) }
        return items
    }

    /// Writes the identity hashes and item counts of `sections`, setting
    /// `sectionNonASCII` and `itemNonASCII` when a text identity is not ASCII.
    @inlinable
    static func fill(
        _ buffers: _CDiff.SectionedBuffers, from sections: [Section],
        _ sectionMethod: _IdentityHash.Method, _ itemMethod: _IdentityHash.Method, _ seed: UInt64,
        _ sectionNonASCII: inout Bool, _ itemNonASCII: inout Bool
    ) {
        var flat = 0
        for (s, section) in sections.enumerated() {
            buffers.sectionIDs[s] = _IdentityHash.bits(of: section.diffIdentifier, sectionMethod, seed, &sectionNonASCII)
            buffers.itemCounts[s] = UInt32(truncatingIfNeeded: section.items.count)
            section.items.withUnsafeBufferPointer { items in
                for item in items {
                    buffers.itemIDs[flat] = _IdentityHash.bits(of: item.diffIdentifier, itemMethod, seed, &itemNonASCII)
                    flat += 1
                }
            }
        }
    }
}
