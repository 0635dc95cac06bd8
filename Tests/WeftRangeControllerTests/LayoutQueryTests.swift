import Foundation
import Testing
import WeftCore
import WeftDataController
import WeftElementMap
import WeftRangeController
import WeftTestSupport

/// Every layout's rect queries against a brute-force scan of its frames.
@MainActor
@Suite struct LayoutQueryTests {
    enum Kind: String, CaseIterable, Sendable {
        case verticalList, horizontalList, spacedList, grid, horizontalGrid, pager
    }

    static let viewport = CGSize(width: 320, height: 480)

    /// Random sections (some empty) of items with random lengths in half points
    /// (so every sum is exact), zero included.
    static func makeMap(seed: UInt64) throws -> ElementMap<CollectionElement> {
        var random = SplitMix64(seed: seed)
        let sections = (0 ..< Int.random(in: 1 ... 6, using: &random)).map { _ in
            (0 ..< Int.random(in: 0 ... 40, using: &random)).map { _ in
                let side = CGFloat(Int.random(in: 0 ... 400, using: &random)) / 2
                return makeMeasuredElement(size: CGSize(width: side, height: side))
            }
        }
        return try ElementMap(sections: sections)
    }

    static func makeLayout(_ kind: Kind) throws -> any CollectionLayout {
        switch kind {
        case .verticalList: try ListLayout()
        case .horizontalList: try ListLayout(axis: .horizontal)
        case .spacedList: try ListLayout(spacing: 7.5)
        case .grid: try GridLayout(columns: 3, itemLength: 90, lineSpacing: 10, interitemSpacing: 5)
        case .horizontalGrid: try GridLayout(columns: 4, itemLength: 60.5, axis: .horizontal)
        case .pager: PagerLayout()
        }
    }

    static func overlaps(_ frame: CGRect, _ rect: CGRect) -> Bool {
        frame.maxX > rect.minX && frame.minX < rect.maxX && frame.maxY > rect.minY && frame.minY < rect.maxY
    }

