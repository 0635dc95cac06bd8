import Foundation
import Testing
import WeftChangeSet
import WeftCore
import WeftDataController
import WeftElementMap
@testable import WeftHeadless
import WeftNode

/// Two plain items, for a data controller without a container.
@MainActor
final class TwoItems: DataControllerDataSource {
    func numberOfSections(in dataController: DataController) -> Int { 1 }

    var count = 2

    func dataController(_ dataController: DataController, numberOfItemsInSection section: Int) -> Int { count }

    func dataController(_ dataController: DataController, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        { CellNode() }
    }
}

/// The headless view attached to a data controller, as a container attaches it.
@MainActor
@Suite struct AttachedViewTests {
    let source = TwoItems()
    let controller = DataController()
    let view = HeadlessCollectionView()

    /// Wires the view to the data controller as a container does, and loads.
    init() {
        controller.dataSource = source
        controller.delegate = view
        view.attach(to: controller)
        controller.reloadData()
        controller.waitUntilAllUpdatesAreProcessed()
    }

    @Test func attachingLendsTheViewTheDataControllersVisibleMapAndDiagnostics() {
        #expect(view.numberOfItems(inSection: 0) == 2)
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0)) === controller.visibleMap.element(at: IndexPath(item: 1, section: 0)))
        #expect(view.diagnostics === controller.diagnostics)
    }

    /// A load takes the data controller's visible map whole, in O(1): no cell
    /// asked, no copy, however many items (it was a copy on main, 64–79 ms at 100k).
    @Test func loadsAndBatchesTakeTheVisibleMapWithoutCopyingIt() throws {
        #expect(view.numberOfItems(inSection: 0) == 2)  // loads
        #expect(view.cells.isIdentical(to: controller.visibleMap))
        // A batch the view checks as UIKit would; its cells are then the
        // committed map too, with no replay on main.
        var changeSet = controller.makeChangeSet()
        changeSet.deleteItems(at: [IndexPath(item: 0, section: 0)])
        source.count = 1
        let kept = controller.visibleMap
        let survivor = try #require(kept.element(at: IndexPath(item: 1, section: 0)))
        controller.updateWithChangeSet(changeSet)
        controller.waitUntilAllUpdatesAreProcessed()
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === survivor)
        #expect(view.cells.isIdentical(to: controller.visibleMap), "the committed map, not a replay")
        #expect(kept.count == 2 && kept.element(at: IndexPath(item: 1, section: 0)) === survivor, "the old version never changes")
        #expect(view.divergences.isEmpty && view.inconsistencies.isEmpty)
    }

    /// A load whose map would show one element in two cells (the view is out of
    /// step with its data controller) is an inconsistency in the diagnostics, and
    /// the view reloads from the visible map. It was a `try?` that kept the old
    /// cells and said nothing.
    @Test func aLoadTheViewCannotApplyIsReportedAndTheViewReloads() throws {
        let first = try #require(controller.visibleMap.element(at: IndexPath(item: 0, section: 0)))
        let second = try #require(controller.visibleMap.element(at: IndexPath(item: 1, section: 0)))
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === first)

        var swapped = ElementMap<CollectionElement>.Batch()
        swapped.insertSection(0, items: [second, first])
        let map = try ElementMap<CollectionElement>().applying(swapped)
        let loadsBefore = view.loadCount
        view.dataController(controller, didLoadItemsAt: [IndexPath(item: 1, section: 0)], in: map)

        let reported = controller.diagnostics.diagnostics
        #expect(reported.count == 1)
        #expect(reported.first?.layer == .view && reported.first?.indexPaths == [IndexPath(item: 1, section: 0)])
        #expect(view.inconsistencies.count == 1)
        #expect(view.loadCount == loadsBefore + 1)
        #expect(view.cellForItem(at: IndexPath(item: 0, section: 0)) === first)
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 0)) === second)
    }
}
