public import WeftRangeController

/// Batch fetching for a ``CollectionNode``, as in `ASCollectionDelegate`: asked
/// when the content left ahead of the viewport falls under
/// ``CollectionNode/leadingScreensForBatching`` screenfuls.
@MainActor
public protocol CollectionNodeDelegate: AnyObject {
    /// Whether there is more to fetch now. The default is `true`.
    func shouldBatchFetch(for collectionNode: CollectionNode) -> Bool

    /// Starts fetching. Insert the new items, then call
    /// ``BatchContext/completeBatchFetching(_:)`` on `context`; no other fetch
    /// starts until then.
    func collectionNode(_ collectionNode: CollectionNode, willBeginBatchFetchWith context: BatchContext)
}

extension CollectionNodeDelegate {
    public func shouldBatchFetch(for collectionNode: CollectionNode) -> Bool { true }
}
