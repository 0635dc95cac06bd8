/// A handle that ends a listening or a link.
///
/// ``ValueNode/listen(owner:_:)``, ``ValueNode/link(to:transform:)`` and
/// ``ValueNode/sync(with:transform:revert:)`` return one. It refers to what it ends
/// weakly, so keeping it keeps nothing alive, and dropping it ends nothing.
public final class Cancelable: Sendable {
    private let attachments: [WeakAttachment]

    init(_ attachments: any Detachable...) {
        self.attachments = attachments.map { WeakAttachment(target: $0) }
    }

    /// Ends the listening or link.
    ///
    /// Takes effect at once: no handler call starts and no value crosses the link after
    /// `cancel()` returns (a call already running on another thread finishes), nor
    /// after it is called from inside a wave, for the rest of that wave. Whatever only the link or listening kept alive is released. Calling
    /// it again does nothing.
    ///
    /// - Complexity: O(*k*) for the *k* edges attached to the nodes involved.
    public func cancel() {
        for attachment in attachments {
            attachment.target?.detach()
        }
    }
}
