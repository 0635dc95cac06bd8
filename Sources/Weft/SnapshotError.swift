public import Foundation
public import WeftDataController

/// Why a snapshot could not be applied. Nothing changes when one is thrown.
public enum SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Two items share an identity; items must be unique across the snapshot.
    case duplicateItem(String, firstAt: IndexPath, againAt: IndexPath)
    /// Two sections share an identity.
    case duplicateSection(String, firstAt: Int, againAt: Int)
    /// A section named in an edit of the snapshot does not exist.
    case noSuchSection(String)
    /// The collection node refused the batch: its data was changed by other
    /// means than this data source, so the snapshot shown was stale.
    case refused(DataControllerError)

    public var description: String {
        switch self {
        case .duplicateItem(let item, let first, let again):
            "Item \(item) appears twice in the snapshot: at item \(first.item) of section \(first.section) "
                + "and at item \(again.item) of section \(again.section)"
        case .duplicateSection(let section, let first, let again):
            "Section \(section) appears twice in the snapshot: at \(first) and at \(again)"
        case .noSuchSection(let section):
            "The snapshot has no section \(section)"
        case .refused(let error):
            "The collection node refused the snapshot's batch: \(error)"
        }
    }
}
