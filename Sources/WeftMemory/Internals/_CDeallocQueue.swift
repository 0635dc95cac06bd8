internal import CWeftDeallocQueue
import WeftCore

/// The only caller of CWeftDeallocQueue: one C queue, its pushes and drains, and the
/// mapping of `weft_rc` to ``DeallocQueueError`` in one place.
///
/// Objects cross into C as `Unmanaged.passRetained(_:)` pointers: the queue holds
/// that +1 and ``releaseRetainedObject`` gives it up.
// @unchecked: the only stored property is an immutable pointer; every piece of the
// queue's mutable state sits behind the C queue's own pthread mutex (q->lock).
struct _CDeallocQueue: @unchecked Sendable {
    private let queue: OpaquePointer

    private init(_ queue: OpaquePointer) {
        self.queue = queue
    }

    static var defaultCoalescingWindowNanoseconds: UInt64 { weft_dealloc_config_default().window_ns }
    static var defaultPendingLimit: UInt64 { weft_dealloc_config_default().pending_limit }
    static var maximumCoalescingWindowNanoseconds: UInt64 { WEFT_DEALLOC_MAX_WINDOW_NS }

    /// Creates a queue with its own background thread.
    static func make(windowNanoseconds: UInt64, pendingLimit: UInt64) throws(DeallocQueueError) -> _CDeallocQueue {
        var config = weft_dealloc_config(window_ns: windowNanoseconds, pending_limit: pendingLimit)
        var queue: OpaquePointer?
        try check(weft_dealloc_create(&config, &queue), "creating a dealloc queue")
        return _CDeallocQueue(queue!)
    }

    /// Releases everything left, stops the thread and frees the queue; the last call.
    func destroy() {
        weft_dealloc_destroy(queue)
    }

    /// Queues `object`, standing for `count` objects, with the caller's reference.
    ///
    /// The reference is given up before the push, so that only the queue can be
    /// last to release the object: were the caller's to outlive the push, the
    /// releaser could finish first and leave the deinitializer to this thread.
    /// Callers must pass `consume object` for the same reason. If no entry can be
    /// allocated, the object is released here instead.
    ///
    /// - Returns: Whether the object was queued.
    @discardableResult
    func push(_ object: consuming AnyObject, standingFor count: Int = 1) -> Bool {
        let retained = Unmanaged.passRetained(object).toOpaque()
        _ = consume object
        let rc = count == 1
            ? weft_dealloc_push(queue, retained, releaseRetainedObject)
            : weft_dealloc_push_owner(queue, retained, releaseRetainedObject, UInt64(count))
        guard rc == WEFT_OK else {
            Unmanaged<AnyObject>.fromOpaque(retained).release()
            return false
        }
        return true
    }

    /// Queues every element of `objects` as one object each, all at once, with the
    /// caller's references (given up first, as in ``push(_:standingFor:)``). If
    /// no entries can be allocated, the elements are released here instead.
    ///
    /// - Returns: Whether the objects were queued.
    @discardableResult
    func push<Object: AnyObject>(eachOf objects: consuming [Object]) -> Bool {
        let retained = objects.map { Unmanaged.passRetained($0).toOpaque() }
        _ = consume objects
        let rc = retained.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return WEFT_OK }
            return weft_dealloc_push_many(queue, base, buffer.count, releaseRetainedObject)
        }
        guard rc == WEFT_OK else {
            for object in retained { Unmanaged<AnyObject>.fromOpaque(object).release() }
            return false
        }
        return true
    }

    func drain() throws(DeallocQueueError) {
        try Self.check(weft_dealloc_drain(queue), "draining")
    }

    var statistics: DeallocQueue.Statistics {
        var s = weft_dealloc_stats()
        weft_dealloc_stats_get(queue, &s)
        return DeallocQueue.Statistics(
            enqueuedCount: Int(s.enqueued), releasedCount: Int(s.released),
            pendingCount: Int(s.pending), peakPendingCount: Int(s.peak_pending),
            batchCount: Int(s.batches), helpedBatchCount: Int(s.helped_batches),
            maximumLatency: .nanoseconds(Int64(clamping: s.max_latency_ns)),
            p99Latency: .nanoseconds(Int64(clamping: s.p99_latency_ns)))
    }

    var invariantsHold: Bool {
        weft_dealloc_check_invariants(queue)
    }

    private static func check(_ rc: weft_rc, _ operation: @autoclosure () -> String) throws(DeallocQueueError) {
        // WEFT_EINVAL and WEFT_ERANGE cannot arrive: the initializer validates every
        // setting first.
        switch rc {
        case WEFT_OK: return
        case WEFT_EBUSY: throw .reentrantCall(operation: operation())
        default: throw .resourcesUnavailable(operation: operation())
        }
    }
}

/// Gives up the +1 that `Unmanaged.passRetained(_:)` took when the object was queued.
private let releaseRetainedObject: weft_dealloc_release_fn = { object in
    Unmanaged<AnyObject>.fromOpaque(object).release()
}
