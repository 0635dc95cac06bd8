import Foundation
import Testing
import WeftChangeSet
import WeftCore
import WeftDataController
import WeftElementMap
import WeftNode
import WeftRangeController

/// A list layout's lengths computed in step 3: the work a layout hands the
/// data controller gives the same layout as the commit computing it on main,
/// runs off main, and is ignored once the layout changed after it was asked.
@MainActor
@Suite struct LayoutPreparationTests {
    static let viewport = CGSize(width: 320, height: 480)

    /// Three sections of measured items (3,000, 500 and 2,000) and a batch
    /// that edits the first in bulk (200 deletes, 250 inserts, 120 moves, as a
    /// 10% snapshot update does) and the last one item at a time.
    private static func bulkUpdate() throws -> (update: DataUpdate, moved: Set<Int>, deleted: Set<Int>) {
        var random = SplitMix64(seed: 31)
        let old = [3_000, 500, 2_000]
        let sections = old.map { count in
            (0 ..< count).map { _ in
                makeMeasuredElement(size: CGSize(width: 50, height: CGFloat(Int.random(in: 1 ... 200, using: &random))))
            }
        }
        var changeSet = ChangeSet(oldItemCounts: old)
        var sources = Array(0 ..< 3_000)
        sources.shuffle(using: &random)
        let deleted = sources.prefix(200), moved = sources.dropFirst(200).prefix(120)
        let newCount = 3_000 - 200 + 250
        var targets = Array(0 ..< newCount)
        targets.shuffle(using: &random)
        let inserted = targets.prefix(250), landed = targets.dropFirst(250).prefix(120)
        changeSet.deleteItems(at: deleted.map { IndexPath(item: $0, section: 0) })
        changeSet.insertItems(at: inserted.map { IndexPath(item: $0, section: 0) })
        for (from, to) in zip(moved, landed) {
            changeSet.moveItem(at: IndexPath(item: from, section: 0), to: IndexPath(item: to, section: 0))
        }
        changeSet.deleteItems(at: [5, 700, 1_999].map { IndexPath(item: $0, section: 2) })
        let completed = try changeSet.completed(newItemCounts: [newCount, 500, 1_997])
        let (update, _) = try makeUpdate(from: sections, changeSet: completed) { path in
            CGSize(width: 50, height: CGFloat(10 + path.item % 90))
        }
        return (update, Set(moved), Set(deleted))
    }

    /// `update` with `preparation` as step 3 left it.
    private static func update(_ update: DataUpdate, preparedAs preparation: (any Sendable)?) -> DataUpdate {
        DataUpdate(
            changeSet: update.changeSet, previousMap: update.previousMap, map: update.map,
            sectionsWithReloadedSupplementaryElements: update.sectionsWithReloadedSupplementaryElements,
            preparation: preparation, number: update.number)
    }

    /// Runs `work` off main, as the editing queue does.
    private static func runOffMain(_ work: @escaping CommitPreparation) async -> any Sendable {
        await Task.detached {
            precondition(!Thread.isMainThread, "step 3 runs off main")
            return work()
        }.value
    }

    private static func expectSameFrames(
        _ layout: ListLayout, _ reference: ListLayout, in map: ElementMap<CollectionElement>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(layout.contentSize == reference.contentSize, sourceLocation: sourceLocation)
        var differing: [IndexPath] = []
        for section in 0 ..< map.numberOfSections {
            for item in 0 ..< map.numberOfItems(inSection: section) {
                let path = IndexPath(item: item, section: section)
                if layout.frameForItem(at: path) != reference.frameForItem(at: path) { differing.append(path) }
            }
        }
        let first = Array(differing.prefix(5))
        #expect(first.isEmpty, "\(differing.count) frames differ", sourceLocation: sourceLocation)
        let rect = CGRect(x: 0, y: 12_345, width: 320, height: 900)
        #expect(layout.indexPathsForItems(in: rect) == reference.indexPathsForItems(in: rect), sourceLocation: sourceLocation)
    }

    @Test func aBulkUpdateLaidOutInStepThreeMatchesAFreshLayout() async throws {
        let (update, _, _) = try Self.bulkUpdate()
        let layout = try ListLayout(spacing: 4)
        layout.prepare(for: update.previousMap, viewportSize: Self.viewport)
        let work = try #require(layout.preparation(for: update.changeSet, in: update.map))
        let result = await Self.runOffMain(work)
        layout.apply(Self.update(update, preparedAs: result))
        #expect(layout._preparationsTaken == 1)
        layout._checkInvariants()
        let fresh = try ListLayout(spacing: 4)
        fresh.prepare(for: update.map, viewportSize: Self.viewport)
        Self.expectSameFrames(layout, fresh, in: update.map)
    }

