public import WeftChangeSet
public import WeftCore
import WeftDataController
public import WeftMemory
public import WeftRangeController

/// A vertical list with table wording: `ASTableNode`. Its view validates with
/// UIKit's `UITableView` messages (rows, not items).
@MainActor
public final class TableNode: CollectionNode {
    /// Creates a table of rows spaced `spacing` points apart.
    ///
    /// - Throws: ``WeftRangeController/RangeError`` for a negative or NaN spacing.
    public init(
        spacing: CGFloat = 0,
        mainScheduler: any MainScheduler = .dispatchMain,
        deallocQueue: DeallocQueue = .shared
    ) throws(RangeError) {
        super.init(
            layout: try ListLayout(axis: .vertical, spacing: spacing),
            view: HeadlessCollectionView(viewKind: .table),
            validationMode: .strict(.table),
            mainScheduler: mainScheduler, deallocQueue: deallocQueue)
    }
}
