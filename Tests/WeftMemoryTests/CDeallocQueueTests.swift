import CWeftDeallocQueue
import Dispatch
import Synchronization
import Testing

/// Release counters for the C entry points: object *i* is the address of slot *i*,
/// and the release function adds one to the slot it is given.
private final class ReleaseCounters: @unchecked Sendable {
    // @unchecked: `slots` never changes after init and every slot is an Atomic.
    let count: Int
    let slots: UnsafeMutablePointer<Atomic<Int>>

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        for i in 0 ..< count { (slots + i).initialize(to: Atomic(0)) }
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func object(_ i: Int) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(slots + i) }

    var objects: [UnsafeMutableRawPointer] { (0 ..< count).map(object) }

    var eachReleasedOnce: Bool { (0 ..< count).allSatisfy { slots[$0].load(ordering: .relaxed) == 1 } }

    var releasedCount: Int { (0 ..< count).reduce(0) { $0 + slots[$1].load(ordering: .relaxed) } }

    static let release: weft_dealloc_release_fn = { object in
        object.assumingMemoryBound(to: Atomic<Int>.self).pointee.wrappingAdd(1, ordering: .relaxed)
    }
}

/// Holds the background thread inside a release until the test opens it, so that
/// what happens meanwhile (coalescing, the bound) is deterministic.
private final class Gate: Sendable {
    let entered = DispatchSemaphore(value: 0)
    let opened = DispatchSemaphore(value: 0)

    /// Pushes the gate; returns once the releasing thread is inside it.
    func close(_ queue: OpaquePointer) throws {
        try #require(weft_dealloc_push(queue, Unmanaged.passRetained(self).toOpaque(), Self.release) == WEFT_OK)
        entered.wait()
    }

    func open() { opened.signal() }

    static let release: weft_dealloc_release_fn = { object in
        let gate = Unmanaged<Gate>.fromOpaque(object).takeRetainedValue()
        gate.entered.signal()
        gate.opened.wait()
    }
}

/// A release that calls back into its own queue, and what the call returned.
private struct Reentry {
    var queue: OpaquePointer
    var result = WEFT_OK
}

/// The C entry points of CWeftDeallocQueue, with the invariant walker after each step.
@Suite struct CDeallocQueueTests {
    private func makeQueue(window: UInt64 = 1_000_000, limit: UInt64 = 65_536) throws -> OpaquePointer {
        var config = weft_dealloc_config(window_ns: window, pending_limit: limit)
        var queue: OpaquePointer?
        try #require(weft_dealloc_create(&config, &queue) == WEFT_OK)
        return try #require(queue)
    }

    private func statistics(_ queue: OpaquePointer) -> weft_dealloc_stats {
        var stats = weft_dealloc_stats()
        weft_dealloc_stats_get(queue, &stats)
        return stats
    }

    @Test func theDefaultConfigurationHasAShortWindowAndALimit() throws {
        let config = weft_dealloc_config_default()
        #expect(config.window_ns == 1_000_000)
        #expect(config.pending_limit == 65_536)
        let queue = try makeQueue(window: 250_000, limit: 9)
        defer { weft_dealloc_destroy(queue) }
        let kept = weft_dealloc_config_get(queue)
        #expect(kept.window_ns == 250_000 && kept.pending_limit == 9)
    }

    @Test func malformedConfigurationsAreRefusedAndCreateNothing() {
        var queue: OpaquePointer?
        var noLimit = weft_dealloc_config(window_ns: 1_000_000, pending_limit: 0)
        #expect(weft_dealloc_create(&noLimit, &queue) == WEFT_EINVAL)
        var longWindow = weft_dealloc_config(window_ns: WEFT_DEALLOC_MAX_WINDOW_NS + 1, pending_limit: 1)
        #expect(weft_dealloc_create(&longWindow, &queue) == WEFT_ERANGE)
        #expect(queue == nil)
    }

