import Testing
import WeftChangeSet

/// The usage promised in the module's documentation, exactly as a user writes it.
@Suite struct ChangeSetUsageTests {
    @Test func documentedUsageWorks() throws {
        var changes = ChangeSet(oldItemCounts: [3, 2])
        changes.beginUpdates()
        changes.insertItems(at: [IndexPath(item: 0, section: 0)])
        changes.moveItem(at: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 1))
        changes.endUpdates()
        let done = try changes.completed(newItemCounts: [3, 3])
        #expect(done.newIndexPath(forOld: IndexPath(item: 1, section: 0)) == IndexPath(item: 2, section: 0))
        #expect(done.oldIndexPath(forNew: IndexPath(item: 0, section: 0)) == nil)
        // The moved item keeps its identity: it maps both ways.
        #expect(done.newIndexPath(forOld: IndexPath(item: 2, section: 0)) == IndexPath(item: 0, section: 1))
        #expect(done.oldIndexPath(forNew: IndexPath(item: 0, section: 1)) == IndexPath(item: 2, section: 0))
        #expect(done.normalized.movedItems == [.init(from: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 1))])
        #expect(done.normalized.insertedItems == [IndexPath(item: 0, section: 0)])
    }

    @Test func wrongCountsThrowATypedErrorNamingSectionAndCounts() {
        var changes = ChangeSet(oldItemCounts: [3, 2])
        changes.insertItems(at: [IndexPath(item: 0, section: 0)])
        #expect(throws: ChangeSetError(.itemCountMismatch(section: 0, after: 3, before: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0))) {
            try changes.completed(newItemCounts: [3, 2])
        }
    }
}
