import Testing
import WeftChangeSet
import WeftCore

@Suite struct ChangeSetBuilderTests {
    func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

    @Test func nestedUpdatesCoalesceAndCompletionsRunInCallOrder() throws {
        let order = PosixMutex<[String]>([])
        var c = ChangeSet(oldItemCounts: [2])
        c.beginUpdates()
        c.insertItems(at: [path(0, 0)])
        c.beginUpdates()
        c.deleteItems(at: [path(0, 1)])
        c.endUpdates(animated: true) { finished in order.withLock { $0.append("inner \(finished)") } }
        #expect(c.updateDepth == 1)
        c.endUpdates(animated: false) { finished in order.withLock { $0.append("outer \(finished)") } }
        let done = try c.completed(newItemCounts: [2])
        #expect(!done.isAnimated)  // the outermost endUpdates decides
        #expect(done.edits.map(\.edit) == [.insertItem(path(0, 0)), .deleteItem(path(0, 1))])
        done.runCompletions(finished: true)
        let orderSeen = order.withLock { $0 }
        #expect(orderSeen == ["inner true", "outer true"])
    }

    @Test func unbalancedUpdatesAreReportedNotTrapped() {
        var tooManyEnds = ChangeSet(oldItemCounts: [1])
        tooManyEnds.endUpdates()
        #expect(throws: ChangeSetError(.unbalancedEndUpdates)) { try tooManyEnds.completed(newItemCounts: [1]) }
        var stillOpen = ChangeSet(oldItemCounts: [1])
        stillOpen.beginUpdates()
        stillOpen.beginUpdates()
        stillOpen.endUpdates()
        #expect(throws: ChangeSetError(.unfinishedBeginUpdates(depth: 1))) { try stillOpen.completed(newItemCounts: [1]) }
    }

    @Test func reloadDataStandsAloneAndMapsNothing() throws {
        var alone = ChangeSet(oldItemCounts: [3])
        alone.reloadData()
        let done = try alone.completed(newItemCounts: [1, 4])
        #expect(done.includesReloadData)
        #expect(done.newIndexPath(forOld: path(0, 0)) == nil)
        #expect(done.oldIndexPath(forNew: path(1, 0)) == nil)
        let rebuilt = try done.applied(to: [["a", "b", "c"]]) { "\($0.section).\($0.item)" }
        #expect(rebuilt == [["0.0"], ["1.0", "1.1", "1.2", "1.3"]])

        var mixed = ChangeSet(oldItemCounts: [3])
        mixed.reloadData()
        mixed.insertItems(at: [path(0, 0)])
        let error = ChangeSetError(.reloadDataWithOtherEdits(otherEditCount: 1))
        #expect(throws: error) { try mixed.completed(newItemCounts: [4]) }
        #expect(error.description == "reloadData cannot be combined with other edits in one batch (1 other edits). Reload in a batch of its own: it replaces everything anyway.")
    }

    @Test func negativeCountsAndMalformedIndexPathsAreRefused() {
        let negative = ChangeSet(oldItemCounts: [2, -1])
        #expect(throws: ChangeSetError(.negativeItemCount(section: 1, count: -1, isAfterUpdate: false))) {
            try negative.completed(newItemCounts: [2, 0])
        }
        var malformed = ChangeSet(oldItemCounts: [2])
        malformed.deleteItems(at: [IndexPath(index: 0)])  // one level, not two
        #expect(throws: ChangeSetError.self) { try malformed.completed(newItemCounts: [1]) }
        var negativeIndex = ChangeSet(oldItemCounts: [2])
        negativeIndex.insertItems(at: [path(0, -1)])
        #expect(throws: ChangeSetError(.insertItemBeyondSection(item: -1, section: 0, itemCount: 3))) {
            try negativeIndex.completed(newItemCounts: [3])
        }
    }

    @Test func editsRelayInUIKitOrderWithTheirAnimationOptions() throws {
        var c = ChangeSet(oldItemCounts: [3, 1])
        c.moveItem(at: path(0, 2), to: path(0, 0))
        c.insertItems(at: [path(1, 1)], options: .automatic)
        c.deleteItems(at: [path(0, 0)])
        c.reloadItems(at: [path(1, 0)], options: .init(rawValue: 5))
        let done = try c.completed(newItemCounts: [2, 2])
        #expect(done.editsInRelayOrder.map(\.edit) == [
            .reloadItem(path(1, 0)), .deleteItem(path(0, 0)), .insertItem(path(1, 1)), .moveItem(path(0, 2), to: path(0, 0)),
        ])
        #expect(done.editsInRelayOrder.map(\.options) == [.init(rawValue: 5), .none, .automatic, .none])
    }

    @Test func normalizedEditsAreSortedAndDecomposed() throws {
        var c = ChangeSet(oldItemCounts: [4, 2, 1])
        c.deleteItems(at: [path(0, 1), path(0, 3)])
        c.insertItems(at: [path(0, 2), path(0, 0)])
        c.reloadItems(at: [path(1, 1)])
        c.deleteSections([2])
        c.deleteItems(at: [path(2, 0)])  // inside a deleted section: dropped
        let done = try c.completed(newItemCounts: [4, 2])
        let n = done.normalized
        #expect(n.deletedItems == [path(1, 1), path(0, 3), path(0, 1)])
        #expect(n.insertedItems == [path(0, 0), path(0, 2), path(1, 1)])
        #expect(n.deletedSections == [2])
        #expect(n.reloadedItems == [.init(from: path(1, 1), to: path(1, 1))])
        let after = try done.applied(to: [["a", "b", "c", "d"], ["e", "f"], ["g"]]) { "new \($0.section).\($0.item)" }
        #expect(after == [["new 0.0", "a", "new 0.2", "c"], ["e", "new 1.1"]])
    }

    @Test func applyingToSectionsOfOtherCountsIsRefused() throws {
        let done = try ChangeSet(oldItemCounts: [2]).completed(newItemCounts: [2])
        #expect(throws: ChangeSetError(.sectionsDoNotMatchOldCounts(expected: [2], actual: [3]))) {
            try done.applied(to: [[1, 2, 3]]) { _ in 0 }
        }
    }

    @Test func sectionMovesCarryTheirItems() throws {
        var c = ChangeSet(oldItemCounts: [1, 2, 3])
        c.moveSection(0, toSection: 2)
        let done = try c.completed(newItemCounts: [2, 3, 1])
        #expect(done.newSection(forOld: 0) == 2)
        #expect(done.newSection(forOld: 1) == 0)
        #expect(done.newIndexPath(forOld: path(2, 2)) == path(1, 2))
        #expect(done.oldIndexPath(forNew: path(2, 0)) == path(0, 0))
    }
}
