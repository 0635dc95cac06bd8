extension CollectionSnapshot {
    /// Appends empty sections.
    ///
    /// - Throws: ``SnapshotError/sectionAlreadyInSnapshot(_:)``.
    /// - Complexity: O(*k*) for *k* sections, expected.
    public mutating func appendSections(_ identifiers: [Section]) throws(SnapshotError) {
        try insertSections(identifiers, at: sectionIdentifiers.count)
    }

    /// Inserts empty sections before `section`.
    ///
    /// - Throws: ``SnapshotError/noSuchSection(_:)`` or ``SnapshotError/sectionAlreadyInSnapshot(_:)``.
    /// - Complexity: O(*s* + *k*) for *s* sections and *k* new ones.
    public mutating func insertSections(_ identifiers: [Section], beforeSection section: Section) throws(SnapshotError) {
        try insertSections(identifiers, at: try index(of: section))
    }

    /// Inserts empty sections after `section`.
    ///
    /// - Throws: ``SnapshotError/noSuchSection(_:)`` or ``SnapshotError/sectionAlreadyInSnapshot(_:)``.
    /// - Complexity: O(*s* + *k*) for *s* sections and *k* new ones.
    public mutating func insertSections(_ identifiers: [Section], afterSection section: Section) throws(SnapshotError) {
        try insertSections(identifiers, at: try index(of: section) + 1)
    }

    /// Deletes sections and their items.
    ///
    /// - Throws: ``SnapshotError/noSuchSection(_:)``.
    /// - Complexity: O(*s* + *m*) for *s* sections and *m* deleted items.
    public mutating func deleteSections(_ identifiers: [Section]) throws(SnapshotError) {
        for section in identifiers where sectionIndexes[section] == nil { throw .noSuchSection("\(section)") }
        let doomed = Set(identifiers)
        var deletedItems = Set<Item>()
        for (s, section) in sectionIdentifiers.enumerated() where doomed.contains(section) {
            for item in itemsBySection[s] {
                sectionOfItem[item] = nil
                deletedItems.insert(item)
            }
        }
        let kept = sectionIdentifiers.indices.filter { !doomed.contains(sectionIdentifiers[$0]) }
        itemsBySection = kept.map { itemsBySection[$0] }
        sectionIdentifiers = kept.map { sectionIdentifiers[$0] }
        reindexSections()
        reloadedSectionIdentifiers.removeAll { doomed.contains($0) }
        forgetMarks(of: deletedItems)
    }

    /// Moves `section`, with its items, to just before `other`.
    ///
    /// - Throws: ``SnapshotError/movedRelativeToItself(_:)`` or ``SnapshotError/noSuchSection(_:)``.
    /// - Complexity: O(*s*) for *s* sections.
    public mutating func moveSection(_ section: Section, beforeSection other: Section) throws(SnapshotError) {
        try moveSection(section, relativeTo: other, after: false)
    }

    /// Moves `section`, with its items, to just after `other`.
    ///
    /// - Throws: ``SnapshotError/movedRelativeToItself(_:)`` or ``SnapshotError/noSuchSection(_:)``.
    /// - Complexity: O(*s*) for *s* sections.
    public mutating func moveSection(_ section: Section, afterSection other: Section) throws(SnapshotError) {
        try moveSection(section, relativeTo: other, after: true)
    }

    /// Marks sections to be reloaded when the snapshot is applied: each is
    /// deleted and inserted again, so its header, footer and items get new nodes.
    ///
    /// - Throws: ``SnapshotError/noSuchSection(_:)``.
    /// - Complexity: O(*k* + *r*) for *k* sections named and *r* already marked.
    public mutating func reloadSections(_ identifiers: [Section]) throws(SnapshotError) {
        for section in identifiers where sectionIndexes[section] == nil { throw .noSuchSection("\(section)") }
        var marked = Set(reloadedSectionIdentifiers)
        for section in identifiers where marked.insert(section).inserted { reloadedSectionIdentifiers.append(section) }
    }

    /// Deletes every section and item, as UIKit's `deleteAllItems()`.
    ///
    /// - Complexity: O(*n*).
    public mutating func deleteAllItems() {
        self = Self()
    }

    private mutating func insertSections(_ identifiers: [Section], at index: Int) throws(SnapshotError) {
        var seen = Set<Section>()
        for section in identifiers where sectionIndexes[section] != nil || !seen.insert(section).inserted {
            throw .sectionAlreadyInSnapshot("\(section)")
        }
        sectionIdentifiers.insert(contentsOf: identifiers, at: index)
        itemsBySection.insert(contentsOf: identifiers.map { _ in [] }, at: index)
        reindexSections()
    }

    private mutating func moveSection(_ section: Section, relativeTo other: Section, after: Bool) throws(SnapshotError) {
        guard section != other else { throw .movedRelativeToItself("Section \(section)") }
        let from = try index(of: section)
        _ = try index(of: other)
        let items = itemsBySection.remove(at: from)
        sectionIdentifiers.remove(at: from)
        reindexSections()
        let to = try index(of: other) + (after ? 1 : 0)
        sectionIdentifiers.insert(section, at: to)
        itemsBySection.insert(items, at: to)
        reindexSections()
    }

    /// Drops the reload and reconfigure marks of items that left the snapshot.
    mutating func forgetMarks(of items: Set<Item>) {
        guard !items.isEmpty else { return }
        reloadedItemIdentifiers.removeAll { items.contains($0) }
        reconfiguredItemIdentifiers.removeAll { items.contains($0) }
    }
}
