/// A listen edge with its typed handler.
// @unchecked Sendable: `handler` never changes, and is called only by the thread that
// holds PropagationEngine.shared's gate; see AnyListenEdge.
final class ListenEdge<Value: Sendable>: AnyListenEdge, @unchecked Sendable {
    /// Called on the thread that runs the wave, under the engine's gate, never
    /// concurrently with itself.
    let handler: (Value) -> Void

    init(node: ValueNode<Value>, ownerTypeName: String, handler: @escaping (Value) -> Void) {
        self.handler = handler
        super.init(node: node, ownerTypeName: ownerTypeName)
    }
}
