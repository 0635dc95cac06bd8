import Foundation

extension RangeController {
    /// Asks the delegate again, at the next update, whether to fetch, if the
    /// content ahead is short: after a fetch that found nothing, when more may be
    /// there now (new data arrived from elsewhere, a pull to refresh).
    ///
    /// - Complexity: O(1); the question waits for the next update pass.
    public func checkForBatchFetching() {
        waitsForBatchFetchTrigger = false
        setNeedsUpdate()
    }

    /// Schedules a batch-fetch check for the next main turn if the content left
    /// ahead of the viewport is at or under ``leadingScreensForBatching``
    /// screenfuls, with Texture's rules (`ASDisplayShouldFetchBatchForContext`):
    /// never while a fetch runs; always when the content is shorter than the
    /// viewport; otherwise only while the container is visible and the content is
    /// not moving toward its start. Beyond Texture, the same threshold applies
    /// at the start while the content moves toward it, for a delegate that
    /// fetches there (``BatchFetchingDelegate/shouldBatchFetchAtStart(for:)``).
    ///
    /// The delegate is asked on a turn of its own, never inside this pass, which
    /// may run inside a commit: so the delegate can insert the new items at once.
    /// After a fetch ends, it is asked again only once the viewport moved, the
    /// content changed or ``checkForBatchFetching()`` was called, so a fetch that
    /// found nothing does not spin.
    func scheduleBatchFetchingCheck(containerVisible: Bool) {
        guard !isBatchFetchScheduled, !waitsForBatchFetchTrigger,
              batchFetchDirection(containerVisible: containerVisible) != nil
        else { return }
        isBatchFetchScheduled = true
        scheduler.schedule { [weak self] in self?.beginBatchFetchingIfNeeded() }
    }

    /// The scheduled check: the geometry may have changed since it was scheduled.
    private func beginBatchFetchingIfNeeded() {
        isBatchFetchScheduled = false
        guard !waitsForBatchFetchTrigger,
              let direction = batchFetchDirection(containerVisible: isContainerVisible && !isApplicationBackgrounded),
              let delegate = batchFetchingDelegate,
              direction == .end ? delegate.shouldBatchFetch(for: self) : delegate.shouldBatchFetchAtStart(for: self)
        else { return }
        batchContext.beginBatchFetching(
            toward: direction, velocity: draggingEnd?.velocity ?? scrollVelocity, targetContentOffset: draggingEnd?.target)
        statistics.batchFetchCount += 1
        delegate.rangeController(self, willBeginBatchFetchWith: batchContext)
    }

    /// The end of the content the geometry calls for a fetch at now, if any.
    private func batchFetchDirection(containerVisible: Bool) -> BatchContext.Direction? {
        guard batchFetchingDelegate != nil, !batchContext.isFetching, leadingScreensForBatching > 0 else { return nil }
        let axis = layout.scrollAxis
        // After a drag, where the content will rest: a fling toward the end
        // fetches before it lands, as Texture checks at the end of a drag.
        let checked = draggingEnd.map { CGRect(origin: $0.target, size: viewport.size) } ?? viewport
        let (viewportStart, viewportEnd) = axis.span(of: checked)
        let screen = axis.length(of: viewport.size)
        guard screen > 0 else { return nil }
        let contentLength = axis.length(of: layout.contentSize)
        if contentLength < screen { return .end }
        guard containerVisible else { return nil }
        let threshold = leadingScreensForBatching * screen
        let towardHead = draggingEnd != nil
            ? viewportStart < axis.span(of: viewport).0
            : lastScrollDirection.isTowardHead(along: axis)
        if towardHead {
            // Only once the user has scrolled: a collection that opens at its
            // start is not approaching it.
            return contentHasBeenScrolled && viewportStart <= threshold ? .start : nil
        }
        return contentLength - viewportEnd <= threshold ? .end : nil
    }

    /// A fetch completed or was cancelled: wait for a reason to ask again.
    func batchFetchDidEnd() {
        waitsForBatchFetchTrigger = true
    }
}
