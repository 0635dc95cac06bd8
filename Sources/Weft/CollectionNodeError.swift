public import Foundation

/// Why a container refused a selection or a scroll. Nothing changes when one is thrown.
public enum CollectionNodeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The index path names no item of the data source: UIKit raises "attempt to
    /// scroll to invalid index path" or selects past the bounds.
    case noSuchItem(IndexPath, numberOfSections: Int, numberOfItemsInSection: Int?)
    /// The scroll position names two vertical or two horizontal positions, as
    /// `[.top, .bottom]`.
    case conflictingScrollPositions(ScrollPosition)
    /// The item of a lazy collection exists but is not loaded, and cannot be
    /// loaded while updates are in flight (its place in the view is not known
    /// yet). Try again once they have committed.
    case itemNotLoaded(IndexPath)

    public var description: String {
        switch self {
        case .noSuchItem(let path, let sections, let items):
            guard path.count == 2 else {
                return "Index path \(path) is not a (section, item) pair"
            }
            if let items {
                return "There is no item \(path.item) in section \(path.section): it has \(items) items"
            }
            return "There is no section \(path.section): the collection has \(sections) sections"
        case .conflictingScrollPositions(let position):
            return "Scroll position \(position) names more than one vertical or horizontal position"
        case .itemNotLoaded(let path):
            return "Item \(path.item) of section \(path.section) exists but is not loaded yet, and cannot be "
                + "loaded while updates are in flight; try again once they have committed"
        }
    }
}
