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
    /// The offset stays within the content unless ``allowsOverscroll``. An item
    /// the data source has but the view does not show yet (an insert on its way)
    /// is scrolled to when the update that shows it commits.
    ///
    /// - Throws: ``CollectionNodeError/noSuchItem(_:numberOfSections:numberOfItemsInSection:)``
    ///   or ``CollectionNodeError/conflictingScrollPositions(_:)``; nothing changes then.
    /// - Complexity: O(log *n*).
    public func scrollToItem(
        at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool = false
    ) throws(CollectionNodeError) {
        let element = try element(at: indexPath)
        try checkScrollPosition(scrollPosition)
        pendingScroll = nil
        guard let viewPath = dataController.visibleMap.indexPath(of: element) else {
            pendingScroll = (_WeakElement(element), scrollPosition)
            return
        }
        scroll(toViewItemAt: viewPath, at: scrollPosition)
    }

    func checkScrollPosition(_ position: ScrollPosition) throws(CollectionNodeError) {
        if position.intersection(.vertical).rawValue.nonzeroBitCount > 1
            || position.intersection(.horizontal).rawValue.nonzeroBitCount > 1
        {
            throw .conflictingScrollPositions(position)
        }
    }

    /// Performs a scroll that waited for its item to reach the view; called after each commit.
    func performPendingScroll() {
        guard let (entry, position) = pendingScroll else { return }
        guard let element = entry.element, dataController.pendingMap.indexPath(of: element) != nil else {
            pendingScroll = nil  // deleted before it showed
            return
        }
        guard let viewPath = dataController.visibleMap.indexPath(of: element) else { return }
        pendingScroll = nil
        scroll(toViewItemAt: viewPath, at: position)
    }

    private func scroll(toViewItemAt viewPath: IndexPath, at position: ScrollPosition) {
        guard let frame = layout.frameForItem(at: viewPath) else { return }
        let viewport = rangeController.viewport
        var offset = viewport.origin
        if layout.scrollAxis == .vertical {
            offset.y = Self.origin(
                itemStart: frame.minY, itemEnd: frame.maxY, viewportStart: viewport.minY,
                viewportLength: viewport.height, leading: position.contains(.top),
                centred: position.contains(.centeredVertically), trailing: position.contains(.bottom))
        } else {
            offset.x = Self.origin(
                itemStart: frame.minX, itemEnd: frame.maxX, viewportStart: viewport.minX,
                viewportLength: viewport.width, leading: position.contains(.left),
                centred: position.contains(.centeredHorizontally), trailing: position.contains(.right))
        }
        contentOffset = offset
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
