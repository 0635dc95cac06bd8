public import Foundation
import WeftCore

extension ChangeSet {
    /// One edit as the caller made it, in the index space UIKit gives it.
    ///
    /// Deletes, reloads and the source of a move name old positions (before the
    /// batch); inserts and the destination of a move name new positions (after it).
    public enum Edit: Hashable, Sendable, CustomStringConvertible {
        /// Insert a section at a new index.
        case insertSection(Int)
        /// Delete the section at an old index.
        case deleteSection(Int)
        /// Reload the section at an old index (a delete plus an insert).
        case reloadSection(Int)
        /// Move the section at an old index to a new index; its items move with it.
        case moveSection(Int, to: Int)
        /// Insert an item at a new index path.
        case insertItem(IndexPath)
        /// Delete the item at an old index path.
        case deleteItem(IndexPath)
        /// Reload the item at an old index path (a delete plus an insert).
        case reloadItem(IndexPath)
        /// Move the item at an old index path to a new index path, keeping its identity.
        case moveItem(IndexPath, to: IndexPath)
        /// Discard every section and item and load them all again.
        case reloadData

        /// The position of this kind of edit in UIKit's relay order: reloads, deletes,
        /// inserts, moves, with items before sections where Texture relays them so.
        var relayRank: Int {
            switch self {
            case .reloadData: 0
            case .reloadItem: 1
            case .reloadSection: 2
            case .deleteItem: 3
            case .deleteSection: 4
            case .insertSection: 5
            case .insertItem: 6
            case .moveSection: 7
            case .moveItem: 8
            }
        }

        public var description: String {
            switch self {
            case .insertSection(let s): "insert section \(s)"
            case .deleteSection(let s): "delete section \(s)"
            case .reloadSection(let s): "reload section \(s)"
            case .moveSection(let from, let to): "move section \(from) to section \(to)"
            case .insertItem(let p): "insert \(readable(p))"
            case .deleteItem(let p): "delete \(readable(p))"
            case .reloadItem(let p): "reload \(readable(p))"
            case .moveItem(let from, let to): "move \(readable(from)) to \(readable(to))"
            case .reloadData: "reload data"
            }
        }
    }
}
