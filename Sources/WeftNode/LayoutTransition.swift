/// A change from one layout of a node to the next, with the subnodes it
/// inserts and removes: what ``DisplayNode/transitionLayout(to:animated:)``
/// hands to ``DisplayNode/animateLayoutTransition(_:)``.
///
/// The inserted subnodes are in the node already when the transition starts, so
/// they can be animated in. The removed ones stay until
/// ``completeTransition()``, so they can be animated out; then they leave.
@MainActor
public final class LayoutTransition {
    /// The node whose layout changes; `nil` once it died.
    public private(set) weak var node: DisplayNode?
    /// Whether the transition was asked to animate.
    public let isAnimated: Bool
    /// The layout the last transition applied, or `nil` for the node's first.
    public let previousLayout: Layout?
    /// The layout this transition applies.
    public let layout: Layout
    /// Subnodes the new layout added; they are subnodes from the start.
    public let insertedSubnodes: [DisplayNode]
    /// Subnodes the new layout dropped; they leave when the transition completes.
    public let removedSubnodes: [DisplayNode]
    /// Whether ``completeTransition()`` ran.
    public private(set) var isComplete = false

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
    /// Only the first call does anything. A removed subnode that is no longer
    /// a subnode of the node (something moved it meanwhile) is left where it is.
    ///
    /// - Complexity: O(*r* (*k* + *s*)) for *r* removed subnodes, *k* subnodes
    ///   of the node and *s* nodes per removed subtree.
    public func completeTransition() {
        guard !isComplete else { return }
        isComplete = true
        node?.finishTransition(self)
    }
}
