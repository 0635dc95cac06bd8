public import Foundation
import WeftRangeController

extension CollectionNode {
    /// Whether a commit keeps the item being read where it is on screen: when
    /// items are inserted or deleted before the first item on screen, or change
    /// size, the content offset moves by as much as that item did, so it moves
    /// by 0 points. `true` by default (Texture's `automaticallyAdjustsContentOffset`,
    /// off there; UIKit has none and jumps).
    ///
    /// The anchor is the first item on screen that the update neither deleted
    /// nor moved. While the viewport is at the start of the content it stays at
    /// the start, so a feed at its top shows new posts above, and an inverted
    /// chat at its newest message shows new ones. Lazy collections keep their
    /// place as estimates are corrected whether or not this is on.
    public var automaticallyAdjustsContentOffset: Bool {
        get { rangeController.automaticallyAdjustsContentOffset }
        set { rangeController.automaticallyAdjustsContentOffset = newValue }
    }

    /// The frame of the item at `indexPath` (data source's index space) in
    /// content coordinates, the space of ``contentOffset`` and of the layout:
    /// never mirrored, as UIKit's layout attributes are not under Texture's
    /// flip. Where it shows on screen is ``viewportRect(forContentRect:)`` of
    /// it; `nil` for an item the view does not show yet.
    ///
    /// - Complexity: O(log *n*), plus O(*u* log *k*) to carry the path through
    ///   *u* updates in flight.
    public func frameForItem(at indexPath: IndexPath) -> CGRect? {
        guard let viewPath = viewIndexPath(for: indexPath) else { return nil }
        return layout.frameForItem(at: viewPath)
    }

    /// Where `rect`, in content coordinates, shows in the viewport (points, the
    /// viewport's top left at zero): its rect in the content as displayed less
    /// the ``displayedContentOffset``. Not inverted, that is `rect` less
    /// ``contentOffset``; inverted, `rect` mirrored along the scroll axis within
    /// the viewport, so that offset 0 shows the first item at the bottom (or the
    /// right end). Layers (``visibleContentLayers()``), composed frames and every
    /// view's drawing use this one mapping.
    ///
    /// - Complexity: O(1).
    public func viewportRect(forContentRect rect: CGRect) -> CGRect {
        let displayed = displayedRect(forContentRect: rect), offset = displayedContentOffset
        return displayed.offsetBy(dx: -offset.x, dy: -offset.y)
    }

    /// Where `rect`, in content coordinates, lies in the content as displayed:
    /// itself unless the container ``isInverted``; then mirrored along the
    /// scroll axis within the content (within the viewport while the content is
    /// shorter), so the first item is at the far end. A scrolling view that
    /// places its cells in a content view scrolled to ``displayedContentOffset``
    /// (the headless view's `containerView`) places them here.
    ///
    /// - Complexity: O(1).
    package func displayedRect(forContentRect rect: CGRect) -> CGRect {
        guard isInverted else { return rect }
        let content = layout.contentSize, viewport = viewportSize
        var displayed = rect
        if layout.scrollAxis == .vertical {
            displayed.origin.y = max(content.height, viewport.height) - rect.maxY
        } else {
            displayed.origin.x = max(content.width, viewport.width) - rect.maxX
        }
        return displayed
    }

    /// The point of the content (content coordinates) shown at `point` of the
    /// viewport: the inverse of ``viewportRect(forContentRect:)``, for taps and
    /// clicks.
    ///
    /// - Complexity: O(1).
    public func contentPoint(forViewportPoint point: CGPoint) -> CGPoint {
        let offset = displayedContentOffset
        // Mirroring is its own inverse: the displayed point, mirrored back.
        return displayedRect(forContentRect: CGRect(x: point.x + offset.x, y: point.y + offset.y, width: 0, height: 0))
            .origin
    }

    /// The scroll position as the screen shows it, for a scroll bar: the
    /// distance from the start of the content as displayed to the viewport's
    /// top (or left) edge. It is ``contentOffset`` unless the container
    /// ``isInverted``; then the displayed content starts at the layout's far end,
    /// so the position is the content's length less the viewport's less the
    /// offset: a scroll bar at its bottom shows the first item, and a wheel
    /// turned down moves toward it. Setting it sets ``contentOffset``.
    ///
    /// - Complexity: O(1).
    public var displayedContentOffset: CGPoint {
        get { isInverted ? mirroredAlongScrollAxis(contentOffset) : contentOffset }
        set { contentOffset = isInverted ? mirroredAlongScrollAxis(newValue) : newValue }
    }

    /// `offset` measured from the other end of the scrollable length: its own
    /// inverse, so it maps a content offset to the displayed one and back.
    private func mirroredAlongScrollAxis(_ offset: CGPoint) -> CGPoint {
        var mirrored = offset
        if layout.scrollAxis == .vertical {
            mirrored.y = scrollableLength - offset.y
        } else {
            mirrored.x = scrollableLength - offset.x
        }
        return mirrored
    }

    /// How far the viewport can move along the scroll axis: the content's
    /// length less the viewport's, never negative.
    private var scrollableLength: CGFloat {
        let content = layout.contentSize, viewport = viewportSize
        return layout.scrollAxis == .vertical
            ? max(content.height - viewport.height, 0) : max(content.width - viewport.width, 0)
    }

    /// The item at `point`, in content coordinates (``contentPoint(forViewportPoint:)``
    /// converts a point of the viewport), in the view's index space: UIKit's
    /// `indexPathForItem(at:)`; `nil` between items.
    ///
    /// - Complexity: O(log *n*) plus the items in a one-point rectangle.
    public func viewIndexPathForItem(at point: CGPoint) -> IndexPath? {
        layout.indexPathsForItems(in: CGRect(origin: point, size: CGSize(width: 1, height: 1)))
            .first { layout.frameForItem(at: $0)?.contains(point) ?? false }
    }
}
