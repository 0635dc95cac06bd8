public import Foundation

/// The state of a batch fetch, as Texture's `ASBatchContext`: one per range
/// controller, reused by each fetch.
@MainActor
public final class BatchContext {
    /// Where a fetch stands.
    public enum State: Hashable, Sendable {
        /// No fetch has run, or the last one completed.
        case completed
        /// A fetch is running; no other begins.
        case fetching
        /// The last fetch was cancelled.
        case cancelled
    }

    /// Which end of the content a fetch is for.
    public enum Direction: Hashable, Sendable {
        /// After the last item: the user nears the end (Texture's only kind).
        case end
        /// Before the first item: the user nears the start, as a chat's history
        /// above the messages shown.
        case start
    }

    /// The end of the content the current or last fetch is for: insert what it
    /// brings there (before the first item for ``Direction/start``; the item
    /// on screen stays where it is, see `RangeController.automaticallyAdjustsContentOffset`).
    public private(set) var direction: Direction = .end

    /// Where the current or last fetch stands.
    public private(set) var state: State = .completed

    /// Whether the last fetch completed with content (`true`) or found none
    /// (`false`), as passed to ``completeBatchFetching(_:)``.
    public private(set) var didCompleteWithContent = false

    /// Runs when a fetch ends, so the range controller checks again.
    private let onEnd: @MainActor () -> Void

    init(onEnd: @escaping @MainActor () -> Void) {
        self.onEnd = onEnd
    }

    /// Whether a fetch is running.
    public var isFetching: Bool { state == .fetching }

    /// How fast the content moved when the current or last fetch began: the
    /// velocity a drag ended with, in the host's units (UIKit's are points per
    /// millisecond), as given to
    /// `RangeController.scrollViewWillEndDragging(withVelocity:targetContentOffset:)`;
    /// otherwise the last scrolled frame's change of the content offset, in points.
    public private(set) var velocity: CGPoint = .zero

    /// Where the content offset was heading when the current or last fetch
    /// began: the resting offset of a drag that had just ended, or `nil` when
    /// the fetch began from where the viewport was (Texture checks against that
    /// target at the end of a drag, so that a fling toward the end starts
    /// fetching before it lands).
    public private(set) var targetContentOffset: CGPoint?

    /// Marks a fetch as running. The range controller calls it before
    /// ``BatchFetchingDelegate/rangeController(_:willBeginBatchFetchWith:)``.
    ///
    /// - Parameters:
    ///   - direction: The end of the content the fetch is for.
    ///   - velocity: How fast the content moved (see ``velocity``).
    ///   - targetContentOffset: Where it was heading, if known.
    package func beginBatchFetching(
        toward direction: Direction = .end, velocity: CGPoint = .zero, targetContentOffset: CGPoint? = nil
    ) {
        state = .fetching
        self.direction = direction
        self.velocity = velocity
        self.targetContentOffset = targetContentOffset
    }

    /// Marks the running fetch as finished.
    ///
    /// The range controller asks again once the viewport moves, the content
    /// changes (the items this fetch inserted, when they commit) or its
    /// ``RangeController/checkForBatchFetching()`` is called, never in a loop
    /// while nothing happens.
    ///
    /// Unlike Texture, where `completeBatchFetching:NO` leaves the context fetching
    /// for good, `false` here means "found nothing for now": the fetch ends and the
    /// same triggers apply. To stop fetching for good, return `false` from
    /// ``BatchFetchingDelegate/shouldBatchFetch(for:)``.
    ///
    /// - Parameter didComplete: Whether the fetch brought content.
    public func completeBatchFetching(_ didComplete: Bool) {
        guard state == .fetching else { return }
        state = .completed
        didCompleteWithContent = didComplete
        onEnd()
    }

    /// Marks the running fetch as cancelled; the range controller may begin
    /// another once the viewport moves, the content changes or it is asked to
    /// check, as after ``completeBatchFetching(_:)``.
    public func cancelBatchFetching() {
        guard state == .fetching else { return }
        state = .cancelled
        onEnd()
    }
}
