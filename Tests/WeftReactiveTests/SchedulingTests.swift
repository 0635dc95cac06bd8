import Dispatch
import Testing
import WeftReactive

/// `deliver(on:)`, `delay` and `throttle`, on a scheduler whose clock the tests move,
/// and `DispatchQueue` as a scheduler.
@Suite struct SchedulingTests {
    @Test func deliverSetsTheNodeOnlyWhenTheSchedulerRuns() {
        let scheduler = ManualNodeScheduler()
        let owner = Owner()
        let source = MutableValueNode(1)
        let delivered = source.deliver(on: scheduler)
        let received = Recorder<Int>()
        delivered.listen(owner: owner) { received.append($0) }
        source.value = 2
        #expect(delivered.value == nil)
        #expect(scheduler.pendingJobCount == 2)
        scheduler.runDueJobs()
        #expect(received.values == [1, 2])
        #expect(delivered.value == 2)
    }

    @Test func delayShiftsEveryValueByTheInterval() {
        let scheduler = ManualNodeScheduler()
        let owner = Owner()
        let source = MutableValueNode<Int>()
        let delayed = source.delay(.seconds(1), on: scheduler)
        let received = Recorder<String>()
        delayed.listen(owner: owner) { received.append("\($0)@\(scheduler.now)") }
        source.value = 1
        scheduler.advance(by: .milliseconds(500))
        source.value = 2
        scheduler.advance(by: .milliseconds(499))
        #expect(received.values.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(received.values == ["1@1.0 seconds"])
        scheduler.advance(by: .seconds(1))
        #expect(received.values == ["1@1.0 seconds", "2@1.5 seconds"])
    }

    @Test func throttleTakesTheLastValueOfABurstOnceItSettles() {
        let scheduler = ManualNodeScheduler()
        let owner = Owner()
        let source = MutableValueNode<Int>()
        let settled = source.throttle(.milliseconds(100), on: scheduler)
        let received = Recorder<String>()
        settled.listen(owner: owner) { received.append("\($0)@\(scheduler.now)") }
        for value in 1 ... 3 {
            source.value = value
            scheduler.advance(by: .milliseconds(60))
        }
        #expect(received.values.isEmpty)
        scheduler.advance(by: .milliseconds(40))
        #expect(received.values == ["3@0.22 seconds"])
        source.value = 4
        scheduler.advance(by: .milliseconds(100))
        #expect(received.values == ["3@0.22 seconds", "4@0.32 seconds"])
    }

    @Test func cancellingStopsValuesAlreadyScheduled() {
        let scheduler = ManualNodeScheduler()
        let owner = Owner()
        let source = MutableValueNode<Int>()
        let delayed = source.delay(.seconds(1), on: scheduler)
        let received = Recorder<Int>()
        delayed.listen(owner: owner) { received.append($0) }
        source.value = 1
        source.removeDownstream(delayed)
        scheduler.advance(by: .seconds(2))
        #expect(received.values.isEmpty)
        #expect(delayed.value == nil)
    }

    @Test func aScheduledValueForADeadNodeIsDropped() {
        let scheduler = ManualNodeScheduler()
        let source = MutableValueNode(1)
        weak var weakDelayed: ValueNode<Int>?
        do {
            let delayed = source.delay(.seconds(1), on: scheduler)
            weakDelayed = delayed
        }
        #expect(weakDelayed == nil)
        scheduler.advance(by: .seconds(1))
        #expect(scheduler.pendingJobCount == 0)
    }

    @Test func deliversOnADispatchQueue() {
        let queue = DispatchQueue(label: "WeftReactiveTests.deliver")
        let owner = Owner()
        let source = MutableValueNode(1)
        let delivered = source.deliver(on: queue)
        queue.sync {}  // the current value has crossed
        #expect(delivered.value == 1)
        let arrived = DispatchSemaphore(value: 0)
        let received = Recorder<Int>()
        delivered.listen(owner: owner) { value in
            guard value == 2 else { return }  // the current value arrives here, at once
            dispatchPrecondition(condition: .onQueue(queue))
            received.append(value)
            arrived.signal()
        }
        source.value = 2
        arrived.wait()
        #expect(received.values == [2])
    }

    @Test func delaysOnADispatchQueue() {
        let queue = DispatchQueue(label: "WeftReactiveTests.delay")
        let owner = Owner()
        let source = MutableValueNode(1)
        let delayed = source.delay(.milliseconds(1), on: queue)
        let arrived = DispatchSemaphore(value: 0)
        delayed.listen(owner: owner) { _ in arrived.signal() }
        arrived.wait()
        #expect(delayed.value == 1)
    }
}
