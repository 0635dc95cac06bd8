/// A graph attachment a ``Cancelable`` can remove: a transform edge or a listen edge.
protocol Detachable: AnyObject, Sendable {
    /// Removes the attachment from the graph; does nothing if it is already detached.
    /// Takes the lock of the attachment's graph, or runs at once if this thread
    /// holds it.
    func detach()
}