    /// An update with no section edited in bulk costs main O(k log n) at its
    /// commit, less than handing work to step 3 and back.
    @Test func aSmallUpdateHasNoStepThreeWork() throws {
        let sections = [(0 ..< 1_000).map { _ in makeMeasuredElement(size: CGSize(width: 50, height: 30)) }]
        var changeSet = ChangeSet(oldItemCounts: [1_000])
        changeSet.insertItems(at: (0 ..< 60).map { IndexPath(item: $0 * 3, section: 0) })
        let completed = try changeSet.completed(newItemCounts: [1_060])
        let (update, _) = try makeUpdate(from: sections, changeSet: completed) { _ in CGSize(width: 50, height: 12) }
        let layout = try ListLayout()
        layout.prepare(for: update.previousMap, viewportSize: Self.viewport)
        #expect(layout.preparation(for: update.changeSet, in: update.map) == nil)
    }

    /// A length read again on main after step 3 started (a node measured
    /// anew) makes the step 3 lengths stale: the commit computes them on main
    /// instead, and keeps that length.
    @Test func lengthsFromBeforeAnInvalidationAreIgnored() async throws {
        let (update, moved, deleted) = try Self.bulkUpdate()
        let kept = try #require((0 ..< 3_000).first { !moved.contains($0) && !deleted.contains($0) && $0 > 100 })
        let path = IndexPath(item: kept, section: 0)
        // The previous map with that item measured anew at another length.
        var batch = ElementMap<CollectionElement>.Batch()
        let remeasured = makeMeasuredElement(size: CGSize(width: 50, height: 777))
        batch.replaceItem(at: path, with: remeasured)
        let remeasuredMap = try update.previousMap.applying(batch)

        let layout = try ListLayout()
        layout.prepare(for: update.previousMap, viewportSize: Self.viewport)
        let work = try #require(layout.preparation(for: update.changeSet, in: update.map))
        let result = await Self.runOffMain(work)
        layout.invalidateItems(at: [path], in: remeasuredMap)
        layout.apply(Self.update(update, preparedAs: result))
        #expect(layout._preparationsTaken == 0)
        layout._checkInvariants()

        let reference = try ListLayout()
        reference.prepare(for: update.previousMap, viewportSize: Self.viewport)
        reference.invalidateItems(at: [path], in: remeasuredMap)
        reference.apply(update)
        Self.expectSameFrames(layout, reference, in: update.map)
        let newPath = try #require(update.changeSet.newIndexPath(forOld: path))
        #expect(layout.frameForItem(at: newPath)?.height == 777)
    }

    /// A `reloadData`'s lengths, laid out in step 3, are the lengths laid
    /// out on main; made by another layout, or before this one changed, they
    /// are ignored.
    @Test func aReloadLaidOutInStepThreeMatchesAFreshLayout() async throws {
        let (update, _, _) = try Self.bulkUpdate()
        var reload = ChangeSet(oldItemCounts: update.changeSet.oldItemCounts)
        reload.reloadData()
        let completed = try reload.completed(newItemCounts: update.changeSet.newItemCounts)
        let layout = try ListLayout(spacing: 2)
        layout.prepare(for: update.previousMap, viewportSize: Self.viewport)
        let work = try #require(layout.preparation(for: completed, in: update.map))
        let result = await Self.runOffMain(work)

        let other = try ListLayout(spacing: 2)
        other.prepare(for: update.previousMap, viewportSize: Self.viewport)
        other.prepare(for: update.map, viewportSize: Self.viewport, preparation: result)
        #expect(other._preparationsTaken == 0, "another layout's lengths")

        layout.prepare(for: update.map, viewportSize: Self.viewport, preparation: result)
        #expect(layout._preparationsTaken == 1)
        layout._checkInvariants()
        Self.expectSameFrames(layout, other, in: update.map)
        layout.prepare(for: update.previousMap, viewportSize: Self.viewport, preparation: result)
        #expect(layout._preparationsTaken == 1, "lengths from before the layout changed")
    }
}
