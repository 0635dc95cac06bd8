import Foundation
import WeftChangeSet
import WeftElementMap

/// What waits between step 1 and step 5, on main, in commit order.
enum _PendingCommit {
    /// A batch update: its validated change set, the map it produced (ready
    /// by the commit: step 3 waits for it), the batch a view records for it,
    /// made and validated in step 3 (for a large update), the
    /// elements step 3 measures that step 1 made or kept (with what step 3
    /// found among them and among those the derivation made), the sections
    /// whose supplementary elements it asked again, and the delegate's
    /// preparation, if it gave one.
    case update(
        CompletedChangeSet, _DerivedMap, measured: _MeasuredElements, repopulatedSections: [Int],
        preparation: _PreparationSlot?, relay: _PreparationSlot?,
        completion: (@MainActor (Result<Void, DataControllerError>) -> Void)?)
    /// A relayout for a new viewport size, and the elements it measures again.
    case relayout(_MeasuredElements, completion: (@MainActor () -> Void)?)
    /// Absent items that a range asked for: the map that gives them elements,
    /// their paths in it, and the elements step 3 makes and measures.
    case load(ElementMap<CollectionElement>, paths: [IndexPath], measured: _MeasuredElements)
    /// Loaded items made absent again: the map without their elements, and their paths in it.
    case unload(ElementMap<CollectionElement>, paths: [IndexPath])

    /// The map an update or a load produced; `nil` for a relayout.
    var map: ElementMap<CollectionElement>? {
        switch self {
        case .update(_, let map, _, _, _, _, _): map.map
        case .load(let map, _, _), .unload(let map, _): map
        case .relayout: nil
        }
    }

    /// The change set of an update; `nil` for the others, which keep the index space.
    var changeSet: CompletedChangeSet? {
        if case .update(let changeSet, _, _, _, _, _, _) = self { return changeSet }
        return nil
    }

    /// What tells the waiters of this commit that it never will happen, if
    /// anyone waits: the change set's handlers get `false`, the completion
    /// ``DataControllerError/released``.
    var releaseNotice: (@MainActor @Sendable () -> Void)? {
        switch self {
        case .update(let changeSet, _, _, _, _, _, let completion):
            return { @MainActor in
                changeSet.runCompletions(finished: false)
                completion?(.failure(.released))
            }
        case .relayout(_, let completion):
            return completion.map { completion in { @MainActor in completion() } }
        case .load, .unload:
            return nil
        }
    }

    /// The elements an update's derivation made off main (``_DerivedMap/madeElements(waitingAs:)``),
    /// which step 3 measured too; empty for the others.
    var elementsMadeOffMain: [CollectionElement] {
        if case .update(_, let map, _, _, _, _, _) = self { return map.madeElements(waitingAs: "main") }
        return []
    }

    /// The elements this commit's step 3 measured, except those an update's
    /// derivation made off main: an update's new elements that step 1 made and
    /// its kept reloads whose size range changed, a load's elements, a
    /// relayout's.
    var measuredElements: [CollectionElement] {
        measured?.elements ?? []
    }

    /// The elements step 3 measures that main made or kept, with what step 3
    /// found among them; `nil` for an unload, which measures nothing.
    var measured: _MeasuredElements? {
        switch self {
        case .update(_, _, let measured, _, _, _, _): measured
        case .relayout(let measured, _): measured
        case .load(_, _, let measured): measured
        case .unload: nil
        }
    }
}
