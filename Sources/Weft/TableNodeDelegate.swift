public import Foundation
public import WeftRangeController

/// Selection and batch fetching for a ``TableNode`` in rows, as `ASTableDelegate`.
///
/// It refines ``CollectionNodeDelegate`` so that it can be set as the table's
/// ``CollectionNode/delegate``; a ``TableNode`` asks it these row-named
/// questions, never the item-named ones, whose defaults it inherits.
@MainActor
public protocol TableNodeDelegate: CollectionNodeDelegate {
    /// Whether there is more to fetch now. The default is `true`.
    func shouldBatchFetch(for tableNode: TableNode) -> Bool

    /// Returns whether there are rows to fetch before the first one; see
    /// ``CollectionNodeDelegate/shouldBatchFetchAtStart(for:)``. The default is `false`.
    func shouldBatchFetchAtStart(for tableNode: TableNode) -> Bool

    /// Starts fetching; see ``CollectionNodeDelegate/collectionNode(_:willBeginBatchFetchWith:)``.
    /// The default declines.
    func tableNode(_ tableNode: TableNode, willBeginBatchFetchWith context: BatchContext)

    /// Whether a tap may select the row. The default is `true`.
    func tableNode(_ tableNode: TableNode, shouldSelectRowAt indexPath: IndexPath) -> Bool

    /// A tap selected the row.
    func tableNode(_ tableNode: TableNode, didSelectRowAt indexPath: IndexPath)

    /// Whether a tap may deselect the row. The default is `true`.
    func tableNode(_ tableNode: TableNode, shouldDeselectRowAt indexPath: IndexPath) -> Bool

    /// A tap deselected the row.
    func tableNode(_ tableNode: TableNode, didDeselectRowAt indexPath: IndexPath)
}

extension TableNodeDelegate {
    public func shouldBatchFetch(for tableNode: TableNode) -> Bool { true }

    public func shouldBatchFetchAtStart(for tableNode: TableNode) -> Bool { false }

    public func tableNode(_ tableNode: TableNode, willBeginBatchFetchWith context: BatchContext) {
        context.completeBatchFetching(false)
    }

    public func tableNode(_ tableNode: TableNode, shouldSelectRowAt indexPath: IndexPath) -> Bool { true }

    public func tableNode(_ tableNode: TableNode, didSelectRowAt indexPath: IndexPath) {}

    public func tableNode(_ tableNode: TableNode, shouldDeselectRowAt indexPath: IndexPath) -> Bool { true }

    public func tableNode(_ tableNode: TableNode, didDeselectRowAt indexPath: IndexPath) {}
}
