/// A weak reference to an attachment, as a ``Cancelable`` holds it: cancelling must
/// not keep alive what only its owner or consumer should.
struct WeakAttachment: Sendable {
    weak var target: (any Detachable)?
}
