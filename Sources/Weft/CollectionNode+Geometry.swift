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

    /// The frame of the item at `indexPath` (data source's index space) as it
    /// shows, in content coordinates: mirrored along the scroll axis when the
    /// container ``isInverted``; `nil` for an item the view does not show yet.
    ///
    /// - Complexity: O(log *n*), plus O(*u* log *k*) to carry the path through
    ///   *u* updates in flight.
    public func frameForItem(at indexPath: IndexPath) -> CGRect? {
        guard let viewPath = viewIndexPath(for: indexPath), let frame = layout.frameForItem(at: viewPath) else { return nil }
        return displayedFrame(frame)
    }

    /// `frame`, a layout frame, as it shows: mirrored along the scroll axis
    /// within the content (or the viewport, if the content is shorter) when the
    /// container is inverted, so the first item sits at the end, as Texture's
    /// `inverted` flips the view.
    func displayedFrame(_ frame: CGRect) -> CGRect {
        guard isInverted else { return frame }
        let content = layout.contentSize
        let viewport = viewportSize
        if layout.scrollAxis == .vertical {
            let length = max(content.height, viewport.height)
            return CGRect(x: frame.minX, y: length - frame.maxY, width: frame.width, height: frame.height)
        }
        let length = max(content.width, viewport.width)
        return CGRect(x: length - frame.maxX, y: frame.minY, width: frame.width, height: frame.height)
    }

    /// The item shown at `point`, in content coordinates (a point in the
    /// viewport plus ``contentOffset``), in the view's index space: UIKit's
    /// `indexPathForItem(at:)`. Follows the displayed frames, mirrored when
    /// ``isInverted``; `nil` between items.
    ///
    /// - Complexity: O(log *n*) plus the items in a one-point rectangle.
    public func viewIndexPathForItem(at point: CGPoint) -> IndexPath? {
        // Mirroring is its own inverse: the point in layout space is the point
        // displayed there, mirrored the same way.
        let probe = displayedFrame(CGRect(origin: point, size: .zero)).origin
        return layout.indexPathsForItems(in: CGRect(origin: probe, size: CGSize(width: 1, height: 1)))
            .first { layout.frameForItem(at: $0)?.contains(probe) ?? false }
    }
}