    @Test func pushesOfEveryKindAreReleasedOnceInOneAccounting() throws {
        let queue = try makeQueue()
        defer { weft_dealloc_destroy(queue) }
        let counters = ReleaseCounters(count: 1_000)
        let objects = counters.objects
        for object in objects[0 ..< 300] {
            try #require(weft_dealloc_push(queue, object, ReleaseCounters.release) == WEFT_OK)
        }
        #expect(weft_dealloc_check_invariants(queue))
        try objects[300 ..< 999].withUnsafeBufferPointer { many in
            try #require(weft_dealloc_push_many(queue, many.baseAddress!, many.count, ReleaseCounters.release) == WEFT_OK)
        }
        // One entry standing for 50 objects (say, an array of nodes).
        try #require(weft_dealloc_push_owner(queue, objects[999], ReleaseCounters.release, 50) == WEFT_OK)
        #expect(weft_dealloc_push_owner(queue, objects[999], ReleaseCounters.release, 0) == WEFT_EINVAL)
        #expect(weft_dealloc_check_invariants(queue))
        try #require(weft_dealloc_drain(queue) == WEFT_OK)
        #expect(weft_dealloc_check_invariants(queue))
        #expect(counters.eachReleasedOnce)
        let stats = statistics(queue)
        #expect(stats.enqueued == 1_049)
        #expect(stats.released == 1_049)
        #expect(stats.pending == 0)
        #expect(stats.peak_pending >= 1 && stats.peak_pending <= 1_049)
        #expect(stats.batches >= 1)
        #expect(stats.helped_batches == 0)
        #expect(stats.max_latency_ns > 0)
        #expect(stats.p99_latency_ns > 0 && stats.p99_latency_ns <= stats.max_latency_ns)
    }

    @Test func anEmptyBatchPushesNothing() throws {
        let queue = try makeQueue()
        defer { weft_dealloc_destroy(queue) }
        let counters = ReleaseCounters(count: 1)
        var object = counters.object(0)
        #expect(weft_dealloc_push_many(queue, &object, 0, ReleaseCounters.release) == WEFT_OK)
        #expect(statistics(queue).enqueued == 0)
        #expect(weft_dealloc_drain(queue) == WEFT_OK)
        #expect(counters.releasedCount == 0)
    }

    @Test func whatArrivesWhileTheThreadIsBusyBecomesOneBatch() throws {
        let queue = try makeQueue()
        defer { weft_dealloc_destroy(queue) }
        let gate = Gate()
        try gate.close(queue)
        let counters = ReleaseCounters(count: 500)
        for object in counters.objects {
            try #require(weft_dealloc_push(queue, object, ReleaseCounters.release) == WEFT_OK)
        }
        #expect(weft_dealloc_check_invariants(queue))
        #expect(counters.releasedCount == 0)
        gate.open()
        try #require(weft_dealloc_drain(queue) == WEFT_OK)
        #expect(counters.eachReleasedOnce)
        #expect(statistics(queue).batches == 2)  // the gate's, then all 500 at once
        #expect(weft_dealloc_check_invariants(queue))
    }

    @Test func aProducerOverTheLimitReleasesTheWaitingBatchItself() throws {
        let limit: UInt64 = 32
        let queue = try makeQueue(limit: limit)
        defer { weft_dealloc_destroy(queue) }
        let gate = Gate()
        try gate.close(queue)
        let counters = ReleaseCounters(count: 100)
        for (i, object) in counters.objects.enumerated() {
            try #require(weft_dealloc_push(queue, object, ReleaseCounters.release) == WEFT_OK)
            // The push that finds `limit` objects waiting releases them and itself.
            if i == Int(limit) {
                #expect(counters.releasedCount == Int(limit) + 1)
                #expect(statistics(queue).helped_batches == 1)
            }
            #expect(weft_dealloc_check_invariants(queue))
        }
        let stats = statistics(queue)
        #expect(stats.peak_pending <= limit + 2)  // the gate, the waiting objects, the push
        gate.open()
        try #require(weft_dealloc_drain(queue) == WEFT_OK)
        #expect(counters.eachReleasedOnce)
        #expect(statistics(queue).helped_batches == 100 / (limit + 1))
    }

