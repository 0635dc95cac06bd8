import Dispatch
import Testing
import WeftReactive

/// How a set travels: once per node in topological order, listeners last, rings
/// cut by the wave, re-entrant sets queued in order, and sets from many threads
/// serialized.
@Suite struct PropagationTests {
    @Test func aDiamondDeliversOncePerSetWithBothSidesUpdated() {
        let owner = Owner()
        let a = MutableValueNode(1)
        let b = a.map { $0 + 1 }
        let c = a.map { $0 * 10 }
        let d = b.combine(c)
        let received = Recorder<String>()
        d.listen(owner: owner) { received.append("\($0.0),\($0.1)") }
        for value in 2 ... 4 {
            a.value = value
        }
        #expect(received.values == ["2,10", "3,20", "4,30", "5,40"])
        d._checkInvariants()
    }

    @Test func aWideDiamondDeliversOnce() {
        let owner = Owner()
        let source = MutableValueNode(0)
        let branches = (0 ..< 100).map { offset in source.map { $0 + offset } }
        let sum = ValueNode.combine(branches).map { $0.reduce(0, +) }
        let received = Recorder<Int>()
        sum.listen(owner: owner) { received.append($0) }
        source.value = 1
        source.value = 2
        #expect(received.values == [4_950, 5_050, 5_150])
    }

    @Test func unevenPathsStillMeetOnce() {
        // a -> b -> c -> d and a -> d: d must wait for the long path.
        let owner = Owner()
        let a = MutableValueNode(0)
        let long = a.map { $0 + 1 }.map { $0 + 1 }.map { $0 + 1 }
        let joined = long.combine(a).map { $0.0 - $0.1 }
        let received = Recorder<Int>()
        joined.listen(owner: owner) { received.append($0) }
        for value in 1 ... 5 {
            a.value = value
        }
        #expect(received.values == [3, 3, 3, 3, 3, 3])
    }

    @Test func aLinkAddedLaterReordersTheGraph() {
        // `early` ranks low until it is linked from the end of a long chain; the
        // diamond through it must still deliver once.
        let owner = Owner()
        let source = MutableValueNode(0)
        let early = ValueNode<Int>()
        let late = source.map { $0 }.map { $0 }.map { $0 }
        late.link(to: early)
        let joined = early.combine(source)
        let received = Recorder<String>()
        joined.listen(owner: owner) { received.append("\($0.0),\($0.1)") }
        source.value = 1
        #expect(received.values == ["0,0", "1,1"])
        early._checkInvariants()
        joined._checkInvariants()
    }

    @Test func handlersSeeTheWholeWave() {
        let owner = Owner()
        let source = MutableValueNode(1)
        let first = source.map { $0 * 2 }
        let second = source.map { $0 * 3 }
        let seen = Recorder<Int>()
        first.listen(owner: owner) { _ in seen.append(second.value ?? -1) }
        source.value = 5
        #expect(seen.values == [3, 15])
    }

