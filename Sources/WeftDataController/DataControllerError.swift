public import WeftChangeSet
public import WeftElementMap

/// Why a data controller refused an update. A refused update changes nothing:
/// both maps, the item counts and the nodes stay as they were.
public enum DataControllerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The change set breaks a batch-update rule; the error names the edit,
    /// section, item and counts involved.
    case invalidChangeSet(ChangeSetError)

    /// The change set was made against other item counts than the data
    /// controller's pending ones: it was built before another update, or by hand
    /// with the wrong counts. Make change sets with ``DataController/makeChangeSet()``.
    case staleChangeSet(expected: [Int], actual: [Int])

    /// The update was issued while the data controller was inside a data-source
    /// call or a commit (step 1 or step 5 of another update). Issue it after the
    /// call returns, for example from the update's completion.
    case reentrantUpdate

    /// The data source reported a negative number of sections.
    case negativeSectionCount(Int)

    /// The data source reported more sections (`section` is `nil`) or more
    /// items in `section` than an element map holds
    /// (`ElementMap.maximumSectionCount`, `ElementMap.maximumItemCount`).
    /// Refused before any node block is asked for.
    case countBeyondCapacity(section: Int?, count: Int, limit: Int)

    /// The data source reported a negative number of `kind` elements in
    /// `section`, or more than a section holds (`limit`). Refused before the
    /// update changed anything.
    case supplementaryCountOutOfRange(kind: String, section: Int, count: Int, limit: Int)

    /// The data source listed `kind` more than once for `section`: the kind's
    /// elements are made once and the repeats ignored. Reported, not thrown:
    /// the update goes on and the data shows.
    case repeatedSupplementaryKind(kind: String, section: Int)

    /// UIKit accepts the batch (faithful validation counts a place named twice as
    /// two edits) but what it shows then is undefined: `duplicate` names the same
    /// place as an earlier edit of the batch. Name each place once.
    case undefinedResult(duplicate: ChangeSet.Edit?)

    /// The element map refused the derived batch. The change set was valid, so
    /// this means the data source gave one element twice.
    case elementMap(ElementMapError)

    /// The data controller (with its collection node) was released before the
    /// update committed: nothing of it shows. Completions of updates in flight
    /// get this on main, so that no caller waits for good.
    case released

    public var description: String {
        switch self {
        case .invalidChangeSet(let error):
            "\(error)\nNothing was applied. Make the edits say exactly how the data source changed between "
                + "the counts before and after; a CollectionNode then catches up with its data source, so it shows "
                + "the data source as it is now and later edits start from there."
        case .staleChangeSet(let expected, let actual):
            "Stale change set: it was made against item counts \(actual), but the data controller's "
                + "pending counts are \(expected); make change sets with makeChangeSet()"
        case .reentrantUpdate:
            "Re-entrant update: an update was issued from inside a data-source call or a commit of "
                + "another update; issue it after that call returns"
        case .negativeSectionCount(let count):
            "The data source reported \(count) sections; a count cannot be negative"
        case .countBeyondCapacity(let section?, let count, let limit):
            "The data source reported \(count) items in section \(section); a section holds at most \(limit). "
                + "Nothing was applied"
        case .countBeyondCapacity(nil, let count, let limit):
            "The data source reported \(count) sections; a collection holds at most \(limit). Nothing was applied"
        case .supplementaryCountOutOfRange(let kind, let section, let count, let limit):
            "The data source reported \(count) elements of kind \"\(kind)\" in section \(section); a count is "
                + "between 0 and \(limit). Nothing was applied"
        case .repeatedSupplementaryKind(let kind, let section):
            "The data source listed the supplementary kind \"\(kind)\" more than once in section \(section); "
                + "its elements were made once and the repeats ignored"
        case .undefinedResult(let duplicate):
            "UIKit accepts this batch, but what it shows then is undefined"
                + (duplicate.map { ": \($0) appears more than once" } ?? "")
                + ". Nothing was applied. Name each place once"
        case .elementMap(let error):
            "The element map refused the update: \(error)"
        case .released:
            "The collection was released before the update committed; nothing of it is shown"
        }
    }
}
