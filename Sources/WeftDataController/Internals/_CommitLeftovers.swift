import WeftChangeSet
import WeftElementMap

/// What a commit lets go of, handed to the dealloc queue so that it dies on the
/// queue's thread: the previous visible map with the batch a view recorded for
/// the update, and then the commit itself.
///
/// An object of a concrete class rather than a boxed value: the dealloc queue
/// boxes a value in a generic class, whose metadata the runtime looked up in
/// its cache for each box, and the recorded batch (an edit per change) was
/// destroyed on main.
///
/// Not `Sendable`: main fills it and hands it over (`DeallocQueue.release(_:)`
/// takes any object); from then on only its deinitializer, on the queue's
/// thread, touches it.
final class _CommitLeftovers {
    var previousMap: ElementMap<CollectionElement>?
    var relayedBatch: ChangeSet?
    var commit: _PendingCommit?
}
