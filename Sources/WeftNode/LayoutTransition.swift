/// A change from one layout of a node to the next, with the subnodes it
/// inserts and removes: what ``DisplayNode/transitionLayout(to:animated:)``
/// hands to ``DisplayNode/animateLayoutTransition(_:)``.
///
/// The inserted subnodes are in the node already when the transition starts, so
/// they can be animated in. The removed ones stay until
/// ``completeTransition()``, so they can be animated out; then they leave, and
/// the transition lets go of them and of ``previousLayout``: a removed subnode
/// that nothing else holds dies at completion, not with the transition object.
/// A newer transition of the same node cancels this one (``isCancelled``).
@MainActor
public final class LayoutTransition {
    /// The node whose layout changes; `nil` once it died.
    public private(set) weak var node: DisplayNode?
    /// Whether the transition was asked to animate.
    public let isAnimated: Bool
    /// The layout the last transition applied, or `nil` for the node's first;
    /// `nil` too once the transition completed or was cancelled.
    public private(set) var previousLayout: Layout?
    /// The layout this transition applies.
    public let layout: Layout
    /// Subnodes the new layout added; they are subnodes from the start. Empty
    /// once the transition completed or was cancelled.
    public private(set) var insertedSubnodes: [DisplayNode]
    /// Subnodes the new layout dropped; they leave when the transition completes.
    /// Empty once it completed or was cancelled, so that the transition keeps
    /// none of them alive.
    public private(set) var removedSubnodes: [DisplayNode]
    /// Whether ``completeTransition()`` ran.
    public private(set) var isComplete = false
    /// Whether a newer transition of the node replaced this one before it
    /// completed; ``completeTransition()`` then does nothing, and
    /// ``DisplayNode/didCompleteLayoutTransition(_:)`` is not called for it.
    public private(set) var isCancelled = false

    init(
        node: DisplayNode, isAnimated: Bool, previousLayout: Layout?, layout: Layout,
        insertedSubnodes: [DisplayNode], removedSubnodes: [DisplayNode]
    ) {
        self.node = node
        self.isAnimated = isAnimated
        self.previousLayout = previousLayout
        self.layout = layout
        self.insertedSubnodes = insertedSubnodes
        self.removedSubnodes = removedSubnodes
    }

    /// Ends the transition: removes the subnodes the new layout dropped (they
    /// leave every interface state), then calls
    /// ``DisplayNode/didCompleteLayoutTransition(_:)``.
    ///
    /// Only the first call does anything, and none on a cancelled transition
    /// (``isCancelled``). The transition then lets go of its subnodes and its
    /// previous layout. A removed subnode that is no longer
    /// a subnode of the node (something moved it meanwhile) is left where it is.
    ///
    /// - Complexity: O(*r* (*k* + *s*)) for *r* removed subnodes, *k* subnodes
    ///   of the node and *s* nodes per removed subtree.
    public func completeTransition() {
        guard !isComplete, !isCancelled else { return }
        isComplete = true
        node?.finishTransition(self)
        letGo()
    }

    /// Marks the transition replaced by a newer one of its node.
    func cancel() {
        guard !isComplete else { return }
        isCancelled = true
        letGo()
    }

    /// Drops the transition's references to subnodes and the previous layout.
    private func letGo() {
        previousLayout = nil
        insertedSubnodes = []
        removedSubnodes = []
    }
}
