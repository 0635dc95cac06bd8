import Dispatch
import Testing
import WeftReactive

/// Who keeps whom alive: consumers hold providers, never the reverse; rings hold
/// themselves until cancelled. Checked with weak references.
@Suite struct OwnershipTests {
    /// Builds `source -> a -> b -> c` and returns weak references to a, b and c.
    struct Chain {
        weak var a: ValueNode<Int>?
        weak var b: ValueNode<Int>?
        weak var c: ValueNode<Int>?

        var alive: [Bool] { [a != nil, b != nil, c != nil] }
    }

    func makeChain(from source: ValueNode<Int>) -> (Chain, ValueNode<Int>) {
        let a = source.map { $0 + 1 }
        let b = a.map { $0 + 1 }
        let c = b.map { $0 + 1 }
        return (Chain(a: a, b: b, c: c), c)
    }

    @Test func aChainLivesAsLongAsItsLastNode() {
        let source = MutableValueNode(0)
        var (chain, last) = makeChain(from: source)
        #expect(chain.alive == [true, true, true])
        source.value = 1
        #expect(last.value == 4)
        last = ValueNode(0)
        #expect(chain.alive == [false, false, false])
        source._checkInvariants()
    }

    @Test func aProviderDoesNotKeepItsConsumersAlive() {
        let source = MutableValueNode(0)
        weak var weakConsumer: ValueNode<Int>?
        do {
            let consumer = source.map { $0 }
            weakConsumer = consumer
        }
        #expect(weakConsumer == nil)
        source.value = 1  // a wave through the tombstone left by the consumer
        source._checkInvariants()
    }

    @Test func aNodeIsKeptAliveByItsDownstreamNode() {
        weak var weakSource: MutableValueNode<Int>?
        let last: ValueNode<Int>
        do {
            let source = MutableValueNode(1)
            weakSource = source
            last = source.map { $0 * 2 }.map { $0 + 1 }
        }
        #expect(weakSource != nil)
        #expect(last.value == 3)
        weakSource?.value = 2
        #expect(last.value == 5)
    }

    @Test func aChainIsKeptAliveByAListenerWithoutAnyVariable() {
        let owner = Owner()
        let source = MutableValueNode(0)
        let received = Recorder<Int>()
        var chain: Chain
        do {
            let (made, last) = makeChain(from: source)
            chain = made
            last.listen(owner: owner) { received.append($0) }
        }
        #expect(chain.alive == [true, true, true])
        source.value = 1
        #expect(received.values == [3, 4])
        withExtendedLifetime(owner) {}
    }

    @Test func cancellingTheLastListenerReleasesTheChain() {
        let owner = Owner()
        let source = MutableValueNode(0)
        var chain: Chain
        let cancelable: Cancelable
        do {
            let (made, last) = makeChain(from: source)
            chain = made
            cancelable = last.listen(owner: owner) { _ in }
        }
        #expect(chain.alive == [true, true, true])
        cancelable.cancel()
        #expect(chain.alive == [false, false, false])
        withExtendedLifetime(owner) {}
    }

    @Test func anotherConsumerKeepsTheSharedPartAlive() {
        let owner = Owner()
        let source = MutableValueNode(0)
        var chain: Chain
        let branch: ValueNode<Int>
        let cancelable: Cancelable
        do {
            let (made, last) = makeChain(from: source)
            chain = made
            branch = made.b!.map { -$0 }
            cancelable = last.listen(owner: owner) { _ in }
        }
        cancelable.cancel()
        #expect(chain.alive == [true, true, false])
        source.value = 1
        #expect(branch.value == -3)
        withExtendedLifetime(owner) {}
    }

    @Test func theOwnersDeathReleasesItsListenersAndTheirChainsAtOnce() {
        let source = MutableValueNode(0)
        let received = Recorder<Int>()
        var owner: Owner? = Owner()
        var chain: Chain
        weak var weakListened: ValueNode<Int>?
        do {
            let (made, last) = makeChain(from: source)
            chain = made
            weakListened = last
            last.listen(owner: owner!) { received.append($0) }
            made.a!.map { -$0 }.listen(owner: owner!) { received.append($0) }
        }
        #expect(chain.alive == [true, true, true])
        owner = nil
        // No set, sweep or call: the owner's bag took its edges out as it died.
        #expect(chain.alive == [false, false, false] && weakListened == nil)
        source.value = 1
        #expect(received.values == [3, -1])
        source._checkInvariants()
    }

    @Test func anOwnerDyingInsideAHandlerStopsItsOtherListenersForTheRestOfTheWave() {
        let source = MutableValueNode(0)
        let received = Recorder<String>()
        var owner: Owner? = Owner()
        let killer = Owner()
        source.listen(owner: killer) { value in
            if value == 1 { owner = nil }
        }
        source.listen(owner: owner!) { received.append("late \($0)") }
        source.value = 1
        #expect(received.values == ["late 0"])
        #expect(owner == nil)
        source._checkInvariants()
    }

