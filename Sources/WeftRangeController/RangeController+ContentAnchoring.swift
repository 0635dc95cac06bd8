import Foundation
import WeftChangeSet
import WeftDataController
import WeftElementMap

extension RangeController {
    /// The items on screen before a map change, each with where it started
    /// relative to the viewport's start along the scroll axis, first visible first.
    struct ContentAnchor {
        var candidates: [(element: CollectionElement, path: IndexPath, offset: CGFloat)]
    }

    /// Where the items on screen are, to keep the first of them that survives a
    /// map change where it is on screen (``automaticallyAdjustsContentOffset``).
    ///
    /// Nothing is kept while the viewport is at the start of the content: a
    /// feed at its top shows what is inserted above, and an inverted chat at
    /// its newest message shows new ones, as a user expects there.
    ///
    /// - Complexity: O(*v* log *n*) for *v* items on screen, at most 64.
    func captureContentAnchor() -> ContentAnchor? {
        guard automaticallyAdjustsContentOffset else { return nil }
        let axis = layout.scrollAxis
        let (start, end) = axis.span(of: viewport)
        guard start > 0, end > start else { return nil }
        var candidates: [(element: CollectionElement, path: IndexPath, offset: CGFloat)] = []
        var ordinal = layout.firstItemOrdinal(endingAfter: start)
        while ordinal < sectionIndex.itemTotal, candidates.count < 64 {
            let position = sectionIndex.position(ofOrdinal: ordinal)
            let path = IndexPath(item: position.item, section: position.section)
            guard let frame = layout.frameForItem(at: path), axis.span(of: frame).min < end else { break }
            if let element = visibleMap.element(at: path) {
                candidates.append((element, path, axis.span(of: frame).min - start))
            }
            ordinal += 1
        }
        return candidates.isEmpty ? nil : ContentAnchor(candidates: candidates)
    }

    /// Moves the viewport so that the first anchored item that stayed among its
    /// neighbours starts where it did on screen, within the content. An item the
    /// update moved, alone or with its section, is no anchor: following it would
    /// carry the reader to wherever it went. Not a scroll: it re-arms no batch
    /// fetch and sets no scroll direction.
    ///
    /// - Parameter moves: The update's normalized edits, if it was a batch update.
    /// - Complexity: O(*m* + *c* log *n*) for *m* moves and the *c* candidates tried.
    func restoreContentAnchor(_ anchor: ContentAnchor?, moves: NormalizedEdits? = nil) {
        guard let anchor else { return }
        let axis = layout.scrollAxis
        let movedItems = Set(moves?.movedItems.map(\.from) ?? [])
        let movedSections = Set(moves?.movedSections.map(\.from) ?? [])
        for (element, oldPath, offset) in anchor.candidates
        where !movedItems.contains(oldPath) && !movedSections.contains(oldPath.section) {
            guard let path = visibleMap.indexPath(of: element), let frame = layout.frameForItem(at: path) else { continue }
            let screen = axis.length(of: viewport.size)
            let limit = max(axis.length(of: layout.contentSize) - screen, 0)
            let start = min(max(axis.span(of: frame).min - offset, 0), limit)
            let moved = start - axis.span(of: viewport).min
            guard moved != 0 else { return }
            let waits = waitsForBatchFetchTrigger
            viewport.origin = axis.offset(viewport.origin, by: moved)
            waitsForBatchFetchTrigger = waits
            statistics.contentOffsetAdjustments += 1
            return
        }
    }
}
