import WeftDiff

/// The standard library as the diff benchmarks' peer:
/// `difference(from:).inferringMoves()`, the only peer that also reports moves.
public enum StdlibDiffPeer {
    /// Moves in a `CollectionDifference` after `inferringMoves()`: each is an
    /// insertion associated with a removal.
    public static func moveCount<Element>(_ difference: CollectionDifference<Element>) -> Int {
        difference.insertions.reduce(0) { count, change in
            guard case .insert(_, _, let associated) = change, associated != nil else { return count }
            return count + 1
        }
    }

    /// Diffs sections as a caller of the standard library would: the section ids,
    /// then each section against the old section of the same id. It cannot see
    /// moves across sections.
    ///
    /// - Returns: The moves found, of sections and of items within a section.
    public static func sectionedDifference<Model: Diffable & Hashable, Item: Diffable & Hashable>(
        from old: [DiffSection<Model, Item>], to new: [DiffSection<Model, Item>]
    ) -> Int {
        let oldByID = Dictionary(uniqueKeysWithValues: old.map { ($0.model, $0.items) })
        let sections = new.map(\.model).difference(from: old.map(\.model)).inferringMoves()
        var moves = moveCount(sections)
        for section in new {
            guard let oldItems = oldByID[section.model] else { continue }
            moves += moveCount(section.items.difference(from: oldItems).inferringMoves())
        }
        return moves
    }
}
