import Foundation
import Testing
import WeftChangeSet
import WeftDataController
import WeftElementMap
import WeftNode
import WeftRangeController
import WeftTestSupport
import WeftCore

/// Batch updates: layouts updated incrementally agree with layouts built from
/// scratch, and the range controller revisits only what it must.
@MainActor
@Suite struct LayoutUpdateTests {
    static let viewport = CGSize(width: 320, height: 480)

    /// A layout of `kind` prepared for the update's previous map and then given
    /// the update (its invariants checked), and one prepared for the new map.
    private static func layouts(
        _ kind: LayoutQueryTests.Kind, around update: DataUpdate
    ) throws -> (incremental: any CollectionLayout, fresh: any CollectionLayout) {
        let incremental = try LayoutQueryTests.makeLayout(kind)
        incremental.prepare(for: update.previousMap, viewportSize: viewport)
        incremental.apply(update)
        (incremental as? ListLayout)?._checkInvariants()
        (incremental as? GridLayout)?._checkInvariants()
        let fresh = try LayoutQueryTests.makeLayout(kind)
        fresh.prepare(for: update.map, viewportSize: viewport)
        return (incremental, fresh)
    }

    /// Random valid batches (the shared generator's, filtered by strict
    /// validation), applied to random sizes.
    @Test(arguments: LayoutQueryTests.Kind.allCases)
    func incrementalUpdatesMatchAFreshLayout(kind: LayoutQueryTests.Kind) throws {
        var generator = ChangeSetBatchGenerator(seed: 42)
        var random = SplitMix64(seed: 9)
        var applied = 0
        while applied < 300 {
            let (old, edits, new) = generator.next()
            var changeSet = ChangeSet(oldItemCounts: old)
            for edit in edits { changeSet.append(edit) }
            guard let completed = try? changeSet.completed(newItemCounts: new) else { continue }
            applied += 1
            let sections = old.map { count in
                (0 ..< count).map { _ in
                    makeMeasuredElement(size: CGSize(width: 50, height: CGFloat(Int.random(in: 0 ... 200, using: &random))))
                }
            }
            let height = CGFloat(Int.random(in: 1 ... 200, using: &random))
            let (update, _) = try makeUpdate(from: sections, changeSet: completed) { _ in
                CGSize(width: 50, height: height)
            }
            let (incremental, fresh) = try Self.layouts(kind, around: update)
            #expect(incremental.contentSize == fresh.contentSize, "\(old) \(edits) \(new)")
            for (path, _) in update.map.indexedElements.map({ ($0.indexPath, $0.element) }) {
                #expect(incremental.frameForItem(at: path) == fresh.frameForItem(at: path), "\(path) after \(edits)")
            }
        }
    }

    /// A batch of hundreds of edits in one section (deletes, inserts and moves
    /// at random places, as a 10% snapshot update makes) beside a lightly edited
    /// section: the incremental layout agrees with a fresh one, frame for frame.
    @Test func largeBatchesMatchAFreshLayout() throws {
        let update = try makeLargeBatchUpdate(seed: 77).update
        for kind in LayoutQueryTests.Kind.allCases {
            let (incremental, fresh) = try Self.layouts(kind, around: update)
            #expect(incremental.contentSize == fresh.contentSize)
            for (path, _) in update.map.indexedElements.map({ ($0.indexPath, $0.element) }) {
                #expect(incremental.frameForItem(at: path) == fresh.frameForItem(at: path), "\(path)")
            }
            let rect = CGRect(x: 0, y: 12_345, width: 320, height: 900)
            #expect(incremental.indexPathsForItems(in: rect) == fresh.indexPathsForItems(in: rect))
        }
    }

