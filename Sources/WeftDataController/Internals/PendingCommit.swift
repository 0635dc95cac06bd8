import WeftChangeSet
import WeftElementMap

/// What waits between step 1 and step 5, on main, in commit order.
enum PendingCommit {
    /// A batch update: its validated change set and the map it produced.
    case update(
        CompletedChangeSet, ElementMap<CollectionElement>,
        completion: (@MainActor (Result<Void, DataControllerError>) -> Void)?)
    /// A relayout for a new viewport size.
    case relayout(completion: (@MainActor () -> Void)?)
}

/// A map version on its way to the dealloc queue: when the box dies there, so
/// does the version, and with it every element no other version holds.
final class RetiredMap: Sendable {
    let map: ElementMap<CollectionElement>

    init(_ map: consuming ElementMap<CollectionElement>) {
        self.map = map
    }
}
