/// A weak reference to a node that a `@Sendable` closure can hold: drawings and
/// main-queue blocks must not keep a node alive.
struct _WeakNode: Sendable {
    weak var node: DisplayNode?

    init(_ node: DisplayNode) {
        self.node = node
    }
}
