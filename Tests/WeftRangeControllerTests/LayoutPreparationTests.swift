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

    /// `update` with `preparation` as step 3 left it.
    private static func update(_ update: DataUpdate, preparedAs preparation: (any Sendable)?) -> DataUpdate {
        DataUpdate(
            changeSet: update.changeSet, previousMap: update.previousMap, map: update.map,
            sectionsWithReloadedSupplementaryElements: update.sectionsWithReloadedSupplementaryElements,
            preparation: preparation, number: update.number)
    }

    /// Runs `work` on `map` off main, as the editing queue does.
    private static func runOffMain(
        _ work: @escaping CommitPreparation, on map: ElementMap<CollectionElement>
    ) async -> any Sendable {
        await Task.detached {
            precondition(!Thread.isMainThread, "step 3 runs off main")
            return work(map)
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
        let (update, _, _) = try makeLargeBatchUpdate(seed: 31)
        let layout = try ListLayout(spacing: 4)
        layout.prepare(for: update.previousMap, viewportSize: Self.viewport)
        let work = try #require(layout.preparation(for: update.changeSet))
        let result = await Self.runOffMain(work, on: update.map)
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
        #expect(layout.preparation(for: update.changeSet) == nil)
    }

    /// A length read again on main after step 3 started (a node measured
    /// anew) makes the step 3 lengths stale: the commit computes them on main
    /// instead, and keeps that length.
    @Test func lengthsFromBeforeAnInvalidationAreIgnored() async throws {
        let (update, moved, deleted) = try makeLargeBatchUpdate(seed: 31)
        let kept = try #require((0 ..< 3_000).first { !moved.contains($0) && !deleted.contains($0) && $0 > 100 })
        let path = IndexPath(item: kept, section: 0)
        // The previous map with that item measured anew at another length.
        var batch = ElementMap<CollectionElement>.Batch()
        let remeasured = makeMeasuredElement(size: CGSize(width: 50, height: 777))
        batch.replaceItem(at: path, with: remeasured)
        let remeasuredMap = try update.previousMap.applying(batch)

        let layout = try ListLayout()
        layout.prepare(for: update.previousMap, viewportSize: Self.viewport)
        let work = try #require(layout.preparation(for: update.changeSet))
        let result = await Self.runOffMain(work, on: update.map)
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
        let (update, _, _) = try makeLargeBatchUpdate(seed: 31)
        var reload = ChangeSet(oldItemCounts: update.changeSet.oldItemCounts)
        reload.reloadData()
        let completed = try reload.completed(newItemCounts: update.changeSet.newItemCounts)
        let layout = try ListLayout(spacing: 2)
        layout.prepare(for: update.previousMap, viewportSize: Self.viewport)
        let work = try #require(layout.preparation(for: completed))
        let result = await Self.runOffMain(work, on: update.map)

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
