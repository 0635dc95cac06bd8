import Foundation
import WeftCore

/// A batch of edits to a sectioned list, collected the way UIKit collects them.
///
/// Record edits with UIKit's names, optionally inside nested ``beginUpdates()`` /
/// ``endUpdates(animated:completion:)`` pairs, which coalesce into one batch. Then
/// ``completed(newItemCounts:mode:)`` validates the batch against the counts before and
/// after it and returns a ``CompletedChangeSet``, or throws a ``ChangeSetError`` that
/// names the section, item and counts involved. Nothing is applied until then.
///
/// ```swift
/// var changes = ChangeSet(oldItemCounts: [3, 2])
/// changes.beginUpdates()
/// changes.insertItems(at: [IndexPath(item: 0, section: 0)])
/// changes.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 1))
/// changes.endUpdates()
/// let done = try changes.completed(newItemCounts: [3, 3])
/// done.newIndexPath(forOld: IndexPath(item: 1, section: 0))   // [0, 2]
/// ```
///
/// Moves are native: a moved item keeps its identity (and, in the pipeline, its node).
public struct ChangeSet: Sendable {
    /// Items per section before the batch, captured when the batch began.
    public let oldItemCounts: [Int]
    /// The edits recorded so far, in call order.
    public internal(set) var edits: [AnimatedEdit] = []
    /// The number of ``beginUpdates()`` not yet matched by ``endUpdates(animated:completion:)``.
    public private(set) var updateDepth = 0
    /// Whether the view animates the batch; set by the outermost `endUpdates`.
    public private(set) var isAnimated = true

    /// Items the batch deletes and inserts that are one item to the app (a
    /// diffable data source's reload of a moved item), old index path to new:
    /// not an edit and never validated, a hint a view uses to keep showing
    /// the old drawing until the new one lands.
    package var replacedItems: [IndexPath: IndexPath] = [:]

    private var endedTooOften = false
    /// A section edit that named more than ``maximumSectionsPerEdit`` sections:
    /// how many, and the number of edits recorded before it (for ``discardUpdates()``).
    private var oversizedSectionEdit: (count: Int, position: Int)?
    private var completions: [@Sendable (Bool) -> Void] = []
    /// Per open group, the edits and completions recorded before it began.
    private var groupStarts: [(edits: Int, completions: Int)] = []
    /// The validation ``prevalidate(newItemCounts:mode:)`` did off main, for
    /// the first `editCount` edits. Edits are only appended, except by
    /// ``discardUpdates()``, which drops it; so it holds while the count is
    /// the same. (Not an observer on `edits`: that cost every recorded edit.)
    private var prevalidated: (editCount: Int, newItemCounts: [Int], mode: ValidationMode, result: CompletedChangeSet)?

    /// Creates an empty batch over sections with the given item counts.
    ///
    /// - Parameter oldItemCounts: Items per section before the batch, as the data source
    ///   reports them when the outermost batch begins.
    public init(oldItemCounts: [Int]) {
        self.oldItemCounts = oldItemCounts
    }

    /// Whether no edit has been recorded.
    public var isEmpty: Bool { edits.isEmpty }

    /// Whether a ``reloadData()`` has been recorded, as its completed form's
    /// ``CompletedChangeSet/includesReloadData`` will say.
    ///
    /// - Complexity: O(*k*) for *k* edits.
    public var includesReloadData: Bool {
        // A loop, not `contains(where:)`: a closure formed on the main actor
        // checks its executor at every call, 10,000 checks for a 10% update of
        // 100k items, where this answers from any isolation without one.
        for edit in edits where edit.edit == .reloadData { return true }
        return false
    }

    /// The most sections one section edit (``insertSections(_:options:)``,
    /// ``deleteSections(_:options:)``, ``reloadSections(_:options:)``) may name:
    /// the most sections an element map holds, 2^23 − 1. A larger set records
    /// nothing and the batch is refused with
    /// ``ChangeSetError/Reason/tooManySections(count:limit:)``: an `IndexSet` of
    /// `0 ..< Int.max` is a few bytes, its edits would not fit in memory.
    public static let maximumSectionsPerEdit = (1 << 23) - 1

    /// Opens a (possibly nested) group of edits; all groups coalesce into one batch.
    public mutating func beginUpdates() {
        updateDepth += 1
        groupStarts.append((edits.count, completions.count))
    }

    /// Closes the innermost open group and drops what it recorded: its edits, and
    /// the completions of groups nested in it, which run now with `false`.
    ///
    /// For a group whose work failed half-way (a batch closure that threw): the
    /// rest of the batch stays as if the group had never begun. Without an open
    /// group it does nothing.
    ///
    /// - Complexity: O(*d*) for the *d* dropped edits and completions.
    public mutating func discardUpdates() {
        guard let start = groupStarts.popLast() else { return }
        updateDepth -= 1
        if let oversized = oversizedSectionEdit, oversized.position >= start.edits { oversizedSectionEdit = nil }
        edits.removeSubrange(start.edits...)
        prevalidated = nil
        let dropped = completions[start.completions...]
        completions.removeSubrange(start.completions...)
        for completion in dropped { completion(false) }
    }

