import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftMemory
import WeftHeadless

/// Items whose nodes remember the size range they were measured in.
@MainActor
final class PlainItems: CollectionNodeDataSource {
    var count: Int
    init(count: Int) { self.count = count }

    func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { count }

    func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
        { CellNode() }
    }
}

/// A cell is measured at the size its layout places it at when the data source
/// gives none: Texture measures with the layout's item size. (A grid cell laid
/// out at 128 x 130 was measured at the viewport's 390 points wide.)
@MainActor
@Suite struct ItemSizeTests {
    @Test func aGridMeasuresEachCellAtItsCellSize() throws {
        let grid = try GridLayout(columns: 3, itemLength: 130, interitemSpacing: 3)
        let node = CollectionNode(layout: grid, view: HeadlessCollectionView(), mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        let items = PlainItems(count: 9)
        node.dataSource = items
        node.viewportSize = CGSize(width: 390, height: 844)
        node.reloadData()
        node.waitUntilAllUpdatesAreProcessed()
        let cell = try #require(node.nodeForItem(at: IndexPath(item: 4, section: 0)))
        let exact = try SizeRange(exactly: CGSize(width: 128, height: 130))
        #expect(cell.calculatedSizeRange == exact)
        #expect(grid.frameForItem(at: IndexPath(item: 4, section: 0))?.size == CGSize(width: 128, height: 130))

        // A narrower viewport measures every cell again at the new cell size.
        node.viewportSize = CGSize(width: 300, height: 844)
        node.waitUntilAllUpdatesAreProcessed()
        #expect(cell.calculatedSizeRange == (try SizeRange(exactly: CGSize(width: 98, height: 130))))
    }

    @Test func aHorizontalGridMeasuresItsCellsAcross() throws {
        let grid = try GridLayout(columns: 2, itemLength: 80, axis: .horizontal)
        #expect(grid.itemSizeRange(forViewportSize: CGSize(width: 400, height: 300))
            == (try SizeRange(exactly: CGSize(width: 80, height: 150))))
        #expect(grid.itemSizeRange(forViewportSize: CGSize(width: CGFloat.nan, height: -5))
            == (try SizeRange(exactly: CGSize(width: 80, height: 0))), "bad viewports measure at 0, never trap")
    }

    @Test func aPagerMeasuresPagesAtTheViewportAndAListLeavesTheHeightOpen() throws {
        let pager = PagerNode(view: HeadlessCollectionView(), mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        pager.viewportSize = CGSize(width: 390, height: 844)
        #expect(pager.defaultConstrainedSize == (try SizeRange(exactly: CGSize(width: 390, height: 844))))
        let list = CollectionNode(layout: try ListLayout(), view: HeadlessCollectionView(), mainScheduler: ManualMainScheduler(), deallocQueue: try DeallocQueue())
        list.viewportSize = CGSize(width: 390, height: 844)
        #expect(list.defaultConstrainedSize
            == (try SizeRange(min: CGSize(width: 390, height: 0), max: CGSize(width: 390, height: CGFloat.infinity))))
    }
}
