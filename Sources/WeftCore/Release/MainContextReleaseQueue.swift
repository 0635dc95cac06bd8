import DequeModule

/// Takes ownership of objects that must die on the main context, such as views,
/// and releases them a few per main-context turn.
///
/// A node can be released on any thread, but the view it created cannot: UIKit
/// views must be deallocated on main. Hand such objects to this queue from any
/// thread. The producer only appends (it never waits for main and never releases
/// anything itself); main releases at most ``batchSize`` objects per turn and
/// schedules another turn while objects remain, so a thousand dying views become
/// a hundred short turns between which main keeps drawing frames.
///
/// ```swift
/// MainContextReleaseQueue.shared.release(view)   // from a background thread
/// ```
///
/// Turns run through a ``MainScheduler``; inject one (tests use a manual
/// scheduler) to decide exactly when they run. Objects that may die anywhere
/// belong in WeftMemory's `DeallocQueue` instead, which releases them off main.
///
/// The queue is plain Swift (a deque behind a lock), so a module that links only
/// WeftCore, such as WeftNode, links no allocator and starts no thread.
public final class MainContextReleaseQueue: Sendable {
    /// The queue for the main dispatch queue, with the default batch size.
    public static let shared = MainContextReleaseQueue(
        validBatchSize: MainContextReleaseQueue.defaultBatchSize, scheduler: .dispatchMain)

    /// 10 objects per turn, as Texture's main-thread deallocation queue did: enough
    /// to keep up with scrolling, few enough that a turn stays far below a frame.
    public static let defaultBatchSize = 10

    /// The statistics type; the same figures as WeftMemory's `DeallocQueue`.
    public typealias Statistics = ReleaseQueueStatistics

    /// The most objects one turn releases.
    public let batchSize: Int

    let state = PosixMutex(_State())
    private let scheduler: any MainScheduler

    /// Creates a queue whose turns run through `scheduler`.
    ///
    /// - Parameters:
    ///   - batchSize: The most objects a turn releases; at least 1.
    ///   - scheduler: Where turns run; the main dispatch queue by default.
    /// - Throws: ``DeallocQueueError/invalidBatchSize(_:)``.
    /// - Complexity: O(1).
    public convenience init(
        batchSize: Int = MainContextReleaseQueue.defaultBatchSize,
        scheduler: any MainScheduler = .dispatchMain
    ) throws(DeallocQueueError) {
        guard batchSize >= 1 else { throw .invalidBatchSize(batchSize) }
        self.init(validBatchSize: batchSize, scheduler: scheduler)
    }

    private init(validBatchSize: Int, scheduler: any MainScheduler) {
        batchSize = validBatchSize
        self.scheduler = scheduler
    }

    /// Takes over the caller's reference to `object`; a later main-context turn
    /// releases it. Callable from any thread; never blocks on a release.
    ///
    /// - Parameter object: An object that must be deinitialized on the main context.
    /// - Complexity: O(1) amortized: one uncontended lock, plus scheduling a turn
    ///   when the queue was idle.
    public func release(_ object: consuming AnyObject) {
        // No reference may stay on this thread once the entry is queued: a turn
        // could release the queue's first and leave the deinit to this thread. So
        // the entry moves into the queue under the lock, and nothing outlives it here.
        var entry: _Entry? = _Entry(object: consume object, arrival: .now)
        if state.withLock({ $0.append(entry.take()!) }) { scheduleTurn() }
    }

    /// Takes over every element of `objects`; later turns release them in order,
    /// ``batchSize`` at a time.
    ///
    /// - Parameter objects: Objects that must be deinitialized on the main context.
    /// - Complexity: O(*n*) for *n* objects, under one lock.
    public func release<Object: AnyObject>(contentsOf objects: consuming [Object]) {
        guard !objects.isEmpty else { return }
        let arrival = ContinuousClock.now
        var entries: [_Entry]? = objects.map { _Entry(object: $0, arrival: arrival) }
        _ = consume objects
        // As in release(_:): the caller's array and ours die under the lock.
        if state.withLock({ $0.append(contentsOf: entries.take()!) }) { scheduleTurn() }
    }

    /// Releases up to ``batchSize`` of the oldest objects now, and returns how many wait.
    ///
    /// Scheduled turns call this; code already on main may call it too.
    ///
    /// - Returns: The number of objects still waiting.
    /// - Throws: ``DeallocQueueError/reentrantCall(operation:)`` when called from
    ///   a deinitializer that this queue is running; nothing is released then.
    /// - Complexity: O(``batchSize``) releases.
    @MainActor
    @discardableResult
    public func releaseNextBatch() throws(DeallocQueueError) -> Int {
        try releaseBatch(upTo: batchSize, operation: "a release turn")
    }

