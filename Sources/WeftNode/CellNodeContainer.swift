public import Foundation

/// A container that shows cell nodes (a collection, table or pager node), as a
/// cell node sees it through ``CellNode/owningNode``.
@MainActor
public protocol CellNodeContainer: AnyObject, Sendable {
    /// Where `node` is shown, in the data source's index space (which includes
    /// updates not committed yet), or `nil` if this container does not show it.
    func indexPath(for node: CellNode) -> IndexPath?

    /// `node`'s layout was dropped (``DisplayNode/setNeedsLayout()`` reached
    /// it, as when one of its text nodes' text changed): the container measures
    /// it again and moves the items after it if its size changed. Texture's
    /// `nodeDidInvalidateSize:`.
    ///
    /// Called on main, in the main-queue turn after the drop, for every node
    /// whose layout was dropped since the last call (a node dropped twice is
    /// named twice).
    func cellNodeDidInvalidateLayout(_ node: CellNode)
}

extension CellNodeContainer {
    /// Does nothing: a container that measures nothing again keeps its sizes.
    public func cellNodeDidInvalidateLayout(_ node: CellNode) {}
}
