import Dispatch
import Testing
import WeftReactive

/// Graphs that share no node never wait for each other, handlers run outside every
/// lock, and a graph's waves stay whole while threads set, link and merge.
///
/// The waits below are deadlock guards: each one is met at once when the engine
/// works, and a generous deadline turns a deadlock into a failure instead of a hung run.
@Suite struct IsolationTests {
    /// Long enough never to expire on a loaded machine when nothing is stuck.
    private static var guardTime: DispatchTime { .now() + .seconds(60) }

    @Test func aTransformThatWaitsForAnotherThreadsSetOnAnotherGraphFinishes() {
        // The transform holds its graph's lock while it waits: the other graph's set
        // must not need that lock.
        let a = MutableValueNode(0)
        let b = MutableValueNode(0)
        let waiting = DispatchSemaphore(value: 0)
        let bWasSet = DispatchSemaphore(value: 0)
        let blocked = a.map { value -> Int in
            if value == 1 {
                waiting.signal()
                #expect(bWasSet.wait(timeout: Self.guardTime) == .success)
            }
            return value * 2
        }
        let doubled = b.map { $0 * 2 }
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { a.value = 1 }
        DispatchQueue.global().async(group: done) {
            #expect(waiting.wait(timeout: Self.guardTime) == .success)
            for index in 1 ... 100 { b.value = index }
            #expect(doubled.value == 200)
            bWasSet.signal()
        }
        #expect(done.wait(timeout: Self.guardTime) == .success)
        #expect(blocked.value == 2)
    }

    @Test func aHandlerThatWaitsForAnotherThreadsProgressOnAnotherGraphFinishes() {
        let owner = Owner()
        let a = MutableValueNode(0)
        let b = MutableValueNode(0)
        let aTotal = a.scan(0, +)
        let bTotal = b.scan(0, +)
        let waiting = DispatchSemaphore(value: 0)
        let bWasSet = DispatchSemaphore(value: 0)
        let heard = Recorder<Int>()
        aTotal.listen(owner: owner) { total in
            guard total == 1 else { return }
            waiting.signal()
            #expect(bWasSet.wait(timeout: Self.guardTime) == .success)
            heard.append(total)
        }
        bTotal.listen(owner: owner) { heard.append(-$0) }
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { a.value = 1 }
        DispatchQueue.global().async(group: done) {
            #expect(waiting.wait(timeout: Self.guardTime) == .success)
            b.value = 10
            // This graph also reads and writes while the other's handler waits.
            #expect(bTotal.value == 10)
            bWasSet.signal()
        }
        #expect(done.wait(timeout: Self.guardTime) == .success)
        #expect(heard.values == [0, -10, 1])
    }

    @Test @MainActor func aHandlerMayWaitForMainWhileMainSetsAnotherGraphAndItsOwn() async {
        // Before handlers ran outside the lock, main's sets waited for the handler,
        // which waited for main.
        let owner = Owner()
        let a = MutableValueNode(0)
        let b = MutableValueNode(0)
        let bDoubled = b.map { $0 * 2 }
        let heard = Recorder<Int>()
        a.listen(owner: owner) { value in
            if value == 1 {
                DispatchQueue.main.sync {
                    b.value = 21
                    a.value = 2
                }
            }
            heard.append(value)
        }
        await withCheckedContinuation { (finished: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                a.value = 1
                finished.resume()
            }
        }
        // The set from main reached the handler after the handler that waited for it.
        #expect(heard.values == [0, 1, 2])
        #expect(bDoubled.value == 42)
    }

    @Test func aHandlerIsNeverCalledConcurrentlyWithItselfAndHearsEachSetInOrder() {
        let owner = Owner()
        let source = MutableValueNode(0)
        let setsPerThread = 2_000
        final class Unguarded: @unchecked Sendable {
            var isInside = false
            var overlaps = 0
            var lastByThread = [0, 0]
            var outOfOrder = 0
            var calls = 0
        }
        let state = Unguarded()
        // Each value says which thread set it and its rank there.
        source.listen(owner: owner) { value in
            if state.isInside { state.overlaps += 1 }
            state.isInside = true
            state.calls += 1
            if value > 0 {
                let thread = value % 2, rank = value / 2
                if rank <= state.lastByThread[thread] { state.outOfOrder += 1 }
                state.lastByThread[thread] = rank
            }
            state.isInside = false
        }
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            for rank in 1 ... setsPerThread { source.value = rank * 2 + thread }
        }
        #expect(state.overlaps == 0)
        #expect(state.outOfOrder == 0)
        #expect(state.calls == 2 * setsPerThread + 1)
    }

    @Test func diamondsStayWholeUnderConcurrentSets() {
        // Every wave updates the bottom of each diamond once, from both sides of the
        // same set; a listener sees only consistent sums.
        let owner = Owner()
        let sources = [MutableValueNode(1), MutableValueNode(1)]
        let bottoms = sources.map { source in
            source.map { $0 * 2 }.combine(source.map { $0 * 3 }).map { $0.0 + $0.1 }
        }
        let torn = Recorder<Int>()
        let heard = Recorder<Int>()
        for bottom in bottoms {
            bottom.listen(owner: owner) { sum in
                heard.append(sum)
                if sum % 5 != 0 { torn.append(sum) }
            }
        }
        let setsPerThread = 1_000
        DispatchQueue.concurrentPerform(iterations: 4) { thread in
            let source = sources[thread % 2]
            for index in 1 ... setsPerThread { source.value = index * 4 + thread }
        }
        #expect(torn.values.isEmpty)
        #expect(heard.values.count == 2 + 4 * setsPerThread)
        for (source, bottom) in zip(sources, bottoms) {
            #expect(bottom.value == source.value.map { $0 * 5 })
            bottom._checkInvariants()
        }
    }

    @Test func graphsMergingWhileOtherThreadsSetThemStayConsistent() {
        // Four graphs, each set by its own thread, are linked pairwise into one while
        // the sets run; each chain's end always equals its source's latest value
        // tripled, and every node passes its invariant check afterwards.
        let owner = Owner()
        let sources = (0 ..< 4).map { MutableValueNode($0) }
        let ends = sources.map { $0.map { $0 + 1 }.map { ($0 - 1) * 3 } }
        let mismatches = Recorder<String>()
        for (index, end) in ends.enumerated() {
            end.listen(owner: owner) { value in
                if value % 3 != 0 { mismatches.append("chain \(index) heard \(value)") }
            }
        }
        let sink = ValueNode<Int>()
        let setsPerThread = 500
        DispatchQueue.concurrentPerform(iterations: 5) { thread in
            if thread == 4 {
                for end in ends { end.link(to: sink) }
                return
            }
            let source = sources[thread]
            for index in 1 ... setsPerThread { source.value = index * 10 + thread }
        }
        #expect(mismatches.values.isEmpty)
        for (source, end) in zip(sources, ends) {
            #expect(end.value == source.value.map { $0 * 3 })
            end._checkInvariants()
        }
        sources[0].value = 7
        #expect(sink.value == 21)
        sink._checkInvariants()
    }
}
