import Dispatch
import WeftCore

/// A container, held weakly once for all the elements and cell nodes it made.
///
/// Each element used to hold the owner weakly itself: a weak reference per
/// element is a side-table increment when the element is made, another when its
/// state is copied into its lock, and a decrement when it dies, about 10% of
/// main's time making a million elements. Elements now share this reference and
/// retain it, which is the object's inline count. So do their cell nodes: each
/// node's weak reference to the container was a strong load and a weak store
/// on the container's side table, from both allocation threads at once, for
/// every node made. A data controller makes a new one when its owning node
/// changes; elements and nodes made before keep the old.
package final class _OwnerReference: Sendable {
    package weak let node: (any CellNodeContainer)?
    /// The container's trait collection, which its cells and their subnodes
    /// read on any thread while they draw (`DisplayNode.traitCollection`);
    /// `nil` until the container sets one.
    package let traits = PosixMutex<TraitCollection?>(nil)

    /// Cells whose layout was dropped since the container last heard, held
    /// weakly (a cell dying meanwhile is not kept alive by its news, nor
    /// named), and whether a main-queue turn to tell it is on its way.
    private let invalidated = PosixMutex<(cells: [_WeakNode], isScheduled: Bool)>(([], false))

    package init(_ node: (any CellNodeContainer)?) {
        self.node = node
    }

    /// Tells the container, in the next main-queue turn, that `cell`'s layout
    /// was dropped; one turn serves every drop until it runs. Any thread.
    ///
    /// - Complexity: O(1).
    package func cellDidInvalidateLayout(_ cell: CellNode) {
        let schedule = invalidated.withLock { pending in
            pending.cells.append(_WeakNode(cell))
            defer { pending.isScheduled = true }
            return !pending.isScheduled
        }
        guard schedule else { return }
        DispatchQueue.main.async { [self] in
            MainActor.assumeIsolated { tellInvalidatedCells() }
        }
    }

    /// Forgets the drops not yet told: the container is about to measure every
    /// node again anyway (a new text scale or font).
    ///
    /// - Complexity: O(*k*) for *k* drops pending.
    package func discardInvalidatedCells() {
        invalidated.withLock { $0.cells.removeAll() }
    }

    /// Names the cells still alive whose layouts were dropped since the last
    /// turn to the container, each once, in the order of their first drop.
    ///
    /// - Complexity: O(*k*) for *k* drops.
    @MainActor
    private func tellInvalidatedCells() {
        let entries = invalidated.withLock { pending in
            pending.isScheduled = false
            defer { pending.cells = [] }
            return pending.cells
        }
        var seen = Set<ObjectIdentifier>()
        let cells = entries.compactMap { entry -> CellNode? in
            guard let cell = entry.node as? CellNode, seen.insert(ObjectIdentifier(cell)).inserted else { return nil }
            return cell
        }
        guard let node, !cells.isEmpty else { return }
        node.cellNodesDidInvalidateLayout(cells)
    }
}
