import Foundation
import Testing
import Weft
import WeftTestSupport
import WeftHeadless
import WeftMemory

/// A custom layout end to end (Texture's `ASCollectionLayoutDelegate`): a
/// two-column masonry that measures its items off main at its column width and
/// places them itself, through a collection node and its headless view.
@MainActor
@Suite struct MasonryLayoutTests {
    /// Items of fixed heights, as wide as they are measured.
    final class Tiles: CollectionNodeDataSource {
        var heights: [CGFloat]
        init(_ heights: [CGFloat]) { self.heights = heights }

        func collectionNode(_ collectionNode: CollectionNode, numberOfItemsInSection section: Int) -> Int { heights.count }

        func collectionNode(_ collectionNode: CollectionNode, nodeBlockForItemAt indexPath: IndexPath) -> CellNodeBlock {
            let height = heights[indexPath.item]
            return { FixedLengthCell(length: height) }
        }
    }

    @Test func aMasonryMeasuresOffMainAtItsColumnWidthAndPlacesTwoColumns() throws {
        let scheduler = ManualMainScheduler()
        let masonry = MasonryLayout(spacing: 8)
        let view = HeadlessCollectionView()
        let node = CollectionNode(layout: masonry, view: view, mainScheduler: scheduler, deallocQueue: try DeallocQueue())
        node.layoutDelegate = masonry
        let tiles = Tiles([300, 100, 100, 250, 50, 400, 120, 80, 200, 60, 300, 90])
        node.dataSource = tiles
        node.viewportSize = CGSize(width: 328, height: 500)
        node.isVisible = true
        node.reloadData()
        node.waitUntilAllUpdatesAreProcessed()

        #expect(masonry.measuringThreads.onMain == [false], "step 3 ran the layout's measuring, off main")
        for item in tiles.heights.indices {
            let cell = try #require(node.nodeForItem(at: IndexPath(item: item, section: 0)))
            #expect(cell.calculatedLayout?.size == CGSize(width: 160, height: tiles.heights[item]), "item \(item)")
        }
        // Shorter column first: 0 left, 1 right, 2 right (108 < 308), 3 right (216 < 308), 4 left...
        let frames = tiles.heights.indices.map { node.frameForItem(at: IndexPath(item: $0, section: 0))! }
        #expect(frames[0] == CGRect(x: 0, y: 0, width: 160, height: 300))
        #expect(frames[1] == CGRect(x: 168, y: 0, width: 160, height: 100))
        #expect(frames[2] == CGRect(x: 168, y: 108, width: 160, height: 100))
        #expect(frames[3] == CGRect(x: 168, y: 216, width: 160, height: 250))
        #expect(frames[4] == CGRect(x: 0, y: 308, width: 160, height: 50))
        // Every item on screen is visible and drawn into the view, and nothing below it is.
        let viewport = CGRect(origin: node.contentOffset, size: node.viewportSize)
        let onScreen = Set(frames.indices.filter { frames[$0].intersects(viewport) })
        let visible = Set(node.indexPathsForVisibleItems.map(\.item))
        #expect(onScreen.isSubset(of: visible), "visible \(visible), on screen \(onScreen)")
        #expect(visible.allSatisfy { frames[$0].minY < viewport.maxY })
        #expect(view.inconsistencies.isEmpty && view.divergences.isEmpty && node.rangeErrors.isEmpty)

        // Scrolled to the end, the last items are visible.
        node.contentOffset = CGPoint(x: 0, y: node.layout.contentSize.height - 500)
        node.layoutIfNeeded()
        let last = IndexPath(item: tiles.heights.count - 1, section: 0)
        #expect(node.indexPathsForVisibleItems.contains(last))

        // A batch update goes through the layout's measuring too, and re-places.
        try node.performBatchUpdates {
            tiles.heights.insert(40, at: 0)
            try node.insertItems(at: [IndexPath(item: 0, section: 0)])
        }
        node.waitUntilAllUpdatesAreProcessed()
        #expect(masonry.measuringThreads.onMain == [false, false])
        #expect(node.frameForItem(at: IndexPath(item: 0, section: 0)) == CGRect(x: 0, y: 0, width: 160, height: 40))
        #expect(node.frameForItem(at: IndexPath(item: 1, section: 0)) == CGRect(x: 168, y: 0, width: 160, height: 300))
        #expect(view.inconsistencies.isEmpty && view.divergences.isEmpty)
    }
}
