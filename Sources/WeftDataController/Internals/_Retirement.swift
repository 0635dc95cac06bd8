import Foundation
import WeftElementMap

/// The elements an accepted update takes out of the map before it, to be
/// marked retired (``CollectionElement/retire()``) before step 3 runs the
/// update's node blocks, so that a block may hand a new element the node of
/// one of them (see ``CollectionElement/node``), but never the node of an
/// element that stays.
///
/// Step 1 retires them on main when it derives the map there; when the map
/// queue derives it, the derivation retires them first, off main (each was a
/// lookup and a cache miss: a fifth of main's share of a 10% update of 100k
/// items), and step 3 waits for that before it measures
/// (``_DerivedMap/waitUntilRemovedElementsRetired(waitingAs:)``). Anyone else
/// who could run a new element's block reaches it through the pending map,
/// which waits for the whole derivation.
enum _Retirement: Sendable {
    /// A `reloadData`: every element of the map before.
    case everything
    /// An update's removed items (their paths in the map before), sections
    /// and supplementary elements.
    case removed(items: [IndexPath], sections: [Int], supplementaries: [CollectionElement])

    /// What `batch` removes, or everything for a `reloadData`.
    init(of batch: borrowing _MapBatch<CollectionElement>, reloadsData: Bool) {
        self = reloadsData
            ? .everything
            : .removed(items: batch.removedItems, sections: batch.removedSections,
                       supplementaries: batch.removedSupplementaries)
    }

    /// Marks the elements retired, finding them in `map`, the map before the update.
    ///
    /// - Complexity: O(*r* log *n*) for *r* removed items of *n*, plus the
    ///   removed sections' elements; O(*n*) for everything.
    func perform(in map: ElementMap<CollectionElement>) {
        switch self {
        case .everything:
            for element in map { element.retire() }
            for section in 0 ..< map.numberOfSections {
                for supplementary in map.supplementaryElements(inSection: section) { supplementary.element.retire() }
            }
        case .removed(let items, let sections, let supplementaries):
            for path in items {
                // Unretained: the map holds the element, and an element's retain takes
                // the runtime's slow path (its node references it weakly); at a 10%
                // update of 100k the retains and releases were two thirds of this loop.
                map.unmanagedElement(at: path)?._withUnsafeGuaranteedRef { $0.retire() }
            }
            for section in sections {
                for element in map.elements(inSection: section) { element.retire() }
                for supplementary in map.supplementaryElements(inSection: section) { supplementary.element.retire() }
            }
            for element in supplementaries { element.retire() }
        }
    }
}
