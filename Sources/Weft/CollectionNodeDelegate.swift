public import Foundation
public import WeftRangeController

/// Selection and batch fetching for a ``CollectionNode``, as in `ASCollectionDelegate`.
///
/// The selection methods follow UIKit: they are asked and told about taps
/// (``CollectionNode/tapItem(at:)``), never about
/// ``CollectionNode/selectItem(at:animated:scrollPosition:)`` and
/// ``CollectionNode/deselectItem(at:animated:)``, with index paths in the data
/// source's index space.
///
/// Batch fetching is asked
/// when the content left ahead of the viewport falls under
/// ``CollectionNode/leadingScreensForBatching`` screenfuls.
///
/// Both methods are called on main on a turn of their own, never from inside a
/// commit or a data-source call, so the delegate may insert the new items right
/// there:
///
/// ```swift
/// func collectionNode(_ collectionNode: CollectionNode, willBeginBatchFetchWith context: BatchContext) {
///     let page = store.nextPage()                  // or start a request, and do this when it returns
///     let start = posts.count
///     posts += page
///     try? collectionNode.insertItems(at: (start ..< posts.count).map { IndexPath(item: $0, section: 0) })
///     context.completeBatchFetching(!page.isEmpty)
/// }
/// ```
///
/// After a fetch ends, the delegate is asked again only once the viewport moves,
/// the content changes (the new items commit) or
/// ``CollectionNode/checkForBatchFetching()`` is called, so a fetch that finds
/// nothing never makes an idle collection ask in a loop. Return `false` from
/// ``shouldBatchFetch(for:)`` to stop fetching.
@MainActor
public protocol CollectionNodeDelegate: AnyObject {
    /// Whether there is more to fetch now. The default is `true`.
    func shouldBatchFetch(for collectionNode: CollectionNode) -> Bool

    /// Returns whether there is content to fetch before the first item: asked
    /// when the user scrolls toward the start within ``CollectionNode/leadingScreensForBatching``
    /// of it. The fetch's `context.direction` is then `.start`: insert the items
    /// at the start; the item on screen keeps its place
    /// (``CollectionNode/automaticallyAdjustsContentOffset``). The default is
    /// `false`. A chat that keeps its newest message at the end fetches its
    /// history here; an ``CollectionNode/isInverted`` chat fetches it at the end.
    func shouldBatchFetchAtStart(for collectionNode: CollectionNode) -> Bool

    /// Starts fetching. Insert the new items, at once or when they arrive, then
    /// call `BatchContext.completeBatchFetching(_:)` on `context` (`false` if
    /// nothing came); no other fetch starts until then.
    func collectionNode(_ collectionNode: CollectionNode, willBeginBatchFetchWith context: BatchContext)

    /// Whether a tap may select the item. The default is `true`.
    func collectionNode(_ collectionNode: CollectionNode, shouldSelectItemAt indexPath: IndexPath) -> Bool

    /// A tap selected the item.
    func collectionNode(_ collectionNode: CollectionNode, didSelectItemAt indexPath: IndexPath)

    /// Whether a tap may deselect the item (multiple selection only). The default is `true`.
    func collectionNode(_ collectionNode: CollectionNode, shouldDeselectItemAt indexPath: IndexPath) -> Bool

    /// A tap deselected the item: tapped again with multiple selection, or
    /// replaced by another item's selection.
    func collectionNode(_ collectionNode: CollectionNode, didDeselectItemAt indexPath: IndexPath)
}

extension CollectionNodeDelegate {
    public func shouldBatchFetch(for collectionNode: CollectionNode) -> Bool { true }

    public func shouldBatchFetchAtStart(for collectionNode: CollectionNode) -> Bool { false }

    /// Declines every fetch: a delegate that only handles selection never fetches.
    public func collectionNode(_ collectionNode: CollectionNode, willBeginBatchFetchWith context: BatchContext) {
        context.completeBatchFetching(false)
    }

    public func collectionNode(_ collectionNode: CollectionNode, shouldSelectItemAt indexPath: IndexPath) -> Bool { true }

    public func collectionNode(_ collectionNode: CollectionNode, didSelectItemAt indexPath: IndexPath) {}

    public func collectionNode(_ collectionNode: CollectionNode, shouldDeselectItemAt indexPath: IndexPath) -> Bool {
        true
    }

    public func collectionNode(_ collectionNode: CollectionNode, didDeselectItemAt indexPath: IndexPath) {}
}
