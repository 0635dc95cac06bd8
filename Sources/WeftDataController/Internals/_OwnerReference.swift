package import WeftNode

/// A data controller's owning node, held weakly once for all its elements.
///
/// Each element used to hold the owner weakly itself: a weak reference per
/// element is a side-table increment when the element is made, another when its
/// state is copied into its lock, and a decrement when it dies, about 10% of
/// main's time making a million elements. Elements now share this reference and
/// retain it, which is the object's inline count. A data controller makes a new
/// one when its owning node changes; elements made before keep the old.
package final class _OwnerReference: Sendable {
    package weak let node: (any CellNodeContainer)?

    package init(_ node: (any CellNodeContainer)?) {
        self.node = node
    }
}