    /// Closes the innermost group opened by ``beginUpdates()``.
    ///
    /// An unmatched call is remembered and reported by ``completed(newItemCounts:mode:)``.
    ///
    /// - Parameters:
    ///   - animated: Whether the view animates the batch; the outermost call decides.
    ///   - completion: Runs when the view has applied the batch, after completions added
    ///     before it; receives whether the view's animations finished.
    public mutating func endUpdates(animated: Bool = true, completion: (@Sendable (Bool) -> Void)? = nil) {
        guard updateDepth > 0 else {
            endedTooOften = true
            return
        }
        updateDepth -= 1
        groupStarts.removeLast()
        if let completion { completions.append(completion) }
        if updateDepth == 0 { isAnimated = animated }
    }

    /// Runs every completion handler added so far, in order, without validating.
    ///
    /// For a batch that never reaches a view: a data controller that refuses the
    /// batch calls this with `false`, so no completion is lost.
    ///
    /// - Parameter finished: What to tell the handlers; `false` for a refused batch.
    public func runCompletions(finished: Bool) {
        for completion in completions { completion(finished) }
    }

    /// Validates the batch and returns its normalized form and index mappings.
    ///
    /// - Parameters:
    ///   - newItemCounts: Items per section after the batch, as the data source reports them.
    ///   - mode: ``ValidationMode/strict`` (the default) or ``ValidationMode/faithful``.
    /// - Returns: The validated batch.
    /// - Throws: ``ChangeSetError`` naming the first rule the batch breaks.
    /// - Complexity: O(*k* log *k* + *s*) for *k* edits over *s* sections.
    public func completed(
        newItemCounts: [Int], mode: ValidationMode = .strict
    ) throws(ChangeSetError) -> CompletedChangeSet {
        if endedTooOften { throw ChangeSetError(.unbalancedEndUpdates, viewKind: mode.viewKind) }
        if let oversized = oversizedSectionEdit {
            throw ChangeSetError(
                .tooManySections(count: oversized.count, limit: Self.maximumSectionsPerEdit), viewKind: mode.viewKind)
        }
        if updateDepth > 0 {
            throw ChangeSetError(.unfinishedBeginUpdates(depth: updateDepth), viewKind: mode.viewKind)
        }
        let reloadsData = edits.contains { $0.edit == .reloadData }
        if reloadsData, edits.count > 1 {
            throw ChangeSetError(.reloadDataWithOtherEdits(otherEditCount: edits.count - 1), viewKind: mode.viewKind)
        }
        if let prevalidated, prevalidated.editCount == edits.count, prevalidated.newItemCounts == newItemCounts,
            prevalidated.mode == mode
        {
            var result = prevalidated.result
            result.isAnimated = isAnimated
            result.completions = completions
            result.replacedItems = replacedItems
            return result
        }
        let validator = _BatchValidator(old: oldItemCounts, new: newItemCounts, edits: edits, mode: mode)
        try validator.checkIndexPathShapes(edits)
        // A reload replaces everything, so only the counts themselves are checked.
        let outcome = reloadsData ? nil : try validator.validate()
        if reloadsData { try validator.checkCountsAreNotNegative() }
        var result = CompletedChangeSet(
            oldItemCounts: oldItemCounts, newItemCounts: newItemCounts, edits: edits,
            outcome: outcome, isAnimated: isAnimated, completions: completions)
        result.replacedItems = replacedItems
        return result
    }

    /// Validates the edits recorded so far against `newItemCounts`, so that
    /// ``completed(newItemCounts:mode:)`` with the same counts and mode, later
    /// and maybe on another thread, costs O(*s*) for *s* sections instead of
    /// validating again: a batch a diff made off main is validated there, not
    /// on main where the data controller completes it. Any edit recorded or
    /// discarded afterwards drops the result; grouping and completion handlers
    /// do not. An invalid batch keeps nothing: completing it reports its error.
    ///
    /// - Returns: Whether the batch is valid.
    /// - Complexity: As ``completed(newItemCounts:mode:)``.
    @discardableResult
    package mutating func prevalidate(newItemCounts: [Int], mode: ValidationMode) -> Bool {
        guard updateDepth == 0, !endedTooOften, oversizedSectionEdit == nil else { return false }
        do {
            let result = try completed(newItemCounts: newItemCounts, mode: mode)
            prevalidated = (edits.count, newItemCounts, mode, result)
            return true
        } catch {
            return false
        }
    }

    /// Whether ``completed(newItemCounts:mode:)`` with these counts and mode
    /// would take the result ``prevalidate(newItemCounts:mode:)`` kept, instead
    /// of validating.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    package func isPrevalidated(newItemCounts: [Int], mode: ValidationMode) -> Bool {
        guard let prevalidated else { return false }
        return prevalidated.editCount == edits.count && prevalidated.newItemCounts == newItemCounts
            && prevalidated.mode == mode
    }

    /// Whether a section edit naming `sections` may be recorded; if not, the batch
    /// remembers why, for ``completed(newItemCounts:mode:)``.
    mutating func admitsSectionEdit(_ sections: IndexSet) -> Bool {
        guard sections.count > Self.maximumSectionsPerEdit else { return true }
        if oversizedSectionEdit == nil { oversizedSectionEdit = (sections.count, edits.count) }
        return false
    }
}
