import DequeModule

/// A listen edge with its typed handler and the values waiting for it.
// @unchecked Sendable: `handler` never changes; `values` is read and written only
// by the thread that holds the lock of `node`'s graph; see AnyListenEdge.
final class ListenEdge<Value: Sendable>: AnyListenEdge, @unchecked Sendable {
    /// Called outside every graph lock, on the thread that delivers, never
    /// concurrently with itself.
    let handler: (Value) -> Void
    /// Values not yet delivered, oldest first.
    private var values = Deque<Value>()

    init(node: ValueNode<Value>, ownerTypeName: String, handler: @escaping (Value) -> Void) {
        self.handler = handler
        super.init(node: node, ownerTypeName: ownerTypeName)
    }

    /// Adds `value` to the values waiting; if no thread is delivering them yet,
    /// `thread` will. Call under the graph's lock.
    func queue(_ value: Value, on thread: WaveThread) {
        guard !isDetached else { return }
        values.append(value)
        if !isQueued {
            isQueued = true
            thread.deliveries.append(.passRetained(self))
        }
    }

    override func deliverNext() -> Bool {
        let next: Value? = PropagationEngine.withGraph(of: node) { _ in
            guard !isDetached, let value = values.popFirst() else {
                values.removeAll()
                isQueued = false
                return nil
            }
            return value
        }
        guard let next else { return false }
        handler(next)
        return PropagationEngine.withGraph(of: node) { _ in
            guard !isDetached, !values.isEmpty else {
                values.removeAll(keepingCapacity: !isDetached)
                isQueued = false
                return false
            }
            return true
        }
    }
}
