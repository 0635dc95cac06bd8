extension RangeController {
    /// Counts of what a range controller did since it was created, for tests,
    /// the simulator and anyone checking that per-frame work stays small.
    public struct Statistics: Hashable, Sendable {
        /// Update passes run (per frame, per batch update, per mode change).
        public var updateCount = 0
        /// Elements whose state the passes checked: the work the passes did.
        public var elementsVisited = 0
        /// Nodes whose interface state a pass changed.
        public var interfaceStateChanges = 0
        /// Batch fetches begun.
        public var batchFetchCount = 0
        /// Absent items of a lazy collection the measure range asked to load.
        public var itemLoadRequests = 0
        /// Items of a lazy collection whose elements arrived, made and measured.
        public var itemsLoaded = 0
        /// Loaded items of a lazy collection made absent again past ``RangeController/loadedItemLimit``.
        public var itemsUnloaded = 0
        /// Commits after which the viewport moved to keep the item on screen in
        /// place (``RangeController/automaticallyAdjustsContentOffset``).
        public var contentOffsetAdjustments = 0

        public init() {}
    }
}
