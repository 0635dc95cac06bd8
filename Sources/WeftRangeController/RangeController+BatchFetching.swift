extension RangeController {
    /// Begins a batch fetch if the content left ahead of the viewport is at or
    /// under ``leadingScreensForBatching`` screenfuls, with Texture's rules
    /// (`ASDisplayShouldFetchBatchForContext`): never while a fetch runs; always
    /// when the content is shorter than the viewport; otherwise only while the
    /// container is visible and the content is not moving toward its start.
    func checkForBatchFetching(containerVisible: Bool) {
        guard let delegate = batchFetchingDelegate, !batchContext.isFetching, leadingScreensForBatching > 0 else { return }
        let axis = layout.scrollAxis
        let (_, viewportEnd) = axis.span(of: viewport)
        let screen = axis.length(of: viewport.size)
        guard screen > 0 else { return }
        let contentLength = axis.length(of: layout.contentSize)
        let shouldFetch: Bool
        if contentLength < screen {
            shouldFetch = true
        } else if !containerVisible || lastScrollDirection.isTowardHead(along: axis) {
            shouldFetch = false
        } else {
            shouldFetch = contentLength - viewportEnd <= leadingScreensForBatching * screen
        }
        guard shouldFetch, delegate.shouldBatchFetch(for: self) else { return }
        batchContext.beginBatchFetching()
        statistics.batchFetchCount += 1
        delegate.rangeController(self, willBeginBatchFetchWith: batchContext)
    }
}
