import Foundation
import WeftDataController

/// What a scroll is to reach: an element the container knows, or, when the
/// item is a lazy one that cannot be loaded while updates are in flight, its
/// index path in the data source's index space, resolved once they commit.
enum _ScrollTarget {
    case element(_WeakElement)
    case indexPath(IndexPath)
}
