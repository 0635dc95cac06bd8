import Dispatch
import Testing
import WeftCore
import WeftMemory
import WeftTestSupport

/// Holds a dealloc queue's releasing thread inside a deinitializer until the test
/// opens it, so that what arrives meanwhile (and whether the bound is hit) is
/// deterministic.
private final class Gate: Sendable {
    private final class Blocker: Sendable {
        let gate: Gate
        init(_ gate: Gate) { self.gate = gate }
        deinit {
            gate.entered.signal()
            gate.opened.wait()
        }
    }

    let entered = DispatchSemaphore(value: 0)
    let opened = DispatchSemaphore(value: 0)

    /// Hands a blocker to `queue` and returns once its thread is inside it.
    func close(_ queue: DeallocQueue) {
        queue.release(Blocker(self))
        entered.wait()
    }

    func open() { opened.signal() }
}

/// Runs `body` when it dies.
private final class DeinitAction: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    deinit { body() }
}

@Suite struct DeallocQueueTests {
    /// Objects handed over one at a time and as arrays, from `producers` threads.
    private func releaseFromThreads(
        _ queue: DeallocQueue, _ tracker: LifetimeTracker, producers: Int, perProducer: Int
    ) -> Set<ThreadIdentity> {
        ThreadIdentity.concurrentPerform(iterations: producers) { _ in
            let singles = perProducer / 2
            for _ in 0 ..< singles { queue.release(tracker.makeInstance()) }
            var remaining = perProducer - singles
            while remaining > 0 {
                let count = Swift.min(100, remaining)
                queue.release(contentsOf: tracker.makeInstances(count))
                remaining -= count
            }
        }
    }

    @Test(arguments: [1, 8])
    func everyObjectDiesExactlyOnceBelowTheBound(producers: Int) throws {
        let perProducer = 4_000
        let tracker = LifetimeTracker(capacity: producers * perProducer)
        let queue = try DeallocQueue()  // 65,536 > 32,000 objects: the bound is never hit
        let producerThreads = releaseFromThreads(queue, tracker, producers: producers, perProducer: perProducer)
        try queue.drain()
        #expect(tracker.everyInstanceDiedOnce)
        #expect(tracker.instanceCount == producers * perProducer)
        let stats = queue.statistics
        #expect(stats.enqueuedCount == producers * perProducer)
        #expect(stats.releasedCount == producers * perProducer)
        #expect(stats.pendingCount == 0)
        #expect(stats.helpedBatchCount == 0)
        // Below the bound no producer released anything itself.
        #expect(producerThreads.isDisjoint(with: tracker.deinitThreads.keys))
    }

    @Test(arguments: [1, 8])
    func everyObjectDiesExactlyOnceWhenTheBoundIsHit(producers: Int) throws {
        let limit = 64
        let perProducer = 2_000
        let tracker = LifetimeTracker(capacity: producers * perProducer)
        let queue = try DeallocQueue(pendingLimit: limit)
        let gate = Gate()
        gate.close(queue)  // the queue's thread is busy: only producers can release now
        let producerThreads = ThreadIdentity.concurrentPerform(iterations: producers) { _ in
            for _ in 0 ..< perProducer { queue.release(tracker.makeInstance()) }
        }
        let stats = queue.statistics
        // Waiting objects never exceed the limit, so the pending ones are the gate,
        // at most limit + 1 around each push, and what other producers are releasing.
        #expect(stats.peakPendingCount <= 1 + producers * (limit + 1))
        #expect(stats.helpedBatchCount >= perProducer / (limit + 1))
        #expect(tracker.deinitCount >= producers * perProducer - limit)
        gate.open()
        try queue.drain()
        #expect(tracker.everyInstanceDiedOnce)
        #expect(queue.statistics.releasedCount == producers * perProducer + 1)
        #expect(!producerThreads.isDisjoint(with: tracker.deinitThreads.keys))
    }

    @Test func objectsDieOffTheCallingThread() throws {
        let tracker = LifetimeTracker(capacity: 2_000)
        let queue = try DeallocQueue()
        let caller = ThreadIdentity.current
        for _ in 0 ..< 1_000 { queue.release(tracker.makeInstance()) }
        queue.release(contentsOf: tracker.makeInstances(1_000))
        try queue.drain()
        #expect(tracker.everyInstanceDiedOnce)
        let threads = tracker.deinitThreads
        #expect(threads[caller] == nil)
        #expect(threads.count == 1)  // the queue's one background thread
    }

