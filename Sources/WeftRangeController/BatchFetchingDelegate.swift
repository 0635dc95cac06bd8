/// Decides whether to load more content when the user nears the end of it, and
/// loads it, as the batch-fetching methods of Texture's collection delegate.
@MainActor
public protocol BatchFetchingDelegate: AnyObject {
    /// Returns whether there is more content to fetch now. Asked only when the
    /// content left ahead of the viewport fell under the threshold and no fetch
    /// is running. The default answers `true`.
    ///
    /// - Parameter rangeController: The range controller asking.
    func shouldBatchFetch(for rangeController: RangeController) -> Bool

    /// Returns whether there is content to fetch before the first item now: asked
    /// when the user scrolls toward the start and the content left before the
    /// viewport fell under the threshold, and no fetch is running. The fetch's
    /// context then says ``BatchContext/Direction/start``. The default answers
    /// `false`: fetching at the start is opted into (a chat's history).
    ///
    /// - Parameter rangeController: The range controller asking.
    func shouldBatchFetchAtStart(for rangeController: RangeController) -> Bool

    /// Starts fetching more content. The context is already fetching; call its
    /// ``BatchContext/completeBatchFetching(_:)`` once the new items are
    /// committed (or ``BatchContext/cancelBatchFetching()``), on main. No other
    /// fetch begins until then.
    ///
    /// - Parameters:
    ///   - rangeController: The range controller.
    ///   - context: The fetch's context.
    func rangeController(_ rangeController: RangeController, willBeginBatchFetchWith context: BatchContext)
}

extension BatchFetchingDelegate {
    public func shouldBatchFetch(for rangeController: RangeController) -> Bool { true }

    public func shouldBatchFetchAtStart(for rangeController: RangeController) -> Bool { false }
}
