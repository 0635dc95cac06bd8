public import Foundation

extension HeadlessCollectionView {
    /// A cell that, after a batch update UIKit accepts, shows something other than
    /// what the data source has at its index path: the batch corrupted the view
    /// without any exception. UIKit does not look; the headless view does (see
    /// ``HeadlessCollectionView/divergences``).
    public struct Divergence: Error, Hashable, Sendable, CustomStringConvertible {
        /// The batch update after which the cell diverged, counting from 1
        /// (``HeadlessCollectionView/appliedBatchUpdateCount`` then).
        public let batchUpdate: Int
        /// Where the cell is.
        public let indexPath: IndexPath
        /// What the cell shows.
        public let shown: String
        /// What the data source has at `indexPath`.
        public let expected: String

        public init(batchUpdate: Int, indexPath: IndexPath, shown: String, expected: String) {
            self.batchUpdate = batchUpdate
            self.indexPath = indexPath
            self.shown = shown
            self.expected = expected
        }

        public var description: String {
            "After batch update \(batchUpdate), the cell of item \(indexPath.item) of section \(indexPath.section) "
                + "shows \(shown) but the data source has \(expected) there"
        }
    }
}
