public import Foundation
import WeftDataController
import WeftRangeController

extension CollectionNode {
    /// Scrolls so that the item at `indexPath` (data source's index space) sits
    /// at `scrollPosition` in the viewport, as UIKit's
    /// `scrollToItem(at:at:animated:)`. The new offset is one scrolled frame, so
    /// the ranges follow as they would after a user's scroll; a headless
    /// container has nothing to animate, so `animated` only changes nothing.
    ///
    /// The item stays where it was asked to be until the next scroll (of the
    /// app's, the user's or another `scrollToItem`): while a lazy list corrects
    /// the estimates of the items around it, while an insert that brings it is
    /// on its way, and while updates are in flight (then a lazy item that is not
    /// loaded yet is scrolled to once they commit). The offset stays within the
    /// content unless ``allowsOverscroll``: at the content's ends the item goes
    /// as near its place as the content allows.
    ///
    /// - Throws: ``CollectionNodeError/noSuchItem(_:numberOfSections:numberOfItemsInSection:)``
    ///   or ``CollectionNodeError/conflictingScrollPositions(_:)``; nothing changes then.
    /// - Complexity: O(log *n*).
    public func scrollToItem(
        at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool = false
    ) throws(CollectionNodeError) {
        try checkScrollPosition(scrollPosition)
        let element: CollectionElement
        do {
            element = try self.element(at: indexPath)
        } catch .itemNotLoaded {
            scrollTarget = (.indexPath(indexPath), scrollPosition)
            return
        }
        scrollTarget = (.element(_WeakElement(element)), scrollPosition)
        keepScrollTarget()
    }

    func checkScrollPosition(_ position: ScrollPosition) throws(CollectionNodeError) {
        if position.intersection(.vertical).rawValue.nonzeroBitCount > 1
            || position.intersection(.horizontal).rawValue.nonzeroBitCount > 1
        {
            throw .conflictingScrollPositions(position)
        }
    }

    /// Puts the scroll target back where it was asked to be, and keeps the
    /// offset within the content; called after each commit, load and relayout,
    /// when frames may have moved. A target deleted before it showed is let go;
    /// an index path that no longer exists once updates commit is reported
    /// (``CollectionNodeError``, layer `.container`). A target still waiting
    /// for updates to commit is looked at again by each ``layoutIfNeeded()``.
    ///
    /// - Complexity: O(log *n*).
    func keepScrollTarget() {
        defer { keepOffsetWithinContent() }
        guard let (target, position) = scrollTarget else { return }
        let element: CollectionElement
        switch target {
        case .element(let entry):
            guard let known = entry.element, dataController.pendingMap.indexPath(of: known) != nil else {
                scrollTarget = nil  // deleted before it showed
                return
            }
            element = known
        case .indexPath(let indexPath):
            guard !dataController.isProcessingUpdates else { return }
            do {
                element = try self.element(at: indexPath)
            } catch .itemNotLoaded {
                return  // inside a commit: the next frame loads it (layoutIfNeeded)
            } catch {
                scrollTarget = nil
                diagnostics.report(error, layer: .container, indexPaths: [indexPath])
                return
            }
            scrollTarget = (.element(_WeakElement(element)), position)
        }
        guard let viewPath = dataController.visibleMap.indexPath(of: element) else { return }
        scroll(toViewItemAt: viewPath, at: position)
    }

    /// Moves an offset left past the content's end (the content shrank, or
    /// estimates were corrected) back within it, unless ``allowsOverscroll``.
    private func keepOffsetWithinContent() {
        guard !allowsOverscroll else { return }
        let offset = contentOffset
        if clampedContentOffset(offset) != offset {
            isKeepingScrollTarget = true
            contentOffset = offset  // the setter clamps
            isKeepingScrollTarget = false
        }
    }

    private func scroll(toViewItemAt viewPath: IndexPath, at position: ScrollPosition) {
        guard let frame = layout.frameForItem(at: viewPath) else { return }
        let viewport = rangeController.viewport
        var offset = viewport.origin
        // An inverted list shows the layout mirrored: the top of the screen is
        // the far end of the content, so a position names the other edge.
        let vertical = isInverted ? position.mirroredVertically : position
        let horizontal = isInverted ? position.mirroredHorizontally : position
        if layout.scrollAxis == .vertical {
            offset.y = Self.origin(
                itemStart: frame.minY, itemEnd: frame.maxY, viewportStart: viewport.minY,
                viewportLength: viewport.height, leading: vertical.contains(.top),
                centred: vertical.contains(.centeredVertically), trailing: vertical.contains(.bottom))
        } else {
            offset.x = Self.origin(
                itemStart: frame.minX, itemEnd: frame.maxX, viewportStart: viewport.minX,
                viewportLength: viewport.width, leading: horizontal.contains(.left),
                centred: horizontal.contains(.centeredHorizontally), trailing: horizontal.contains(.right))
        }
        isKeepingScrollTarget = true
        contentOffset = offset
        isKeepingScrollTarget = false
    }

    /// The viewport origin along the scroll axis that puts an item where asked;
    /// with no position, the nearest origin at which the item is fully visible
    /// (its start, if it is longer than the viewport).
    private static func origin(
        itemStart: CGFloat, itemEnd: CGFloat, viewportStart: CGFloat, viewportLength: CGFloat,
        leading: Bool, centred: Bool, trailing: Bool
    ) -> CGFloat {
        if leading { return itemStart }
        if centred { return (itemStart + itemEnd) / 2 - viewportLength / 2 }
        if trailing { return itemEnd - viewportLength }
        if itemStart < viewportStart || itemEnd - itemStart > viewportLength { return itemStart }
        if itemEnd > viewportStart + viewportLength { return itemEnd - viewportLength }
        return viewportStart
    }

    /// The user ended a drag: the content moves at `velocity` (in the host's units)
    /// and will come to rest at `targetContentOffset`. A host view calls it where
    /// UIKit calls `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`:
    /// the batch-fetch check then looks at where the content will rest, so a fling
    /// toward the end starts fetching before it lands, as in Texture, and the
    /// fetch's `BatchContext` carries the velocity and the target.
    ///
    /// - Complexity: O(1); the check runs with the next range update.
    public func scrollViewWillEndDragging(withVelocity velocity: CGPoint, targetContentOffset: CGPoint) {
        rangeController.scrollViewWillEndDragging(withVelocity: velocity, targetContentOffset: targetContentOffset)
    }
}
