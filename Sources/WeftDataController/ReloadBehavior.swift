/// What an item reload of a batch does with the item's node.
public enum ReloadBehavior: Hashable, Sendable {
    /// Texture's reload: the node stays when the data source's node model for the
    /// item equals the node's, or when the node can take the new model
    /// (`CellNode.canUpdate(toNodeModel:)`), which it then gets;
    /// otherwise the item gets a new node. The default.
    case followsNodeModel

    /// UIKit's `reconfigureItems(at:)`: the node stays and is handed the data
    /// source's node model through `CellNode.updateNodeModel(_:)`
    /// even when it equals the old one, then measured again. An item with no
    /// node model, or whose node cannot take the model, gets a new node.
    case reconfiguresNode
}
