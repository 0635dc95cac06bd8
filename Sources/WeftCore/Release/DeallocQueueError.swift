/// An error from a release queue: WeftMemory's `DeallocQueue` or a ``MainContextReleaseQueue``.
///
/// A queue that throws is unchanged: nothing was queued, released or waited for.
public enum DeallocQueueError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The pending limit must be at least 1.
    case invalidPendingLimit(Int)
    /// The coalescing window must lie between zero and one second (`DeallocQueue.maximumCoalescingWindow`).
    case invalidCoalescingWindow(Duration)
    /// A main-context release turn must release at least one object.
    case invalidBatchSize(Int)
    /// `operation` was called from inside a release that the same queue is running,
    /// so waiting for that queue could never end.
    case reentrantCall(operation: String)
    /// Memory, the queue's arena or its background thread could not be had.
    case resourcesUnavailable(operation: String)

    public var description: String {
        switch self {
        case .invalidPendingLimit(let limit):
            "pending limit \(limit) must be at least 1"
        case .invalidCoalescingWindow(let window):
            "coalescing window \(window) must lie between 0 and 1 second"
        case .invalidBatchSize(let size):
            "batch size \(size) must be at least 1"
        case .reentrantCall(let operation):
            "\(operation) was called from inside a release run by the same queue, so it could never finish"
        case .resourcesUnavailable(let operation):
            "\(operation): the dealloc-queue arena, memory or a thread was unavailable"
        }
    }
}
