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
    /// not moving toward its start.
    ///
    /// The delegate is asked on a turn of its own, never inside this pass, which
    /// may run inside a commit: so the delegate can insert the new items at once.
    /// After a fetch ends, it is asked again only once the viewport moved, the
    /// content changed or ``checkForBatchFetching()`` was called, so a fetch that
    /// found nothing does not spin.
    func scheduleBatchFetchingCheck(containerVisible: Bool) {
        guard !isBatchFetchScheduled, !waitsForBatchFetchTrigger,
              shouldFetchBatch(containerVisible: containerVisible)
        else { return }
        isBatchFetchScheduled = true
        scheduler.schedule { [weak self] in self?.beginBatchFetchingIfNeeded() }
    }

    /// The scheduled check: the geometry may have changed since it was scheduled.
    private func beginBatchFetchingIfNeeded() {
        isBatchFetchScheduled = false
        guard !waitsForBatchFetchTrigger,
              shouldFetchBatch(containerVisible: isContainerVisible && !isApplicationBackgrounded),
              let delegate = batchFetchingDelegate, delegate.shouldBatchFetch(for: self)
        else { return }
        batchContext.beginBatchFetching()
        statistics.batchFetchCount += 1
        delegate.rangeController(self, willBeginBatchFetchWith: batchContext)
    }

    /// Whether the geometry calls for a fetch now.
    private func shouldFetchBatch(containerVisible: Bool) -> Bool {
        guard batchFetchingDelegate != nil, !batchContext.isFetching, leadingScreensForBatching > 0 else { return false }
        let axis = layout.scrollAxis
        let (_, viewportEnd) = axis.span(of: viewport)
        let screen = axis.length(of: viewport.size)
        guard screen > 0 else { return false }
        let contentLength = axis.length(of: layout.contentSize)
        if contentLength < screen { return true }
        if !containerVisible || lastScrollDirection.isTowardHead(along: axis) { return false }
        return contentLength - viewportEnd <= leadingScreensForBatching * screen
    }

    /// A fetch completed or was cancelled: wait for a reason to ask again.
    func batchFetchDidEnd() {
        waitsForBatchFetchTrigger = true
    }
}
