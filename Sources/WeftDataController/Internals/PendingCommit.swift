import WeftChangeSet
import WeftElementMap

/// What waits between step 1 and step 5, on main, in commit order.
enum PendingCommit {
    /// A batch update: its validated change set, the map it produced and the
    /// elements step 3 measures.
    case update(
        CompletedChangeSet, ElementMap<CollectionElement>, measured: [CollectionElement],
        completion: (@MainActor (Result<Void, DataControllerError>) -> Void)?)
    /// A relayout for a new viewport size, and the elements it measures again.
    case relayout([CollectionElement], completion: (@MainActor () -> Void)?)

    /// The map an update produced; `nil` for a relayout.
    var map: ElementMap<CollectionElement>? {
        if case .update(_, let map, _, _) = self { return map }
        return nil
    }

    /// The elements this commit's step 3 measured.
    var measuredElements: [CollectionElement] {
        switch self {
        case .update(_, _, let measured, _): measured
        case .relayout(let measured, _): measured
        }
    }
}