    @Test func applyMovesStatesToTheNewMap() throws {
        let fixture = try ListFixture(count: 100)
        // States under a viewport that stays where it is; keeping the item read
        // in place is ContentAnchoringTests' subject.
        fixture.controller.automaticallyAdjustsContentOffset = false
        fixture.controller.scrollViewWillBeginDragging()
        fixture.scroll(to: 2_000, velocity: 10)
        let sections = [fixture.elements]
        // Delete a visible item and one far away, insert one at the top of the
        // viewport, move a preloaded item into view.
        var changeSet = ChangeSet(oldItemCounts: [100])
        changeSet.deleteItems(at: [IndexPath(item: 22, section: 0), IndexPath(item: 90, section: 0)])
        changeSet.insertItems(at: [IndexPath(item: 20, section: 0)])
        changeSet.moveItem(at: IndexPath(item: 50, section: 0), to: IndexPath(item: 25, section: 0))
        let completed = try changeSet.completed(newItemCounts: [99])
        let (update, next) = try makeUpdate(from: sections, changeSet: completed) { _ in
            CGSize(width: 320, height: 100)
        }
        let deleted = fixture.elements[22].nodeIfAllocated!
        let moved = fixture.elements[50].nodeIfAllocated!
        let steady = fixture.elements[15].nodeIfAllocated!
        #expect(deleted.interfaceState == .all)
        #expect(moved.interfaceState == .preload)
        let visitedBefore = fixture.controller.statistics.elementsVisited
        let changesBefore = fixture.recorder.changes.count

        try fixture.controller.apply(update)

        #expect(deleted.interfaceState.isEmpty, "deleted nodes leave every range")
        #expect(moved.interfaceState == .all, "the moved node is now visible")
        #expect(next[0][20].nodeIfAllocated?.interfaceState == .all, "the inserted node is visible")
        #expect(steady.interfaceState == [.preload, .display])
        let visited = fixture.controller.statistics.elementsVisited - visitedBefore
        #expect(visited <= 2 * 50, "only items in the old or new ranges: \(visited)")
        // Items 20 ..< 30 were visible; now items 20 ..< 30 of the new map are.
        let changed = fixture.recorder.changes[changesBefore...].map(\.node)
        #expect(changed.contains { $0 === deleted } && changed.contains { $0 === moved })
        for ordinal in 0 ..< 99 {
            let node = next[0][ordinal].nodeIfAllocated!
            let expected: InterfaceState = (20 ..< 30).contains(ordinal) ? .all
                : (15 ..< 40).contains(ordinal) ? [.preload, .display] : (5 ..< 55).contains(ordinal) ? .preload : []
            #expect(node.interfaceState == expected, "item \(ordinal)")
        }
    }

    @Test func mismatchedUpdatesAreRefused() throws {
        let fixture = try ListFixture(count: 10)
        fixture.scroll(to: 0)
        let changeSet = try ChangeSet(oldItemCounts: [9]).completed(newItemCounts: [9])
        let (update, _) = try makeUpdate(
            from: [Array(fixture.elements.prefix(9))], changeSet: changeSet) { _ in .zero }
        let updates = fixture.controller.statistics.updateCount
        #expect(throws: RangeError.itemCountMismatch(section: 0, updateExpects: 9, visibleMapHas: 10)) {
            try fixture.controller.apply(update)
        }
        let twoSections = try ChangeSet(oldItemCounts: [10, 0]).completed(newItemCounts: [10, 0])
        let other = DataUpdate(
            changeSet: twoSections, previousMap: fixture.controller.visibleMap, map: fixture.controller.visibleMap)
        #expect(throws: RangeError.sectionCountMismatch(updateExpects: 2, visibleMapHas: 1)) {
            try fixture.controller.apply(other)
        }
        var grow = ChangeSet(oldItemCounts: [10])
        grow.insertItems(at: [IndexPath(item: 0, section: 0)])
        let wrongMap = DataUpdate(
            changeSet: try grow.completed(newItemCounts: [11]),
            previousMap: fixture.controller.visibleMap, map: fixture.controller.visibleMap)
        #expect(throws: RangeError.newMapMismatch(section: 0, changeSetCount: 11, mapCount: 10)) {
            try fixture.controller.apply(wrongMap)
        }
        #expect(fixture.controller.statistics.updateCount == updates, "refused updates change nothing")
        #expect(fixture.controller.visibleMap.count == 10)
        #expect(fixture.state(0) == .all)
    }

    @Test func reloadDataResetsTheOldNodes() throws {
        let fixture = try ListFixture(count: 50)
        fixture.scroll(to: 0)
        let old = fixture.elements[0].nodeIfAllocated!
        let fresh = (0 ..< 20).map { _ in makeMeasuredElement(size: CGSize(width: 320, height: 100)) }
        fixture.controller.setVisibleMap(try ElementMap(sections: [fresh]))
        #expect(old.interfaceState.isEmpty)
        #expect(fresh[0].nodeIfAllocated?.interfaceState == .all)
        // Setting the same map again changes nothing.
        let changes = fixture.recorder.changes.count
        fixture.controller.setVisibleMap(try ElementMap(sections: [fresh]))
        #expect(fixture.recorder.changes.count == changes)
    }
}
