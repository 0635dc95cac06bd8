import Dispatch
import Foundation
import Testing
@testable import WeftNode

/// A container that records what its cells told it.
@MainActor
final class HeardContainer: CellNodeContainer {
    var heard: [[ObjectIdentifier]] = []

    func indexPath(for node: CellNode) -> IndexPath? { nil }

    func cellNodesDidInvalidateLayout(_ nodes: [CellNode]) {
        heard.append(nodes.map(ObjectIdentifier.init))
    }
}

/// How a cell's dropped layout reaches its container: through the reference
/// the container's cells share, once per main-queue turn, each cell named once,
/// held weakly, and taken back when the container measures everything anyway.
@MainActor
@Suite struct OwnerReferenceTests {
    /// Lets the main queue run what is queued on it now.
    func nextMainQueueTurn() async {
        await withCheckedContinuation { (resumed: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { resumed.resume() }
        }
    }

    /// A cell owned through `reference`, with a subnode.
    func ownedCell(_ reference: _OwnerReference) throws -> (cell: CellNode, subnode: DisplayNode) {
        let cell = CellNode(), subnode = DisplayNode()
        try cell.addSubnode(subnode)
        cell._setOwner(reference)
        return (cell, subnode)
    }

    @Test func aTurnsDropsAreToldOnceEachCellOnceInTheOrderOfTheirFirstDrop() async throws {
        let container = HeardContainer()
        let reference = _OwnerReference(container)
        let (first, firstSubnode) = try ownedCell(reference)
        let (second, _) = try ownedCell(reference)

        firstSubnode.setNeedsLayout()  // reaches the cell through its supernode
        second.setNeedsLayout()
        first.setNeedsLayout()
        #expect(container.heard.isEmpty, "told in the next main-queue turn, not at once")
        await nextMainQueueTurn()
        #expect(container.heard == [[ObjectIdentifier(first), ObjectIdentifier(second)]])

        await nextMainQueueTurn()
        #expect(container.heard.count == 1, "nothing more without another drop")
    }

    @Test func dropsTakenBackBeforeTheTurnAreNotTold() async throws {
        let container = HeardContainer()
        let reference = _OwnerReference(container)
        let (cell, _) = try ownedCell(reference)
        cell.setNeedsLayout()
        reference.discardInvalidatedCells()
        await nextMainQueueTurn()
        #expect(container.heard.isEmpty)

        cell.setNeedsLayout()  // a later drop is told again
        await nextMainQueueTurn()
        #expect(container.heard == [[ObjectIdentifier(cell)]])
    }

    @Test func aCellThatDiesBeforeTheTurnIsNeitherKeptNorNamed() async throws {
        let container = HeardContainer()
        let reference = _OwnerReference(container)
        weak var watched: CellNode?
        do {
            let (cell, _) = try ownedCell(reference)
            watched = cell
            cell.setNeedsLayout()
        }
        #expect(watched == nil, "the pending drop does not keep the cell")
        await nextMainQueueTurn()
        #expect(container.heard.isEmpty)
    }

    @Test func aNodeOutsideACellOrACellWithoutAContainerTellsNoOne() async throws {
        let container = HeardContainer()
        let orphan = CellNode(), plain = DisplayNode()
        orphan.setNeedsLayout()
        plain.setNeedsLayout()
        await nextMainQueueTurn()
        #expect(container.heard.isEmpty)
        #expect(orphan.calculatedLayout == nil && plain.calculatedLayout == nil)
    }
}
