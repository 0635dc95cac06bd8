public import Foundation
public import WeftDataController

/// Why a snapshot edit or an `apply` was refused: the exceptions UIKit's
/// `NSDiffableDataSourceSnapshot` raises, as values. Nothing changes when one is
/// thrown. Identifiers are named as `String(describing:)` writes them.
public enum SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two items share an identifier; items must be unique across the snapshot.
    case duplicateItem(String, firstAt: IndexPath, againAt: IndexPath)
    /// Two sections share an identifier.
    case duplicateSection(String, firstAt: Int, againAt: Int)
    /// An item to add is already in the snapshot (or named twice in one call).
    case itemAlreadyInSnapshot(String)
    /// A section to add is already in the snapshot (or named twice in one call).
    case sectionAlreadyInSnapshot(String)
    /// A section named in an edit or a query does not exist.
    case noSuchSection(String)
    /// An item named in an edit does not exist.
    case noSuchItem(String)
    /// Items were appended to the last section of a snapshot that has none.
    case noSections
    /// An item or a section was moved before or after itself.
    case movedRelativeToItself(String)
    /// An item was both reloaded and reconfigured in one snapshot; UIKit refuses that.
    case reloadedAndReconfigured(String)
    /// The collection node refused the snapshot's batch: its data was changed by
    /// other means than this data source, so the snapshot shown was stale.
    case refused(DataControllerError)

    public var description: String {
        switch self {
        case .duplicateItem(let item, let first, let again):
            "Item \(item) appears twice in the snapshot: at item \(first.item) of section \(first.section) "
                + "and at item \(again.item) of section \(again.section)"
        case .duplicateSection(let section, let first, let again):
            "Section \(section) appears twice in the snapshot: at \(first) and at \(again)"
        case .itemAlreadyInSnapshot(let item):
            "Item \(item) is already in the snapshot; item identifiers must be unique"
        case .sectionAlreadyInSnapshot(let section):
            "Section \(section) is already in the snapshot; section identifiers must be unique"
        case .noSuchSection(let section):
            "The snapshot has no section \(section)"
        case .noSuchItem(let item):
            "The snapshot has no item \(item)"
        case .noSections:
            "The snapshot has no sections to append items to; append a section first"
        case .movedRelativeToItself(let identifier):
            "\(identifier) cannot be moved before or after itself"
        case .reloadedAndReconfigured(let item):
            "Item \(item) is both reloaded and reconfigured; choose one"
        case .refused(let error):
            "The collection node refused the snapshot's batch: \(error)"
        }
    }
}