    @Test func setsMadeByHandlersApplyAtOnceAndReachListenersInOrder() {
        let owner = Owner()
        let source = MutableValueNode(0)
        let echo = MutableValueNode(0)
        let log = Recorder<String>()
        source.listen(owner: owner) { value in
            log.append("source \(value)")
            guard value > 0 else { return }
            echo.value = value * 10
            echo.value = value * 100
            log.append("echo still \(echo.value ?? -1)")
        }
        source.listen(owner: owner) { value in log.append("second listener \(value)") }
        echo.listen(owner: owner) { value in log.append("echo \(value)") }
        source.value = 1
        #expect(log.values == [
            "source 0", "second listener 0", "echo 0",
            "source 1", "echo still 100", "second listener 1", "echo 10", "echo 100",
        ])
    }

    @Test func aHandlerMaySetItsOwnNodeAMillionTimesInARow() {
        // Each set's wave runs at once, and its delivery waits for the handler that
        // asked for it to return, in a loop: recursion would overflow the stack long
        // before a million.
        let owner = Owner()
        let node = MutableValueNode<Int>()
        let last = 1_000_000
        nonisolated(unsafe) var delivered = 0
        nonisolated(unsafe) var inOrder = true
        nonisolated(unsafe) var readsRightAfterSet: [Int] = []
        node.listen(owner: owner) { value in
            inOrder = inOrder && value == delivered
            delivered += 1
            guard value < last else { return }
            node.value = value + 1
            // Applied at once, as in EasyReact: a read right after the set sees it.
            if value < 3 { readsRightAfterSet.append(node.value ?? -1) }
        }
        node.value = 0
        #expect(delivered == last + 1 && inOrder)
        #expect(readsRightAfterSet == [1, 2, 3])
        #expect(node.value == last)
    }

    @Test func aHandlerCanSetItsOwnNode() {
        let owner = Owner()
        let node = MutableValueNode(0)
        let received = Recorder<Int>()
        node.listen(owner: owner) { value in
            if value == 1 {
                node.value = 2
            }
        }
        node.listen(owner: owner) { received.append($0) }
        node.value = 1
        #expect(received.values == [0, 1, 2])
    }

    @Test func cancellingInsideAWaveTakesEffectForTheRestOfIt() {
        let owner = Owner()
        let node = MutableValueNode(0)
        let received = Recorder<Int>()
        var later: Cancelable?
        node.listen(owner: owner) { value in
            if value == 1 {
                later?.cancel()
            }
        }
        later = node.listen(owner: owner) { received.append($0) }
        node.value = 1
        node.value = 2
        #expect(received.values == [0])
        node._checkInvariants()
    }

    @Test func cancellingTwiceIsHarmless() {
        let owner = Owner()
        let node = MutableValueNode(0)
        let received = Recorder<Int>()
        let cancelable = node.listen(owner: owner) { received.append($0) }
        cancelable.cancel()
        cancelable.cancel()
        node.value = 1
        #expect(received.values == [0])
    }

    @Test func aRingStopsAfterOneLap() {
        let owner = Owner()
        let a = MutableValueNode(0)
        let b = MutableValueNode(0)
        let c = MutableValueNode(0)
        let ab = a.link(to: b) { $0 + 1 }
        let bc = b.link(to: c) { $0 + 1 }
        let ca = c.link(to: a) { $0 + 1 }
        let log = Recorder<String>()
        a.listen(owner: owner) { log.append("a\($0)") }
        b.listen(owner: owner) { log.append("b\($0)") }
        c.listen(owner: owner) { log.append("c\($0)") }
        // Closing the ring pushed c's value once around it: c2 -> a3 -> b4, then stop.
        #expect(log.values == ["a3", "b4", "c2"])
        b.value = 10
        #expect([a.value, b.value, c.value] == [12, 10, 11])
        #expect(log.values.suffix(3) == ["b10", "c11", "a12"])
        for link in [ab, bc, ca] {
            link.cancel()
        }
        a._checkInvariants()
        b._checkInvariants()
        c._checkInvariants()
    }

    @Test func syncKeepsTwoNodesInStep() {
        let celsius = MutableValueNode(100.0)
        let fahrenheit = MutableValueNode(32.0)
        let sync = celsius.sync(with: fahrenheit, transform: { $0 * 9 / 5 + 32 }, revert: { ($0 - 32) * 5 / 9 })
        #expect(celsius.value == 0)  // takes the other side's value first
        celsius.value = 100
        #expect(fahrenheit.value == 212)
        fahrenheit.value = 50
        #expect(celsius.value == 10)
        sync.cancel()
        celsius.value = 0
        #expect(fahrenheit.value == 50)
    }

    @Test func syncWithAnEmptyNodeFillsIt() {
        let source = MutableValueNode("value")
        let empty = MutableValueNode<String>()
        let sync = source.sync(with: empty)
        #expect(empty.value == "value")
        empty.value = "changed"
        #expect(source.value == "changed")
        sync.cancel()
    }

    @Test func linkPushesTheCurrentValueAndCancelStopsIt() {
        let source = MutableValueNode(3)
        let target = MutableValueNode<String>()
        let link = source.link(to: target) { "\($0)" }
        #expect(target.value == "3")
        source.value = 4
        #expect(target.value == "4")
        link.cancel()
        source.value = 5
        #expect(target.value == "4")
        source._checkInvariants()
        target._checkInvariants()
    }

    @Test func removeDownstreamCutsEveryLinkToThatNode() {
        let source = MutableValueNode(1)
        let target = ValueNode<Int>()
        source.link(to: target)
        source.link(to: target) { $0 * 2 }
        let other = MutableValueNode(0)
        other.link(to: target)
        source.value = 2
        #expect(target.value == 4)
        source.removeDownstream(target)
        source.value = 3
        #expect(target.value == 4)
        other.value = 7
        #expect(target.value == 7)
        target._checkInvariants()
    }

    @Test func setsFromEightThreadsAreSerialized() {
        let threads = 8
        let setsPerThread = 500
        let owner = Owner()
        let source = MutableValueNode(0)
        let total = source.scan(0, +)
        let count = source.scan(0) { count, _ in count + 1 }
        /// Not thread-safe on purpose: the gate must serialize the handler's calls.
        final class Unguarded: @unchecked Sendable {
            var isInside = false
            var calls = 0
            var overlaps = 0
        }
        let unguarded = Unguarded()
        total.listen(owner: owner) { _ in
            if unguarded.isInside {
                unguarded.overlaps += 1
            }
            unguarded.isInside = true
            unguarded.calls += 1
            unguarded.isInside = false
        }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 1 ... setsPerThread {
                source.value = thread * setsPerThread + index
            }
        }
        let sets = threads * setsPerThread
        #expect(count.value == sets + 1)  // the initial value counts once
        #expect(total.value == sets * (sets + 1) / 2)
        #expect(unguarded.calls == sets + 1)
        #expect(unguarded.overlaps == 0)
    }

    @Test func aHandlerCanStartListeningAndHearsTheCurrentValueRightAfterItReturns() {
        let owner = Owner()
        let trigger = MutableValueNode(0)
        let other = MutableValueNode("now")
        let log = Recorder<String>()
        trigger.listen(owner: owner) { value in
            guard value == 1 else { return }
            other.listen(owner: owner) { log.append("other \($0)") }
            log.append("listening")
        }
        trigger.value = 1
        other.value = "later"
        #expect(log.values == ["listening", "other now", "other later"])
        other._checkInvariants()
    }

    @Test func aHandlerCanLinkNodesAndTheFirstPushAppliesAtOnce() {
        let owner = Owner()
        let trigger = MutableValueNode(0)
        let source = MutableValueNode(5)
        let target = ValueNode<Int>()
        let log = Recorder<String>()
        target.listen(owner: owner) { log.append("target \($0)") }
        trigger.listen(owner: owner) { value in
            guard value == 1 else { return }
            source.link(to: target)
            log.append("linked, target \(target.value.map(String.init) ?? "empty")")
        }
        trigger.value = 1
        source.value = 6
        #expect(log.values == ["linked, target 5", "target 5", "target 6"])
    }

    @Test func transformsCanBuildNodesDuringAWave() {
        let base = MutableValueNode(2)
        let factor = MutableValueNode(10)
        let scaled = factor.flatMap { factor in base.map { $0 * factor } }
        #expect(scaled.value == 20)
        factor.value = 100
        #expect(scaled.value == 200)
        base.value = 3
        #expect(scaled.value == 300)
        scaled._checkInvariants()
        base._checkInvariants()
    }
}
