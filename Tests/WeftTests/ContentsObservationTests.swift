import Foundation
import Testing
import Weft
import WeftCore

/// News of contents, per container: a view hears of its own container's cells,
/// never of another view's nodes in the same process.
@MainActor
@Suite(.serialized) struct ContentsObservationTests {
    final class Heard {
        var cells: [ObjectIdentifier] = []
    }

    /// Loads `source` into a 100 x 450 list and waits until its drawings landed.
    func loaded(_ source: LatchedSource) async throws -> CollectionNode {
        let node = CollectionNode(layout: try ListLayout())
        node.dataSource = source
        node.viewportSize = CGSize(width: 100, height: 450)
        node.reloadData()
        await node.waitForAllUpdates()
        return node
    }

    @Test func aContainersObservationHearsOfItsOwnCellsOnly() async throws {
        let sourceA = LatchedSource(latchedItem: -1), sourceB = LatchedSource(latchedItem: -1)
        let a = CollectionNode(layout: try ListLayout())
        let heard = Heard(), heardEverywhere = Heard()
        let observation = DisplayNode.observeContents(ofCellsIn: a) { heard.cells.append(ObjectIdentifier($0)) }
        let everywhere = DisplayNode.observeContents { _ in heardEverywhere.cells.append(ObjectIdentifier(a)) }
        a.dataSource = sourceA
        a.viewportSize = CGSize(width: 100, height: 450)
        a.reloadData()
        await a.waitForAllUpdates()
        let b = try await loaded(sourceB)
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        await nextMainTurn()

        func nodes(of node: CollectionNode) -> Set<ObjectIdentifier> {
            Set((0 ..< node.numberOfItems(inSection: 0)).compactMap {
                node.nodeForItem(at: IndexPath(item: $0, section: 0)).map(ObjectIdentifier.init)
            })
        }
        let visibleOfA = Set(a.visibleNodes.map(ObjectIdentifier.init))
        #expect(visibleOfA.count == 5 && visibleOfA.isSubset(of: Set(heard.cells)), "every drawn visible cell of a was heard of")
        #expect(Set(heard.cells).isSubset(of: nodes(of: a)), "only a's cells")
        #expect(Set(heard.cells).isDisjoint(with: nodes(of: b)), "none of b's")
        #expect(heardEverywhere.cells.count > heard.cells.count, "the process-wide observation heard of b too")

        observation.cancel()
        everywhere.cancel()
        let count = heard.cells.count
        a.contentOffset.y = 500
        a.layoutIfNeeded()
        await DisplayNode.waitUntilScheduledDisplaysFinish()
        await nextMainTurn()
        #expect(heard.cells.count == count, "nothing after cancel()")
    }
}