    /// Releases every object handed over before this call, now, on main.
    ///
    /// For tests and shutdown. A turn still scheduled then finds less to do.
    ///
    /// - Throws: ``DeallocQueueError/reentrantCall(operation:)`` when called from
    ///   a deinitializer that this queue is running.
    /// - Complexity: O(*p*) releases for *p* objects waiting.
    @MainActor
    public func drain() throws(DeallocQueueError) {
        _ = try releaseBatch(upTo: state.withLock { $0.waiting.count }, operation: "draining")
        _checkInvariants()
    }

    /// Counts and latencies since the queue was created; one batch per turn.
    ///
    /// - Complexity: O(1): one lock and a walk of a fixed 256-bucket histogram.
    public var statistics: Statistics {
        state.withLock { $0.statistics }
    }

    /// Takes up to `limit` of the oldest objects out under the lock, lets them go
    /// outside it (a deinit may hand this queue more), then counts them.
    @MainActor
    private func releaseBatch(upTo limit: Int, operation: String) throws(DeallocQueueError) -> Int {
        guard var batch = state.withLock({ $0.takeBatch(upTo: limit) }) else {
            throw .reentrantCall(operation: operation)
        }
        var latencies: [UInt64] = []
        latencies.reserveCapacity(batch.count)
        for index in batch.indices {
            let arrival = batch[index].arrival
            batch[index].object = nil
            latencies.append(_LatencyHistogram.nanoseconds(ContinuousClock.now - arrival))
        }
        return state.withLock { $0.finishBatch(latencies) }
    }

    /// Schedules a turn; called by the one producer that found the queue idle.
    private func scheduleTurn() {
        scheduler.schedule { [self] in runTurn() }
    }

    /// One turn: a batch, then another turn if objects remain. A turn that runs
    /// inside one of this queue's own releases (a scheduler run from a deinit)
    /// releases nothing and hands the work to a fresh turn.
    @MainActor
    private func runTurn() {
        let remaining: Int
        do {
            remaining = try releaseNextBatch()
        } catch {
            remaining = state.withLock { $0.waiting.count }
        }
        if remaining > 0 || !state.withLock({ $0.releaseTurnClaim() }) {
            scheduleTurn()
        }
    }
}

extension MainContextReleaseQueue {
    /// One waiting object and when it arrived; `object` is `nil` once released.
    // @unchecked Sendable: nothing ever uses `object`; it is only handed from the
    // producer to main, behind the queue's PosixMutex, and released there.
    struct _Entry: @unchecked Sendable {
        var object: AnyObject?
        var arrival: ContinuousClock.Instant
    }

    /// Everything the queue shares between producers and main, behind one lock.
    struct _State: Sendable {
        var waiting = Deque<_Entry>()
        /// Set by the producer that finds the queue idle and schedules a turn;
        /// cleared by a turn that leaves nothing behind.
        var turnClaimed = false
        /// A batch is being released on main: a drain or turn now would re-enter.
        var isReleasing = false
        var statistics = Statistics()
        var latencies = _LatencyHistogram()

        /// Appends one entry; returns whether the caller must schedule a turn.
        mutating func append(_ entry: _Entry) -> Bool {
            waiting.append(entry)
            return arrived(1)
        }

        mutating func append(contentsOf entries: consuming [_Entry]) -> Bool {
            waiting.append(contentsOf: entries)
            return arrived(entries.count)
        }

        private mutating func arrived(_ count: Int) -> Bool {
            statistics.enqueuedCount += count
            statistics.pendingCount += count
            statistics.peakPendingCount = Swift.max(statistics.peakPendingCount, statistics.pendingCount)
            if turnClaimed { return false }
            turnClaimed = true
            return true
        }

        /// Removes up to `limit` of the oldest entries, or returns `nil` if a
        /// release is already running.
        mutating func takeBatch(upTo limit: Int) -> [_Entry]? {
            guard !isReleasing else { return nil }
            isReleasing = true
            let count = Swift.min(limit, waiting.count)
            let batch = Array(waiting.prefix(count))
            waiting.removeFirst(count)
            return batch
        }

        /// Counts a released batch; returns how many objects still wait.
        mutating func finishBatch(_ latencies: [UInt64]) -> Int {
            isReleasing = false
            guard !latencies.isEmpty else { return waiting.count }
            for latency in latencies { self.latencies.record(latency) }
            statistics.releasedCount += latencies.count
            statistics.pendingCount -= latencies.count
            statistics.batchCount += 1
            statistics.maximumLatency = .nanoseconds(Int64(clamping: self.latencies.maximum))
            statistics.p99Latency = .nanoseconds(Int64(clamping: self.latencies.p99))
            return waiting.count
        }

        /// Ends the current turn claim unless objects arrived since; returns
        /// whether it did (otherwise the turn must schedule the next one).
        mutating func releaseTurnClaim() -> Bool {
            guard waiting.isEmpty else { return false }
            turnClaimed = false
            return true
        }
    }
}
