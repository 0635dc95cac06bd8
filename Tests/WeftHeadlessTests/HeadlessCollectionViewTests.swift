import Foundation
import Testing
import WeftChangeSet
import WeftDataController
import WeftHeadless

/// A plain data source of cell objects, as a user's would be.
@MainActor
final class CellList: HeadlessCollectionViewDataSource {
    final class Cell {
        let name: String
        init(_ name: String) { self.name = name }
    }

    var sections: [[Cell]]
    var cellRequests: [IndexPath] = []

    init(_ sections: [[String]]) {
        self.sections = sections.map { $0.map(Cell.init) }
    }

    var names: [[String]] { sections.map { $0.map(\.name) } }

    func numberOfSections(in collectionView: HeadlessCollectionView) -> Int { sections.count }

    func collectionView(_ collectionView: HeadlessCollectionView, numberOfItemsInSection section: Int) -> Int {
        sections[section].count
    }

    func collectionView(_ collectionView: HeadlessCollectionView, cellForItemAt indexPath: IndexPath) -> AnyObject? {
        cellRequests.append(indexPath)
        return sections[indexPath.section][indexPath.item]
    }
}

@MainActor
@Suite struct HeadlessCollectionViewTests {
    private func shown(_ view: HeadlessCollectionView) -> [[String]] {
        view.allCells.map { $0.map { ($0 as! CellList.Cell).name } }
    }

    @Test func loadsLazilyAndOnlyOnce() {
        let list = CellList([["a", "b"], ["c"]])
        let view = HeadlessCollectionView()
        view.dataSource = list
        #expect(view.loadCount == 0)
        #expect(view.numberOfSections == 2)
        #expect(view.loadCount == 1)
        #expect(shown(view) == [["a", "b"], ["c"]])
        #expect(view.loadCount == 1)
    }

    @Test func movesKeepTheirCellsAndReloadsAskAgain() {
        let list = CellList([["a", "b", "c"], ["d"]])
        let view = HeadlessCollectionView()
        view.dataSource = list
        view.layoutIfNeeded()
        let movedCell = view.cellForItem(at: IndexPath(item: 0, section: 0))
        list.cellRequests = []
        view.performBatchUpdates {
            let a = list.sections[0].remove(at: 0)
            list.sections[1].insert(a, at: 1)
            list.sections[1][0] = CellList.Cell("d2")
            view.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 1))
            view.reloadItems(at: [IndexPath(item: 0, section: 1)])
        }
        #expect(view.inconsistencies.isEmpty)
        #expect(shown(view) == [["b", "c"], ["d2", "a"]])
        #expect(view.cellForItem(at: IndexPath(item: 1, section: 1)) === movedCell)
        #expect(list.cellRequests == [IndexPath(item: 0, section: 1)], "only the reload's insert half is asked for")
    }

    @Test func aReloadDisplacedByAMoveFailsAsInUIKit() {
        // UIKit places a reload's insert half without regard to moves: old item
        // 2 lands at 2, past the end of a section that a move just shortened.
        let list = CellList([["a", "b", "c"], ["d"]])
        let view = HeadlessCollectionView()
        view.dataSource = list
        view.layoutIfNeeded()
        view.performBatchUpdates {
            let a = list.sections[0].remove(at: 0)
            list.sections[1].append(a)
            view.moveItem(at: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 1))
            view.reloadItems(at: [IndexPath(item: 2, section: 0)])
        }
        #expect(view.inconsistencies.map(\.description) == [
            "attempt to insert item 2 into section 0, but there are only 2 items in section 0 after the update",
        ])
        #expect(shown(view) == [["b", "c"], ["d", "a"]])
    }

    @Test func aWrongCountIsRecordedWithUIKitsMessageAndTheViewReloads() {
        let list = CellList([["a", "b"]])
        let view = HeadlessCollectionView()
        view.dataSource = list
        view.layoutIfNeeded()
        var finished: Bool?
        view.performBatchUpdates({
            list.sections[0].append(CellList.Cell("c"))
            list.sections[0].append(CellList.Cell("d"))
            view.insertItems(at: [IndexPath(item: 2, section: 0)])
        }, completion: { finished = $0 })
        #expect(finished == false)
        #expect(view.inconsistencies.count == 1)
        #expect(view.inconsistencies.first?.description.contains("section 0") == true)
        #expect(view.inconsistencies.first?.description.contains("(4)") == true)
        #expect(shown(view) == [["a", "b", "c", "d"]], "the view reloaded and shows the data source")
    }

    @Test func aDataSourceChangedBeforeTheFirstLoadFailsAsInUIKit() {
        // UIKit reads the counts at the start of the batch when it never loaded
        // them, so edits made to the data source before the call count twice.
        let list = CellList([["a"]])
        let view = HeadlessCollectionView()
        view.dataSource = list
        list.sections[0].append(CellList.Cell("b"))
        view.performBatchUpdates {
            view.insertItems(at: [IndexPath(item: 1, section: 0)])
        }
        #expect(view.inconsistencies.count == 1)
        guard case .invalidUpdate = view.inconsistencies.first else {
            Issue.record("expected UIKit's count exception, got \(view.inconsistencies)")
            return
        }
    }

    @Test func reloadDataInsideABatchIsAnInconsistency() {
        let list = CellList([["a"]])
        let view = HeadlessCollectionView()
        view.dataSource = list
        view.performBatchUpdates {
            view.reloadData()
        }
        #expect(view.inconsistencies == [.reloadDataInsideBatchUpdates])
    }

    @Test func editsOutsideABatchAreABatchOfTheirOwn() {
        let list = CellList([["a"], []])
        let view = HeadlessCollectionView()
        view.dataSource = list
        view.layoutIfNeeded()
        list.sections.insert([CellList.Cell("x")], at: 1)
        view.insertSections([1])
        #expect(view.appliedBatchUpdateCount == 1)
        #expect(shown(view) == [["a"], ["x"], []])
        #expect(view.inconsistencies.isEmpty)
    }

    @Test func nestedBatchCompletionsRunOuterFirstAsInUIKit() {
        // UIKit (checked on a real UICollectionView by Texture's
        // testThatNestedBatchCompletionsAreCalledInOrder): outer, inner0, inner1.
        let list = CellList([["a"]])
        let view = HeadlessCollectionView()
        view.dataSource = list
        view.layoutIfNeeded()
        var order: [String] = []
        view.performBatchUpdates({
            view.performBatchUpdates({
                list.sections[0].append(.init("b"))
                view.insertItems(at: [IndexPath(item: 1, section: 0)])
            }, completion: { _ in order.append("inner0") })
            view.performBatchUpdates({
                list.sections[0].append(.init("c"))
                view.insertItems(at: [IndexPath(item: 2, section: 0)])
            }, completion: { _ in order.append("inner1") })
        }, completion: { _ in order.append("outer") })
        #expect(order == ["outer", "inner0", "inner1"])
        #expect(shown(view) == [["a", "b", "c"]])
    }

    @Test func tablesSpeakOfRows() {
        let list = CellList([["a"]])
        let view = HeadlessCollectionView(viewKind: .table)
        view.dataSource = list
        view.layoutIfNeeded()
        view.deleteItems(at: [IndexPath(item: 4, section: 0)])
        #expect(view.inconsistencies.first?.description.contains("row") == true)
    }
}
