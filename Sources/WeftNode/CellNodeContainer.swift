public import Foundation

/// A container that shows cell nodes (a collection, table or pager node), as a
/// cell node sees it through ``CellNode/owningNode``.
@MainActor
public protocol CellNodeContainer: AnyObject, Sendable {
    /// Where `node` is shown, in the data source's index space (which includes
    /// updates not committed yet), or `nil` if this container does not show it.
    func indexPath(for node: CellNode) -> IndexPath?
}
