/// Counts and latencies of a release queue since it was created.
///
/// Counts are in objects: an array handed over as one entry counts as many objects
/// as it had elements. WeftMemory's `DeallocQueue` and ``MainContextReleaseQueue``
/// report the same figures; the main-context queue counts one batch per release turn
/// and never has helped batches.
public struct ReleaseQueueStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Objects handed to the queue.
    public var enqueuedCount: Int
    /// Objects whose release has finished.
    public var releasedCount: Int
    /// Objects handed over and not yet released: waiting or being released.
    public var pendingCount: Int
    /// The largest ``pendingCount`` seen right after an object arrived.
    public var peakPendingCount: Int
    /// Batches released by the queue itself (its thread, or main-context turns).
    public var batchCount: Int
    /// Batches released by producers because the pending limit was reached.
    public var helpedBatchCount: Int
    /// The longest time from handing an object over to its release finishing.
    ///
    /// `DeallocQueue` measures it per block of 126 entries from the first entry's
    /// arrival, so there it is an upper bound for each object.
    public var maximumLatency: Duration
    /// The time within which 99% of objects were released, to the upper edge of
    /// a histogram bucket (at most 25% above the true value), capped by
    /// ``maximumLatency``.
    public var p99Latency: Duration

    public init(
        enqueuedCount: Int = 0, releasedCount: Int = 0, pendingCount: Int = 0,
        peakPendingCount: Int = 0, batchCount: Int = 0, helpedBatchCount: Int = 0,
        maximumLatency: Duration = .zero, p99Latency: Duration = .zero
    ) {
        self.enqueuedCount = enqueuedCount
        self.releasedCount = releasedCount
        self.pendingCount = pendingCount
        self.peakPendingCount = peakPendingCount
        self.batchCount = batchCount
        self.helpedBatchCount = helpedBatchCount
        self.maximumLatency = maximumLatency
        self.p99Latency = p99Latency
    }

    public var description: String {
        "\(releasedCount) of \(enqueuedCount) released, \(pendingCount) pending (peak \(peakPendingCount)), "
            + "\(batchCount) batches + \(helpedBatchCount) helped, "
            + "latency p99 \(p99Latency), max \(maximumLatency)"
    }
}