    @Test func anOwnerDyingOnAnotherThreadWhileAHandlerRunsReleasesItsChain() {
        // Handlers run outside the graph's lock: the bag detaches while one runs.
        let source = MutableValueNode(0)
        let owner = Owner()
        let running = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        source.listen(owner: owner) { value in
            guard value == 1 else { return }
            running.signal()
            proceed.wait()
        }
        weak var weakNode: ValueNode<Int>?
        nonisolated(unsafe) var doomed: Owner? = Owner()
        do {
            let node = source.map { $0 * 2 }
            weakNode = node
            node.listen(owner: doomed!) { _ in }
        }
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { source.value = 1 }
        running.wait()
        DispatchQueue.global().async(group: done) { doomed = nil }
        proceed.signal()
        done.wait()
        #expect(weakNode == nil)
        source._checkInvariants()
        withExtendedLifetime(owner) {}
    }

    @Test func aRingLeaksUntilCancelled() {
        weak var weakA: MutableValueNode<Int>?
        weak var weakB: MutableValueNode<String>?
        let sync: Cancelable
        do {
            let a = MutableValueNode(1)
            let b = MutableValueNode("1")
            sync = a.sync(with: b, transform: { "\($0)" }, revert: { Int($0) ?? 0 })
            weakA = a
            weakB = b
        }
        #expect(weakA != nil && weakB != nil)
        weakA?.value = 5
        #expect(weakB?.value == "5")
        sync.cancel()
        #expect(weakA == nil && weakB == nil)
    }

    @Test func aRingOfLinksLeaksUntilOneLinkIsCancelled() {
        weak var weakA: MutableValueNode<Int>?
        weak var weakB: ValueNode<Int>?
        let link: Cancelable
        do {
            let a = MutableValueNode(0)
            let b = a.map { $0 + 1 }
            link = b.link(to: a) { $0 }
            weakA = a
            weakB = b
        }
        #expect(weakA != nil && weakB != nil)
        link.cancel()
        #expect(weakA == nil && weakB == nil)
    }

    @Test func removingADownstreamNodeReleasesWhatOnlyItKeptAlive() {
        let target = ValueNode<Int>()
        weak var weakSource: MutableValueNode<Int>?
        do {
            let source = MutableValueNode(1)
            weakSource = source
            source.link(to: target)
        }
        #expect(weakSource != nil)
        weakSource?.removeDownstream(target)
        #expect(weakSource == nil)
        #expect(target.value == 1)
    }

    @Test func aCancelableKeepsNothingAlive() {
        weak var weakNode: ValueNode<Int>?
        var cancelable: Cancelable?
        var owner: Owner? = Owner()
        do {
            let node = MutableValueNode(0).map { $0 }
            weakNode = node
            cancelable = node.listen(owner: owner!) { _ in }
        }
        owner = nil
        #expect(weakNode == nil)
        cancelable?.cancel()
        cancelable = nil
    }

    @Test func aLongChainIsReleasedWithoutDeepRecursion() {
        let source = MutableValueNode(0)
        weak var weakFirst: ValueNode<Int>?
        do {
            var last = source.map { $0 + 1 }
            weakFirst = last
            // Deep enough that releasing it by nested `deinit`s would overflow a stack.
            for _ in 0 ..< 50_000 {
                last = last.map { $0 + 1 }
            }
            source.value = 1
            #expect(last.value == 50_002)
        }
        #expect(weakFirst == nil)
    }

    /// Holds a node whose only owner it is, so a transform can drop it mid-wave.
    private final class Holder: @unchecked Sendable {
        var node: ValueNode<Int>?
    }

    @Test func aTransformMayDropTheLastReferenceToANodeTheWaveHasScheduled() {
        // Frontier entries do not retain their nodes: the dying node cancels its entry.
        let owner = Owner()
        let holder = Holder()
        let source = MutableValueNode(0)
        let dropper = source.map { value -> Int in
            if value == 1 { holder.node = nil }
            return value
        }
        weak var weakScheduled: ValueNode<Int>?
        do {
            let scheduled = source.map { $0 * 2 }
            weakScheduled = scheduled
            holder.node = scheduled
        }
        let heard = Recorder<Int>()
        dropper.listen(owner: owner) { heard.append($0) }
        source.value = 1
        #expect(weakScheduled == nil)
        source.value = 2
        #expect(heard.values == [0, 1, 2])
        source._checkInvariants()
    }

    @Test func aTransformMayDropTheLastReferenceToItsOwnNode() {
        // The node dies inside its own evaluation, which then touches nothing of it.
        let owner = Owner()
        let holder = Holder()
        let source = MutableValueNode(0)
        weak var weakSelfDropping: ValueNode<Int>?
        do {
            let node = source.map { value -> Int in
                if value == 1 { holder.node = nil }
                return value * 10
            }
            weakSelfDropping = node
            holder.node = node
        }
        let after = source.map { $0 + 1 }
        let heard = Recorder<Int>()
        after.listen(owner: owner) { heard.append($0) }
        source.value = 1
        #expect(weakSelfDropping == nil)
        source.value = 2
        #expect(heard.values == [1, 2, 3])
        source._checkInvariants()
        after._checkInvariants()
    }

    @Test func aFilterMayDropTheLastReferenceToItsOwnNodeBeforeItEmits() {
        // The emit finds its target gone and stores nothing.
        let holder = Holder()
        let source = MutableValueNode(0)
        weak var weakFilter: ValueNode<Int>?
        do {
            let node = source.filter { value in
                if value == 1 { holder.node = nil }
                return true
            }
            weakFilter = node
            holder.node = node
        }
        source.value = 1
        #expect(weakFilter == nil)
        source._checkInvariants()
    }
}
