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
/// belong in ``DeallocQueue`` instead, which releases them off main.
public final class MainContextReleaseQueue: Sendable {
    /// The queue for the main dispatch queue, with the default batch size.
    public static let shared: MainContextReleaseQueue = {
        do {
            return try MainContextReleaseQueue()
        } catch {
            // Only an exhausted process gets here: a queue record could not be
            // allocated, and no caller could recover from that.
            fatalError("the shared main-context release queue could not start: \(error)")
        }
    }()

    /// 10 objects per turn, as Texture's main-thread deallocation queue did: enough
    /// to keep up with scrolling, few enough that a turn stays far below a frame.
    public static let defaultBatchSize = 10

    /// The most objects one turn releases.
    public let batchSize: Int

    let queue: CDeallocQueue
    private let scheduler: any MainScheduler

    /// Creates a queue whose turns run through `scheduler`.
    ///
    /// - Parameters:
    ///   - batchSize: The most objects a turn releases; at least 1.
    ///   - scheduler: Where turns run; the main dispatch queue by default.
    /// - Throws: ``DeallocQueueError/invalidBatchSize(_:)``, or
    ///   ``DeallocQueueError/resourcesUnavailable(operation:)`` if the queue's
    ///   memory cannot be had.
    /// - Complexity: O(1).
    public init(
        batchSize: Int = MainContextReleaseQueue.defaultBatchSize,
        scheduler: any MainScheduler = .dispatchMain
    ) throws(DeallocQueueError) {
        guard batchSize >= 1 else { throw .invalidBatchSize(batchSize) }
        queue = try CDeallocQueue.makeManual()
        self.batchSize = batchSize
        self.scheduler = scheduler
    }

    deinit {
        // A scheduled turn holds the queue, so nothing waits here: a turn is
        // scheduled whenever an object does. Destroy frees the empty queue.
        queue.destroy()
    }

    /// Takes over the caller's reference to `object`; a later main-context turn
    /// releases it. Callable from any thread; never blocks on a release.
    ///
    /// If the queue cannot allocate an entry, `object` is released on the calling
    /// thread rather than lost.
    ///
    /// - Parameter object: An object that must be deinitialized on the main context.
    /// - Complexity: O(1): two uncontended locks, plus scheduling a turn when
    ///   the queue was idle.
    public func release(_ object: consuming AnyObject) {
        // `consume`: a copy of the caller's reference must not outlive the push,
        // or the object could die here, off main, after a turn released the queue's.
        if queue.push(consume object) { scheduleTurnIfIdle() }
    }

    /// Takes over every element of `objects`; later turns release them in order,
    /// ``batchSize`` at a time. All of them are queued, or, if the queue cannot
    /// allocate, none are and the array dies on the calling thread.
    ///
    /// - Parameter objects: Objects that must be deinitialized on the main context.
    /// - Complexity: O(*n*) for *n* objects: one retain each, under one lock.
    public func release<Object: AnyObject>(contentsOf objects: consuming [Object]) {
        guard !objects.isEmpty else { return }
        if queue.push(eachOf: consume objects) { scheduleTurnIfIdle() }
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
        try queue.releaseSome(batchSize)
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
        try queue.drain()
        _checkInvariants()
    }

    /// Counts and latencies since the queue was created; one batch per turn.
    ///
    /// - Complexity: O(1).
    public var statistics: DeallocQueue.Statistics {
        queue.statistics
    }

    /// Schedules a turn when this caller is the one that found the queue idle.
    private func scheduleTurnIfIdle() {
        if queue.claimTurn() {
            scheduler.schedule { [self] in runTurn() }
        }
    }

    /// One turn: a batch, then another turn if objects remain. A turn that runs
    /// inside one of this queue's own releases (a scheduler run from a deinit)
    /// releases nothing and hands the work, and the turn claim, to a fresh turn.
    @MainActor
    private func runTurn() {
        let remaining: Int
        do {
            remaining = try releaseNextBatch()
        } catch {
            remaining = statistics.pendingCount
        }
        if remaining > 0 {
            scheduler.schedule { [self] in runTurn() }
        }
    }
}
