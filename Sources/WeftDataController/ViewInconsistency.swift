public import Foundation
public import WeftChangeSet
public import WeftElementMap

/// What UIKit would have raised as `NSInternalInconsistencyException` at the
/// end of a backing view's batch update: the view's own check of a commit,
/// made by ``CommitValidator``, which every backing view calls.
public enum ViewInconsistency: Error, Hashable, Sendable, CustomStringConvertible {
    /// A batch update that UIKit's validation refuses, with UIKit's message.
    case invalidUpdate(ChangeSetError)
    /// `reloadData()` was called inside a batch update.
    case reloadDataInsideBatchUpdates
    /// The data source returned, for `indexPath`, a cell that another item
    /// already shows.
    case cellShownTwice(IndexPath)
    /// The data source reported a negative number of sections.
    case negativeSectionCount(Int)
    /// UIKit accepts the update (it counts duplicate inserts, for one) but
    /// what it then shows is undefined; Weft's views refuse it.
    case undefinedResult(ElementMapError)

    /// The inconsistency an element map's refusal of a view's cells means.
    package init(_ error: ElementMapError) {
        if case .elementAlreadyPresent(_, _, let indexPath, _) = error {
            self = .cellShownTwice(indexPath)
        } else {
            self = .undefinedResult(error)
        }
    }

    public var description: String {
        switch self {
        case .invalidUpdate(let error):
            error.description
        case .reloadDataInsideBatchUpdates:
            "reloadData() must not be called inside performBatchUpdates(_:completion:)"
        case .cellShownTwice(let path):
            "The data source returned, for item \(path.item) of section \(path.section), a cell that "
                + "another item already shows"
        case .negativeSectionCount(let count):
            "The data source reported \(count) sections; a count cannot be negative"
        case .undefinedResult(let error):
            "UIKit accepts this update but what it shows then is undefined: \(error)"
        }
    }
}