    @Test(arguments: Kind.allCases, [1, 2, 3] as [UInt64])
    func rectQueriesMatchABruteForceScan(kind: Kind, seed: UInt64) throws {
        let map = try Self.makeMap(seed: seed)
        let layout = try Self.makeLayout(kind)
        layout.prepare(for: map, viewportSize: Self.viewport)
        let frames = map.indexedElements.map { ($0.indexPath, layout.frameForItem(at: $0.indexPath)!) }
        let axisLength = layout.scrollAxis == .vertical ? layout.contentSize.height : layout.contentSize.width
        #expect(axisLength == frames.map { layout.scrollAxis == .vertical ? $0.1.maxY : $0.1.maxX }.max() ?? 0)
        var random = SplitMix64(seed: seed &* 31)
        func coordinate(_ limit: CGFloat) -> CGFloat {
            CGFloat(Int.random(in: -20 ... Int(limit) * 2 + 40, using: &random)) / 2
        }
        for _ in 0 ..< 300 {
            let along = [coordinate(axisLength), coordinate(axisLength)].sorted()
            let across = [coordinate(320), coordinate(320)].sorted()
            let rect = layout.scrollAxis == .vertical
                ? CGRect(x: across[0], y: along[0], width: across[1] - across[0], height: along[1] - along[0])
                : CGRect(x: along[0], y: across[0], width: along[1] - along[0], height: across[1] - across[0])
            let expected = frames.filter { Self.overlaps($0.1, rect) }.map(\.0)
            #expect(layout.indexPathsForItems(in: rect) == expected, "\(rect)")
        }
        // The ordinal searches against the same frames, in layout order.
        let starts = frames.map { layout.scrollAxis == .vertical ? $0.1.minY : $0.1.minX }
        let ends = frames.map { layout.scrollAxis == .vertical ? $0.1.maxY : $0.1.maxX }
        for _ in 0 ..< 200 {
            let offset = coordinate(axisLength)
            #expect(layout.firstItemOrdinal(endingAfter: offset) == (ends.firstIndex { $0 > offset } ?? ends.count))
            #expect(layout.firstItemOrdinal(startingAtOrAfter: offset)
                == (starts.firstIndex { $0 >= offset } ?? starts.count))
        }
        #expect(layout.frameForItem(at: IndexPath(item: 0, section: map.numberOfSections)) == nil)
    }

    @Test func aGridOfIntMaxColumnsPutsEachSectionOnOneLine() throws {
        // Rounding a section's item count up to whole lines overflowed at the first load.
        let map = try Self.makeMap(seed: 7)
        let layout = try GridLayout(columns: .max, itemLength: 50, lineSpacing: 10)
        layout.prepare(for: map, viewportSize: Self.viewport)
        let nonEmpty = (0 ..< map.numberOfSections).filter { map.numberOfItems(inSection: $0) > 0 }.count
        #expect(layout.contentSize.height == CGFloat(nonEmpty * 60 - 10))
        for element in map.indexedElements {
            #expect(layout.frameForItem(at: element.indexPath)?.height == 50)
        }
        let frames = map.indexedElements.map { layout.frameForItem(at: $0.indexPath)! }
        for offset: CGFloat in [-5, 0, 25, 55, 60, 125, 1_000_000] {
            #expect(layout.firstItemOrdinal(endingAfter: offset) == (frames.firstIndex { $0.maxY > offset } ?? frames.count))
            #expect(layout.firstItemOrdinal(startingAtOrAfter: offset)
                == (frames.firstIndex { $0.minY >= offset } ?? frames.count))
        }
        let firstLine = CGRect(x: 0, y: 0, width: 320, height: 1)
        #expect(layout.indexPathsForItems(in: firstLine).count == frames.filter { $0.minY == 0 }.count)
    }

    @Test func aCellMeasuringAnInfiniteHeightTakesItsMinimumAndLaterItemsStayFinite() throws {
        let sizes = [CGSize(width: 320, height: 44), CGSize(width: 320, height: CGFloat.infinity), CGSize(width: 320, height: 44)]
        let map = try ElementMap(sections: [sizes.map { makeMeasuredElement(size: $0) }])
        let layout = try ListLayout()
        layout.prepare(for: map, viewportSize: Self.viewport)
        let frames = (0 ..< 3).map { layout.frameForItem(at: IndexPath(item: $0, section: 0))! }
        #expect(frames.map(\.minY) == [0, 44, 44])
        #expect(frames[1].height == 0)
        #expect(layout.contentSize.height == 88)
    }

    @Test func listItemsTakeMeasuredOrMinimumSizes() throws {
        let measured = makeMeasuredElement(size: CGSize(width: 320, height: 44))
        let unmeasured = CollectionElement(
            nodeBlock: { RecordingNode(size: CGSize(width: 320, height: 500)) },
            constrainedSize: try SizeRange(min: CGSize(width: 320, height: 30), max: CGSize(width: 320, height: 900)))
        let layout = try ListLayout()
        let last = makeMeasuredElement(size: CGSize(width: 1, height: 10))
        let map = try ElementMap(sections: [[measured, unmeasured, last]])
        layout.prepare(for: map, viewportSize: Self.viewport)
        #expect(layout.frameForItem(at: IndexPath(item: 1, section: 0)) == CGRect(x: 0, y: 44, width: 320, height: 30))
        #expect(unmeasured.nodeIfAllocated == nil, "the layout never allocates")
        // Once measured, invalidating the item reads the node's size.
        _ = unmeasured.node.layoutThatFits(unmeasured.constrainedSize)
        layout.invalidateItems(at: [IndexPath(item: 1, section: 0)], in: map)
        #expect(layout.frameForItem(at: IndexPath(item: 2, section: 0))?.minY == 544)
        #expect(layout.contentSize == CGSize(width: 320, height: 554))
    }
}