    @Test func drainFromInsideAReleaseIsRefusedInsteadOfWaitingForever() throws {
        let queue = try makeQueue()
        defer { weft_dealloc_destroy(queue) }
        let probe = UnsafeMutablePointer<Reentry>.allocate(capacity: 1)
        probe.initialize(to: Reentry(queue: queue))
        defer { probe.deallocate() }
        let release: weft_dealloc_release_fn = { object in
            let probe = object.assumingMemoryBound(to: Reentry.self)
            probe.pointee.result = weft_dealloc_drain(probe.pointee.queue)
        }
        try #require(weft_dealloc_push(queue, probe, release) == WEFT_OK)
        try #require(weft_dealloc_drain(queue) == WEFT_OK)
        #expect(probe.pointee.result == WEFT_EBUSY)
    }

    @Test func aQueueDestroyedFromItsOwnThreadFinishesItsWork() throws {
        let queue = try makeQueue()
        let gate = Gate()
        try gate.close(queue)
        let probe = UnsafeMutablePointer<Reentry>.allocate(capacity: 1)
        probe.initialize(to: Reentry(queue: queue))
        defer { probe.deallocate() }
        let destroyer: weft_dealloc_release_fn = { object in
            weft_dealloc_destroy(object.assumingMemoryBound(to: Reentry.self).pointee.queue)
        }
        let counters = ReleaseCounters(count: 200)
        let last = DispatchSemaphore(value: 0)
        let signal: weft_dealloc_release_fn = { object in
            Unmanaged<DispatchSemaphore>.fromOpaque(object).takeRetainedValue().signal()
        }
        try #require(weft_dealloc_push(queue, probe, destroyer) == WEFT_OK)
        for object in counters.objects {
            try #require(weft_dealloc_push(queue, object, ReleaseCounters.release) == WEFT_OK)
        }
        try #require(weft_dealloc_push(queue, Unmanaged.passRetained(last).toOpaque(), signal) == WEFT_OK)
        gate.open()
        last.wait()  // released in push order: everything after the destroyer ran too
        #expect(counters.eachReleasedOnce)
    }

    @Test func destroyReleasesWhatIsStillQueued() throws {
        let queue = try makeQueue(window: WEFT_DEALLOC_MAX_WINDOW_NS)
        let counters = ReleaseCounters(count: 300)
        for object in counters.objects {
            try #require(weft_dealloc_push(queue, object, ReleaseCounters.release) == WEFT_OK)
        }
        weft_dealloc_destroy(queue)
        #expect(counters.eachReleasedOnce)
    }

    @Test func producersOnEightThreadsEachGetEveryObjectReleasedOnce() throws {
        let queue = try makeQueue(limit: 256)
        defer { weft_dealloc_destroy(queue) }
        let counters = ReleaseCounters(count: 8 * 2_000)
        let failures = Atomic<Int>(0)
        // The C queue is thread-safe; the pointer itself never changes.
        nonisolated(unsafe) let shared = queue
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0 ..< 2_000 where weft_dealloc_push(shared, counters.object(thread * 2_000 + i), ReleaseCounters.release) != WEFT_OK {
                failures.wrappingAdd(1, ordering: .relaxed)
            }
        }
        #expect(failures.load(ordering: .relaxed) == 0)
        try #require(weft_dealloc_drain(queue) == WEFT_OK)
        #expect(weft_dealloc_check_invariants(queue))
        #expect(counters.eachReleasedOnce)
        let stats = statistics(queue)
        #expect(stats.enqueued == 16_000 && stats.released == 16_000)
    }
}
