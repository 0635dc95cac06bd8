/// A graph attachment a ``Cancelable`` can remove: a transform edge or a listen edge.
protocol Detachable: AnyObject, Sendable {
    /// Removes the attachment from the graph; does nothing if it is already detached.
    /// Call only while holding the engine's gate.
    func detach()
}
