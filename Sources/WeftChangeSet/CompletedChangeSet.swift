import Foundation
import WeftCore

/// A validated batch: what the caller asked for, what storage applies, and how every
/// index moves.
///
/// Produced by ``ChangeSet/completed(newItemCounts:mode:)``. It is a value, safe to hand
/// to another thread: the data controller validates on main and applies off main.
public struct CompletedChangeSet: Sendable {
    /// Items per section before the batch.
    public let oldItemCounts: [Int]
    /// Items per section after the batch.
    public let newItemCounts: [Int]
    /// The edits in the order they were made, with their animation options.
    public let edits: [ChangeSet.AnimatedEdit]
    /// The batch in the form that storage applies.
    public let normalized: NormalizedEdits
    /// Whether the whole batch is a `reloadData`.
    public let includesReloadData: Bool
    /// Whether the view should animate the batch (the outermost `endUpdates` decides).
    public internal(set) var isAnimated: Bool
    /// The batch's `ChangeSet.replacedItems`: deleted and inserted items
    /// that are one item to the app, old index path to new.
    package internal(set) var replacedItems: [IndexPath: IndexPath] = [:]

    let sectionShift: _IndexShift
    let sectionMoveForward: [Int: Int]
    let sectionMoveBackward: [Int: Int]
    let sectionReloadForward: [Int: Int]
    let sectionReloadBackward: [Int: Int]
    let itemRemovedByOldSection: [Int: [Int]]
    let itemOccupiedByNewSection: [Int: [Int]]
    let itemJumpForward: _PathTable<_Path>
    let itemJumpBackward: _PathTable<_Path>
    let deletedSectionSet: Set<Int>
    let insertedSectionSet: Set<Int>
    var completions: [@Sendable (Bool) -> Void]

    /// The edits in the order a view receives them: reloads, deletes, inserts, then
    /// moves, each kind in call order (Texture's relay order, with native moves last).
    ///
    /// - Complexity: O(*k* log *k*) for *k* edits.
    public var editsInRelayOrder: [ChangeSet.AnimatedEdit] {
        edits.enumerated()
            .sorted { ($0.element.edit.relayRank, $0.offset) < ($1.element.edit.relayRank, $1.offset) }
            .map(\.element)
    }

    init(
        oldItemCounts: [Int], newItemCounts: [Int], edits: [ChangeSet.AnimatedEdit],
        outcome: _BatchValidator.Outcome?, isAnimated: Bool, completions: [@Sendable (Bool) -> Void]
    ) {
        self.oldItemCounts = oldItemCounts
        self.newItemCounts = newItemCounts
        self.edits = edits
        self.isAnimated = isAnimated
        self.completions = completions
        includesReloadData = outcome == nil
        let o = outcome ?? _BatchValidator.Outcome(
            deletedSections: [], insertedSections: [], sectionMoves: [], deletedItems: [], insertedItems: [],
            itemMoves: [], sectionReloads: [], itemReloads: [], sectionShift: .identity)
        normalized = NormalizedEdits(
            deletedSections: o.deletedSections,
            insertedSections: o.insertedSections,
            movedSections: o.sectionMoves.map { .init(from: $0.from, to: $0.to) },
            deletedItems: o.deletedItems.map(\.indexPath),
            insertedItems: o.insertedItems.map(\.indexPath),
            movedItems: o.itemMoves.map { .init(from: $0.from.indexPath, to: $0.to.indexPath) },
            reloadedSections: o.sectionReloads.map { .init(from: $0.from, to: $0.to) },
            reloadedItems: o.itemReloads.map { .init(from: $0.from.indexPath, to: $0.to.indexPath) })
        sectionShift = o.sectionShift
        sectionMoveForward = Dictionary(uniqueKeysWithValues: o.sectionMoves.map { ($0.from, $0.to) })
        sectionMoveBackward = Dictionary(uniqueKeysWithValues: o.sectionMoves.map { ($0.to, $0.from) })
        sectionReloadForward = Dictionary(o.sectionReloads.map { ($0.from, $0.to) }, uniquingKeysWith: { a, _ in a })
        sectionReloadBackward = Dictionary(o.sectionReloads.map { ($0.to, $0.from) }, uniquingKeysWith: { a, _ in a })
        deletedSectionSet = Set(o.deletedSections)
        insertedSectionSet = Set(o.insertedSections)
        // Reloaded items jump to their insert half; moved items to their destination.
        let jumps = o.itemReloads.count + o.itemMoves.count
        var forward = _PathTable<_Path>(minimumCapacity: jumps), backward = _PathTable<_Path>(minimumCapacity: jumps)
        for (from, to) in o.itemReloads where !deletedSectionSet.contains(from.section) {
            forward.set(to, for: from)
            backward.set(from, for: to)
        }
        for (from, to) in o.itemMoves {
            forward.set(to, for: from)
            backward.set(from, for: to)
        }
        itemJumpForward = forward
        itemJumpBackward = backward
        // Without moves, the lists are grouped as they are: joined to an empty
        // list, each would be copied whole.
        itemRemovedByOldSection = groupItems(o.itemMoves.isEmpty ? o.deletedItems : o.deletedItems + o.itemMoves.map(\.from))
        itemOccupiedByNewSection = groupItems(o.itemMoves.isEmpty ? o.insertedItems : o.insertedItems + o.itemMoves.map(\.to))
    }

    /// Runs every completion handler of the batch, in the order they were added.
    ///
    /// - Parameter finished: Whether the view finished its animations, as UIKit reports it.
    public func runCompletions(finished: Bool) {
        for completion in completions { completion(finished) }
    }
}
