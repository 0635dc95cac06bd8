import Dispatch
import Synchronization
import Testing
import WeftCore
import WeftTestSupport

/// Marks the main dispatch queue, so that a deinitializer can tell whether it runs
/// there (on Linux under `dispatchMain()` main is not always thread 1).
private let mainQueueKey: DispatchSpecificKey<Bool> = {
    let key = DispatchSpecificKey<Bool>()
    DispatchQueue.main.setSpecific(key: key, value: true)
    return key
}()

/// Counts deinitializations on and off the main queue.
private final class ContextLog: Sendable {
    let onMain = Atomic<Int>(0)
    let offMain = Atomic<Int>(0)
    /// Resumed by the deinit that brings `onMain + offMain` to `expected`.
    let finished = DispatchSemaphore(value: 0)
    let expected: Int

    init(expected: Int) {
        _ = mainQueueKey
        self.expected = expected
    }

    var total: Int { onMain.load(ordering: .relaxed) + offMain.load(ordering: .relaxed) }
}

/// A stand-in for a view: it must die on main, and says where it died.
private final class ViewLike: Sendable {
    let log: ContextLog
    let onDeinit: (@Sendable () -> Void)?

    init(_ log: ContextLog, onDeinit: (@Sendable () -> Void)? = nil) {
        self.log = log
        self.onDeinit = onDeinit
    }

    deinit {
        if DispatchQueue.getSpecific(key: mainQueueKey) == true {
            log.onMain.wrappingAdd(1, ordering: .relaxed)
        } else {
            log.offMain.wrappingAdd(1, ordering: .relaxed)
        }
        onDeinit?()
        if log.total == log.expected { log.finished.signal() }
    }
}

@MainActor
@Suite struct MainContextReleaseQueueTests {
    @Test func objectsFromManyThreadsDieOnMainInTurnsOfAtMostTheBatchSize() throws {
        let scheduler = ManualMainScheduler()
        let queue = try MainContextReleaseQueue(batchSize: 10, scheduler: scheduler)
        let log = ContextLog(expected: 201)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for _ in 0 ..< 20 { queue.release(ViewLike(log)) }
            if thread.isMultiple(of: 2) { queue.release(contentsOf: (0 ..< 10).map { _ in ViewLike(log) }) }
        }
        queue.release(ViewLike(log))
        // Producers only appended: nothing died, and exactly one turn is scheduled.
        #expect(log.total == 0)
        #expect(scheduler.pendingJobCount == 1)
        #expect(queue.statistics.pendingCount == 201)
        var turns = 0
        while scheduler.runNext() {
            turns += 1
            #expect(log.total == Swift.min(turns * 10, 201))
            #expect(scheduler.pendingJobCount <= 1)  // each turn schedules at most the next
        }
        #expect(turns == 21)
        #expect(log.onMain.load(ordering: .relaxed) == 201)
        #expect(log.offMain.load(ordering: .relaxed) == 0)
        let stats = queue.statistics
        #expect(stats.releasedCount == 201 && stats.pendingCount == 0)
        #expect(stats.batchCount == 21)
        #expect(stats.helpedBatchCount == 0)
        queue._checkInvariants()
    }

    @Test func anObjectArrivingDuringATurnWaitsForTheNextTurn() throws {
        let scheduler = ManualMainScheduler()
        let queue = try MainContextReleaseQueue(batchSize: 1, scheduler: scheduler)
        let log = ContextLog(expected: 2)
        // A view that, dying, hands its subview to the same queue.
        queue.release(ViewLike(log) { queue.release(ViewLike(log)) })
        #expect(scheduler.runNext())
        #expect(log.total == 1)
        #expect(scheduler.pendingJobCount == 1)
        #expect(scheduler.runNext())
        #expect(log.total == 2)
        #expect(scheduler.pendingJobCount == 0)
    }

    @Test func drainReleasesEverythingAtOnceOnMain() throws {
        let scheduler = ManualMainScheduler()
        let queue = try MainContextReleaseQueue(batchSize: 3, scheduler: scheduler)
        let log = ContextLog(expected: 25)
        queue.release(contentsOf: (0 ..< 25).map { _ in ViewLike(log) })
        try queue.drain()
        #expect(log.onMain.load(ordering: .relaxed) == 25)
        // The turn scheduled before the drain finds nothing and schedules nothing.
        scheduler.runAll()
        #expect(log.total == 25)
        #expect(scheduler.pendingJobCount == 0)
        // The next object schedules a turn again.
        queue.release(ViewLike(ContextLog(expected: 1)))
        #expect(scheduler.pendingJobCount == 1)
        scheduler.runAll()
        #expect(queue.statistics.pendingCount == 0)
    }

    @Test func releaseNextBatchReportsWhatIsLeft() throws {
        let queue = try MainContextReleaseQueue(batchSize: 4, scheduler: ManualMainScheduler())
        let log = ContextLog(expected: 6)
        queue.release(contentsOf: (0 ..< 6).map { _ in ViewLike(log) })
        #expect(try queue.releaseNextBatch() == 2)
        #expect(log.total == 4)
        #expect(try queue.releaseNextBatch() == 0)
        #expect(try queue.releaseNextBatch() == 0)
        #expect(log.total == 6)
    }

    @Test func drainFromInsideAReleaseIsRefused() throws {
        let queue = try MainContextReleaseQueue(scheduler: ManualMainScheduler())
        let outcome = PosixMutex<DeallocQueueError?>(nil)
        let log = ContextLog(expected: 1)
        queue.release(ViewLike(log) {
            MainActor.assumeIsolated {
                do throws(DeallocQueueError) { try queue.drain() } catch { outcome.withLock { $0 = error } }
            }
        })
        try queue.drain()
        #expect(log.total == 1)
        let outcomeSeen = outcome.withLock { $0 }
        #expect(outcomeSeen == .reentrantCall(operation: "draining"))
    }

    @Test func malformedBatchSizesAreRefused() {
        #expect(throws: DeallocQueueError.invalidBatchSize(0)) {
            try MainContextReleaseQueue(batchSize: 0, scheduler: ManualMainScheduler())
        }
        #expect(DeallocQueueError.invalidBatchSize(-1).description == "batch size -1 must be at least 1")
        #expect(MainContextReleaseQueue.shared.batchSize == MainContextReleaseQueue.defaultBatchSize)
    }

    @Test func theDefaultSchedulerReleasesOnTheMainQueue() async throws {
        let queue = try MainContextReleaseQueue(batchSize: 4)
        let log = ContextLog(expected: 30)
        let producer = Task.detached {
            for _ in 0 ..< 30 { queue.release(ViewLike(log)) }
        }
        await producer.value
        // Turns run on the main queue between this test's own main-actor jobs.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                log.finished.wait()
                done.resume()
            }
        }
        #expect(log.onMain.load(ordering: .relaxed) == 30)
        #expect(queue.statistics.batchCount >= 8)  // ceil(30 / 4)
    }
}
