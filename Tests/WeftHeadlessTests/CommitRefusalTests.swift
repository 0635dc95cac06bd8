import Foundation
import Testing
import WeftChangeSet
import WeftCore
import WeftDataController
import WeftHeadless
import WeftNode
import WeftTestSupport

/// Items in sections of given sizes, for a data controller without a container.
@MainActor
final class SectionedItems: DataControllerDataSource {
    let counts: [Int]

    init(_ counts: [Int]) { self.counts = counts }

    func numberOfSections(in dataController: DataController) -> Int { counts.count }

    func dataController(_ dataController: DataController, numberOfItemsInSection section: Int) -> Int { counts[section] }

    func dataController(_ dataController: DataController, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        { CellNode() }
    }
}

/// The headless view's half of the refusal fixtures that every backing view
/// passes (`GTKCollectionViewTests` runs the GTK view's): a commit out of step
/// with what the view shows is refused by the engine's `CommitValidator` with
/// UIKit's reason, reported once with the update's number, and the view goes
/// on showing the visible map.
@MainActor
@Suite struct CommitRefusalTests {
    @Test(arguments: CommitRefusalFixture.all)
    func theHeadlessViewRefusesACommitOutOfStepWithWhatItShows(_ fixture: CommitRefusalFixture) throws {
        let source = SectionedItems(fixture.shownCounts)
        let controller = DataController()
        let view = HeadlessCollectionView()
        controller.dataSource = source
        controller.delegate = view
        view.attach(to: controller)
        controller.reloadData()
        controller.waitUntilAllUpdatesAreProcessed()
        #expect(view.numberOfSections == fixture.shownCounts.count)

        let update = DataUpdate(
            changeSet: try fixture.changeSet(), previousMap: controller.visibleMap, map: controller.visibleMap, number: 7)
        view.dataController(controller, commit: update) {}

        #expect(view.inconsistencies == [.invalidUpdate(ChangeSetError(fixture.expected))])
        #expect(controller.diagnostics.diagnostics.map { "\($0.layer) \($0.update ?? -1)" } == ["view 7"])
        #expect((0 ..< view.numberOfSections).map { view.numberOfItems(inSection: $0) } == fixture.shownCounts)
    }
}
