public import Foundation

/// A container that shows cell nodes (a collection, table or pager node), as a
/// cell node sees it through ``CellNode/owningNode``.
@MainActor
public protocol CellNodeContainer: AnyObject, Sendable {
    /// Where `node` is shown, in the data source's index space (which includes
    /// updates not committed yet), or `nil` if this container does not show it.
    func indexPath(for node: CellNode) -> IndexPath?

    /// The layouts of `nodes` were dropped (``DisplayNode/setNeedsLayout()``
    /// reached them, as when one of their text nodes' text changed): the
    /// container measures them again and moves the items after them if their
    /// sizes changed. Texture's `nodeDidInvalidateSize:`, once per main-queue
    /// turn for every cell dropped since the last call, each named once.
    ///
    /// Called on main. Drops a container takes back before the turn (it is
    /// about to measure every node again, at a new text scale or font) are
    /// not named.
    func cellNodesDidInvalidateLayout(_ nodes: [CellNode])
}

extension CellNodeContainer {
    /// Does nothing: a container that measures nothing again keeps its sizes.
    public func cellNodesDidInvalidateLayout(_ nodes: [CellNode]) {}
}
