import Foundation
import Weft
import WeftElementMap
import WeftCore
import WeftDataController
import WeftRangeController

/// A two-column masonry layout, as a Texture app writes with
/// `ASCollectionLayoutDelegate`: it measures each new item at its column's width
/// and any height, off main (its layout-delegate half), then places each item
/// at the top of the shorter column (its `CollectionLayout` half).
///
/// A test layout: every placement recomputes all frames, O(*n*). Leading edges
/// never decrease in item order (the shorter column only grows), trailing edges
/// may; `firstItemOrdinal(endingAfter:)` answers with their running maximum, so
/// the ranges' runs hold every item they overlap plus any shorter item between.
@MainActor
final class MasonryLayout: CollectionLayout, DataControllerLayoutDelegate {
    let scrollAxis = ScrollAxis.vertical
    let spacing: CGFloat
    private(set) var frames: [CGRect] = []
    /// The running maximum of the frames' bottoms, for the ordinal searches.
    private var bottoms: [CGFloat] = []
    private var width: CGFloat = 0
    private var map = ElementMap<CollectionElement>()
    /// The threads step 3 measured on.
    nonisolated let measuringThreads = MeasuringThreads()

    init(spacing: CGFloat = 8) {
        self.spacing = spacing
    }

    var columnWidth: CGFloat { max((width - spacing) / 2, 0) }

    /// Column width exactly, any height.
    var columnRange: SizeRange {
        // A width of at least 0 and a height from 0 to infinity is always a valid range.
        try! SizeRange(min: CGSize(width: columnWidth, height: 0), max: CGSize(width: columnWidth, height: .infinity))
    }

    // MARK: DataControllerLayoutDelegate

    struct Context: Sendable {
        let elements: [CollectionElement]
        let range: SizeRange
    }

    func layoutContext(for map: ElementMap<CollectionElement>, newElements: [CollectionElement]) -> any Sendable {
        Context(elements: newElements, range: columnRange)
    }

    nonisolated func calculateLayout(with context: any Sendable) {
        guard let context = context as? Context else { return }
        measuringThreads.record(Thread.isMainThread)
        DispatchQueue.concurrentPerform(iterations: context.elements.count) { index in
            _ = context.elements[index].node.layoutThatFits(context.range)
        }
    }

    // MARK: CollectionLayout

    var contentSize: CGSize {
        CGSize(width: width, height: frames.isEmpty ? 0 : frames.map(\.maxY).max()!)
    }

    func itemSizeRange(forViewportSize viewportSize: CGSize) -> SizeRange? { columnRange }

    func prepare(for map: ElementMap<CollectionElement>, viewportSize: CGSize) {
        width = viewportSize.width
        place(map)
    }

    func apply(_ update: DataUpdate) { place(update.map) }

    func viewportSizeDidChange(to size: CGSize) {
        width = size.width
        place(map)
    }

    func invalidateItems(at indexPaths: [IndexPath], in map: ElementMap<CollectionElement>) { place(map) }

    func frameForItem(at indexPath: IndexPath) -> CGRect? {
        indexPath.section == 0 && frames.indices.contains(indexPath.item) ? frames[indexPath.item] : nil
    }

    func indexPathsForItems(in rect: CGRect) -> [IndexPath] {
        frames.indices.filter { frames[$0].intersects(rect) }.map { IndexPath(item: $0, section: 0) }
    }

    func firstItemOrdinal(endingAfter offset: CGFloat) -> Int {
        bottoms.partitioningIndex { $0 > offset }
    }

    func firstItemOrdinal(startingAtOrAfter offset: CGFloat) -> Int {
        frames.partitioningIndex { $0.minY >= offset }
    }

    /// Each item at the top of the shorter column (the left one on a tie).
    private func place(_ map: ElementMap<CollectionElement>) {
        self.map = map
        var columns: [CGFloat] = [0, 0]
        frames = []
        bottoms = []
        let count = map.numberOfSections == 0 ? 0 : map.numberOfItems(inSection: 0)
        for item in 0 ..< count {
            let element = map.element(at: IndexPath(item: item, section: 0))
            let height = element?.nodeIfAllocated?.calculatedLayout?.size.height ?? 0
            let column = columns[1] < columns[0] ? 1 : 0
            let frame = CGRect(x: CGFloat(column) * (columnWidth + spacing), y: columns[column], width: columnWidth, height: height)
            columns[column] = frame.maxY + spacing
            frames.append(frame)
            bottoms.append(max(bottoms.last ?? 0, frame.maxY))
        }
    }
}

/// Where a layout delegate measured: main or not, per call.
final class MeasuringThreads: Sendable {
    private let calls = PosixMutex<[Bool]>([])
    func record(_ onMain: Bool) { calls.withLock { $0.append(onMain) } }
    var onMain: [Bool] { calls.withLock { $0 } }
}

extension Array {
    /// The first index whose element satisfies `predicate`, for a predicate that
    /// is false and then true along the array.
    func partitioningIndex(where predicate: (Element) -> Bool) -> Int {
        var (low, high) = (0, count)
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
