public import WeftNode

/// Hears which nodes a range controller moved to another interface state.
@MainActor
public protocol RangeControllerDelegate: AnyObject {
    /// Tells the delegate that the range controller just set a node's interface
    /// state (recursively, so its subnodes followed).
    ///
    /// - Parameters:
    ///   - rangeController: The range controller.
    ///   - node: The cell node; its `DisplayNode.interfaceState` is the new state.
    ///   - oldState: The state it left.
    func rangeController(
        _ rangeController: RangeController, didChangeInterfaceStateOf node: CellNode, from oldState: InterfaceState)
}