    @Test func drainReturnsOnlyAfterEveryEarlierObjectDied() throws {
        // A window of a second: drain must end it rather than wait it out.
        let queue = try DeallocQueue(coalescingWindow: .seconds(1))
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let tracker = LifetimeTracker(capacity: 1_000)
            for round in 0 ..< 10 {
                for _ in 0 ..< 100 { queue.release(tracker.makeInstance()) }
                // Other threads keep queueing; this drain waits for this thread's objects only.
                #expect(throws: Never.self) { try queue.drain() }
                #expect(tracker.deinitCount == (round + 1) * 100)
            }
        }
        #expect(queue.statistics.maximumLatency < .seconds(1))
    }

    @Test func theWindowEndsWithoutADrain() throws {
        let queue = try DeallocQueue()
        let died = DispatchSemaphore(value: 0)
        queue.release(DeinitAction { died.signal() })
        died.wait()  // released by the background thread on its own, no drain asked
        try queue.drain()  // only to wait for the batch's bookkeeping
        #expect(queue.statistics.releasedCount == 1)
        #expect(queue.statistics.batchCount == 1)
    }

    @Test func aBurstWhileTheThreadIsBusyBecomesOneBatch() throws {
        let tracker = LifetimeTracker(capacity: 500)
        let queue = try DeallocQueue()
        let gate = Gate()
        gate.close(queue)
        for _ in 0 ..< 500 { queue.release(tracker.makeInstance()) }
        #expect(tracker.deinitCount == 0)
        gate.open()
        try queue.drain()
        #expect(tracker.everyInstanceDiedOnce)
        #expect(queue.statistics.batchCount == 2)  // the gate's, then all 500 at once
    }

    @Test func anArrayCountsAsItsElements() throws {
        let tracker = LifetimeTracker(capacity: 1_000)
        let queue = try DeallocQueue(pendingLimit: 10)
        let gate = Gate()
        gate.close(queue)
        queue.release(contentsOf: tracker.makeInstances(1_000))
        // One entry, but a thousand objects: the next push finds the limit passed.
        #expect(queue.statistics.pendingCount == 1_001)
        queue.release(contentsOf: [LifetimeTracker.Instance]())
        #expect(queue.statistics.enqueuedCount == 1_001)
        queue.release(DeinitAction {})
        #expect(queue.statistics.helpedBatchCount == 1)
        #expect(tracker.everyInstanceDiedOnce)
        gate.open()
        try queue.drain()
    }

    @Test func statisticsAddUp() throws {
        let tracker = LifetimeTracker(capacity: 3_000)
        let queue = try DeallocQueue()
        #expect(queue.statistics == DeallocQueue.Statistics())
        for _ in 0 ..< 3 {
            queue.release(contentsOf: tracker.makeInstances(1_000))
            try queue.drain()
        }
        let stats = queue.statistics
        #expect(stats.enqueuedCount == 3_000)
        #expect(stats.releasedCount == stats.enqueuedCount - stats.pendingCount)
        #expect(stats.peakPendingCount >= 1_000)
        #expect(stats.batchCount >= 3)
        #expect(stats.maximumLatency > .zero)
        #expect(stats.p99Latency > .zero && stats.p99Latency <= stats.maximumLatency)
        #expect(stats.description.contains("3000 of 3000 released"))
        queue._checkInvariants()
    }

    @Test func malformedSettingsAreRefusedWithTheValue() {
        #expect(throws: DeallocQueueError.invalidPendingLimit(0)) { try DeallocQueue(pendingLimit: 0) }
        #expect(throws: DeallocQueueError.invalidPendingLimit(-3)) { try DeallocQueue(pendingLimit: -3) }
        #expect(throws: DeallocQueueError.invalidCoalescingWindow(.milliseconds(-1))) {
            try DeallocQueue(coalescingWindow: .milliseconds(-1))
        }
        #expect(throws: DeallocQueueError.invalidCoalescingWindow(.seconds(2))) {
            try DeallocQueue(coalescingWindow: .seconds(2))
        }
        #expect(DeallocQueueError.invalidPendingLimit(0).description == "pending limit 0 must be at least 1")
        #expect(DeallocQueueError.invalidCoalescingWindow(.seconds(2)).description.contains("2.0 seconds"))
    }

    @Test func theSettingsAreKept() throws {
        let queue = try DeallocQueue(pendingLimit: 7, coalescingWindow: .zero)
        #expect(queue.pendingLimit == 7)
        #expect(queue.coalescingWindow == .zero)
        #expect(DeallocQueue.shared.coalescingWindow == DeallocQueue.defaultCoalescingWindow)
        #expect(DeallocQueue.defaultCoalescingWindow == .milliseconds(1))
        #expect(DeallocQueue.shared.pendingLimit == DeallocQueue.defaultPendingLimit)
    }

    @Test func drainFromInsideAReleaseIsRefused() throws {
        let queue = try DeallocQueue()
        let outcome = PosixMutex<DeallocQueueError?>(nil)
        queue.release(DeinitAction {
            do throws(DeallocQueueError) { try queue.drain() } catch { outcome.withLock { $0 = error } }
        })
        try queue.drain()
        let outcomeSeen = outcome.withLock { $0 }
        #expect(outcomeSeen == .reentrantCall(operation: "draining"))
    }

    @Test func aQueueWhoseLastReferenceDiesInItsOwnReleaseFinishesItsWork() throws {
        let tracker = LifetimeTracker(capacity: 100)
        let done = DispatchSemaphore(value: 0)
        let gate = Gate()
        do {
            let queue = try DeallocQueue()
            gate.close(queue)
            // The holder's deinit drops the queue's last reference on the queue's own
            // thread, which must then finish the batch and free the queue itself.
            queue.release(DeinitAction { [queue] in _ = queue })
            queue.release(contentsOf: tracker.makeInstances(100))
            queue.release(DeinitAction { done.signal() })
        }
        gate.open()
        done.wait()
        #expect(tracker.everyInstanceDiedOnce)
    }

    @Test func theSharedQueueReleasesOffTheCallingThread() throws {
        let tracker = LifetimeTracker(capacity: 100)
        DeallocQueue.shared.release(contentsOf: tracker.makeInstances(100))
        try DeallocQueue.shared.drain()
        #expect(tracker.everyInstanceDiedOnce)
        #expect(tracker.deinitThreads[.current] == nil)
    }
}
