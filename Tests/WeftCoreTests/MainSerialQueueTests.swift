import Dispatch
import Testing
import WeftCore
import WeftTestSupport

@MainActor
@Suite struct MainSerialQueueTests {
    /// Records what ran, in order; touched only on the main actor.
    @MainActor final class Log {
        var entries: [Int] = []
    }

    @Test func blocksRunInOrderInOnePass() {
        let scheduler = ManualMainScheduler()
        let queue = MainSerialQueue(scheduler: scheduler)
        let log = Log()
        for i in 0 ..< 100 { queue.performBlock { log.entries.append(i) } }
        #expect(queue.numberOfScheduledBlocks == 100)
        #expect(scheduler.pendingJobCount == 1)  // one pass for all of them
        scheduler.runAll()
        #expect(log.entries == Array(0 ..< 100))
        #expect(queue.numberOfScheduledBlocks == 0)
    }

    @Test func blocksAddedWhileDrainingRunInTheSamePassAfterOlderOnes() {
        let scheduler = ManualMainScheduler()
        let queue = MainSerialQueue(scheduler: scheduler)
        let log = Log()
        queue.performBlock {
            log.entries.append(1)
            queue.performBlock { log.entries.append(3) }
        }
        queue.performBlock { log.entries.append(2) }
        queue.runBlocks()
        #expect(log.entries == [1, 2, 3])
        // The pass the scheduler still holds finds nothing left to do.
        scheduler.runAll()
        #expect(log.entries == [1, 2, 3])
    }

    @Test func aNestedPassKeepsGlobalOrder() {
        let queue = MainSerialQueue(scheduler: ManualMainScheduler())
        let log = Log()
        queue.performBlock {
            log.entries.append(1)
            queue.runBlocks()  // e.g. a block that waits for all updates
            log.entries.append(4)
        }
        queue.performBlock { log.entries.append(2) }
        queue.performBlock { log.entries.append(3) }
        queue.runBlocks()
        #expect(log.entries == [1, 2, 3, 4])
    }

    @Test func aBlockAddedAfterADrainSchedulesANewPass() {
        let scheduler = ManualMainScheduler()
        let queue = MainSerialQueue(scheduler: scheduler)
        let log = Log()
        queue.performBlock { log.entries.append(1) }
        scheduler.runAll()
        queue.performBlock { log.entries.append(2) }
        #expect(scheduler.pendingJobCount == 1)
        scheduler.runAll()
        #expect(log.entries == [1, 2])
    }

    @Test func eachProducerThreadKeepsItsOrder() {
        let scheduler = ManualMainScheduler()
        let queue = MainSerialQueue(scheduler: scheduler)
        let log = Log()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for i in 0 ..< 1_000 {
                queue.performBlock { log.entries.append(thread * 1_000_000 + i) }
            }
        }
        scheduler.runAll()
        #expect(log.entries.count == 8_000)
        for thread in 0 ..< 8 {
            let mine = log.entries.filter { $0 / 1_000_000 == thread }
            #expect(mine == (0 ..< 1_000).map { thread * 1_000_000 + $0 })
        }
    }

    @Test func theDefaultSchedulerRunsBlocksOnTheMainQueue() async {
        let queue = MainSerialQueue()
        let log = Log()
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.performBlock { log.entries.append(1) }
            queue.performBlock {
                log.entries.append(2)
                done.resume()
            }
        }
        #expect(log.entries == [1, 2])
    }
}
