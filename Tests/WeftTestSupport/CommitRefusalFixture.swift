import Foundation
public import WeftChangeSet

/// A commit that a backing view must refuse because it no longer matches what
/// the view shows: the change set was made against `claimedCounts`, while the
/// view and the data controller's visible map show `shownCounts`, and the
/// commit leaves the visible map as it is. The same fixtures run against every
/// backing view (`HeadlessCollectionView`, `GTKCollectionView`), which must
/// record exactly ``expected``, UIKit's refusal, through the engine's
/// `CommitValidator`.
public struct CommitRefusalFixture: Sendable, CustomStringConvertible {
    public let name: String
    /// The items per section the view shows.
    public let shownCounts: [Int]
    /// The counts the commit's change set was made against, and after it.
    public let claimedCounts: [Int]
    public let claimedNewCounts: [Int]
    /// The commit's edits, valid from `claimedCounts` to `claimedNewCounts`.
    public let edits: [ChangeSet.Edit]
    /// What the view's check must refuse the commit with.
    public let expected: ChangeSetError.Reason

    public var description: String { name }

    /// The commit's change set, validated against the counts it claims.
    public func changeSet() throws -> CompletedChangeSet {
        var batch = ChangeSet(oldItemCounts: claimedCounts)
        for edit in edits { batch.append(edit) }
        return try batch.completed(newItemCounts: claimedNewCounts)
    }

    public static let all: [CommitRefusalFixture] = [
        CommitRefusalFixture(
            name: "an insert the view's counts do not have room for", shownCounts: [3], claimedCounts: [3],
            claimedNewCounts: [4], edits: [.insertItem(IndexPath(item: 0, section: 0))],
            expected: .itemCountMismatch(section: 0, after: 3, before: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)),
        CommitRefusalFixture(
            name: "a delete past the items the view shows", shownCounts: [3], claimedCounts: [5],
            claimedNewCounts: [4], edits: [.deleteItem(IndexPath(item: 4, section: 0))],
            expected: .deleteItemBeyondSection(item: 4, section: 0, itemCount: 3)),
        CommitRefusalFixture(
            name: "a section deleted that the view never showed", shownCounts: [2, 2], claimedCounts: [2, 2, 1],
            claimedNewCounts: [2, 2], edits: [.deleteSection(2)],
            expected: .deleteMissingSection(section: 2, sectionCount: 2)),
    ]
}
