import Dispatch
import Testing
import WeftReactive

/// Links and reads that a transform makes into other graphs: reliability round 3's
/// F7 (a link made inside another link's push trapped) and F8 (two threads, each in
/// a transform reading or linking the other's graph, waited for each other for good).
///
/// The waits are deadlock guards, met at once when the engine works.
@Suite struct CrossGraphTests {
    private static var guardTime: DispatchTime { .now() + .seconds(60) }

    /// F7: a link's push runs a transform (holding the first graph) that links a
    /// second graph, whose push runs a transform that links the two: both graphs
    /// are held mid-wave on one thread, and merging them trapped. The innermost
    /// link is made when the thread lets go, and carries its value then.
    @Test func aLinkMadeInsideAnotherLinksPushIsMadeWhenTheWaveEnds() {
        let a = MutableValueNode(1)
        let b = ValueNode<Int>()
        let c = MutableValueNode(10)
        let d = ValueNode<Int>()
        let made = Box<Cancelable>()
        a.link(to: b) { value in
            // Only on the first value: a link's transform runs again for each one.
            guard value == 1 else { return value }
            c.link(to: d) { inner in
                made.value = a.link(to: d) { $0 + 100 }
                return inner
            }
            return value
        }
        #expect(b.value == 1)
        #expect(d.value == 101, "the deferred link carried a's value once attached")
        a.value = 2
        #expect(d.value == 102)
        made.value?.cancel()
        a.value = 3
        #expect(d.value == 102, "cancelled")
        a._checkInvariants()
        d._checkInvariants()
    }

    /// F7's cancel: a link made in a transform and cancelled before the wave ends
    /// is never attached.
    @Test func aDeferredLinkCancelledBeforeTheWaveEndsIsNeverMade() {
        let a = MutableValueNode(1)
        let b = ValueNode<Int>()
        let c = MutableValueNode(10)
        let d = ValueNode<Int>()
        a.link(to: b) { value in
            guard value == 1 else { return value }
            c.link(to: d) { inner in
                a.link(to: d) { $0 + 100 }.cancel()
                return inner
            }
            return value
        }
        #expect(d.value == 10)
        a.value = 5
        #expect(d.value == 10)
        d._checkInvariants()
    }

    /// F8: two threads each set one graph whose transform, once both are running,
    /// reads the other graph's node. Each held its graph and waited for the other's.
    /// The second to wait sees the cycle and reads without waiting.
    @Test func twoTransformsReadingEachOthersGraphOnTwoThreadsBothFinish() {
        let a = MutableValueNode(0)
        let b = MutableValueNode(0)
        let bothInside = Rendezvous()
        let readOfB = Box<Int?>()
        let readOfA = Box<Int?>()
        let fromA = a.map { value -> Int in
            if value == 1 {
                bothInside.arrive()
                readOfB.value = b.value
            }
            return value
        }
        let fromB = b.map { value -> Int in
            if value == 1 {
                bothInside.arrive()
                readOfA.value = a.value
            }
            return value
        }
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { a.value = 1 }
        DispatchQueue.global().async(group: done) { b.value = 1 }
        #expect(done.wait(timeout: Self.guardTime) == .success, "the two transforms deadlocked")
        #expect(readOfA.value == 1 && readOfB.value == 1)
        #expect(fromA.value == 1 && fromB.value == 1)
    }

    /// F8 with links: each transform links the other graph's node to a node of its
    /// own while the other thread holds that graph. The links wait for the waves to
    /// end instead of for each other, and carry their values then.
    @Test func twoTransformsLinkingEachOthersGraphOnTwoThreadsBothFinish() {
        let a = MutableValueNode(0)
        let b = MutableValueNode(0)
        let intoA = ValueNode<Int>()
        let intoB = ValueNode<Int>()
        let bothInside = Rendezvous()
        let fromA = a.map { value -> Int in
            if value == 1 {
                bothInside.arrive()
                b.link(to: intoA) { $0 * 10 }
            }
            return value
        }
        let fromB = b.map { value -> Int in
            if value == 1 {
                bothInside.arrive()
                a.link(to: intoB) { $0 * 10 }
            }
            return value
        }
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { a.value = 1 }
        DispatchQueue.global().async(group: done) { b.value = 1 }
        #expect(done.wait(timeout: Self.guardTime) == .success, "the two transforms deadlocked")
        #expect(intoA.value == 10 && intoB.value == 10)
        a.value = 2
        #expect(intoB.value == 20)
        withExtendedLifetime((fromA, fromB)) {}
    }
}

/// A value shared with a transform, set under a lock.
final class Box<Value>: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var stored: Value?
    var value: Value? {
        get { lock.wait(); defer { lock.signal() }; return stored }
        set { lock.wait(); stored = newValue; lock.signal() }
    }
}

/// Two parties meet: the first to `arrive()` waits for the second.
final class Rendezvous: @unchecked Sendable {
    private let lock = DispatchSemaphore(value: 1)
    private var arrived = 0
    private let second = DispatchSemaphore(value: 0)

    func arrive() {
        lock.wait()
        arrived += 1
        let isSecond = arrived == 2
        lock.signal()
        if isSecond {
            second.signal()
        } else {
            #expect(second.wait(timeout: .now() + .seconds(60)) == .success)
        }
    }
}

/// Round 4's G14: links that make links as they carry values.
@Suite struct LinkGenerationTests {
    /// Inside `a.map`, `b.link(to: c)`'s transform links `a` to `b`: each such
    /// link, attached when the wave ends, carried `a`'s value into `b`, whose
    /// push ran the transform, which made one more link, forever (the process
    /// hung). Links 64 generations deep, or past the wave's 1,024 deep pushes,
    /// are made without carrying the current value, so the wave ends; every link
    /// is made and carries the next value.
    @Test func aTransformThatLinksOnEveryValueFinishes() {
        let a = MutableValueNode(1)
        let b = MutableValueNode(10)
        let c = ValueNode<Int>()
        let runs = Box<Int>()
        runs.value = 0
        let mapped = a.map { value -> Int in
            b.link(to: c) { inner in
                runs.value = (runs.value ?? 0) + 1
                a.link(to: b)
                return inner
            }
            return value
        }
        let made = runs.value ?? 0
        #expect(mapped.value == 1)
        #expect(b.value == 1 && c.value == 1, "the deferred links carried a's value")
        #expect(made >= 2 && made <= 70, "\(made) transform runs: one per link carried, 64 deep, and the first")
        // The set adds a second `b.link(to: c)`, so the links made per
        // generation double: the wave's budget of deep pushes ends them.
        a.value = 2
        #expect(b.value == 2 && c.value == 2, "every link made carries the next value")
        #expect((runs.value ?? 0) > made)
        a._checkInvariants()
        c._checkInvariants()
    }
}
