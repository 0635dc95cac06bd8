import Testing
import WeftReactive

/// `flatMap`: follow the node selected by the latest value.
@Suite struct SwitchingTests {
    @Test func followsTheLatestInnerNodeOnly() {
        let owner = Owner()
        let first = MutableValueNode("first: 1")
        let second = MutableValueNode<String>()
        let useSecond = MutableValueNode(false)
        let current = useSecond.flatMap { $0 ? second : first }
        let received = Recorder<String>()
        current.listen(owner: owner) { received.append($0) }
        first.value = "first: 2"
        useSecond.value = true  // `second` is empty: the value stays
        second.value = "second: 1"
        first.value = "first: 3"  // no longer followed
        useSecond.value = false
        #expect(received.values == ["first: 1", "first: 2", "second: 1", "first: 3"])
        current._checkInvariants()
        first._checkInvariants()
        second._checkInvariants()
    }

    @Test func releasesTheInnerNodeItSwitchesAwayFrom() {
        weak var weakInner: ValueNode<Int>?
        let index = MutableValueNode(1)
        let current = index.flatMap { value in
            let inner = ValueNode(value * 100)
            return inner
        }
        weakInner = current._upstreamNodes.last as? ValueNode<Int>
        #expect(weakInner?.value == 100)
        index.value = 2
        #expect(weakInner == nil)
        #expect(current.value == 200)
    }

    @Test func innerChangesArriveInTheSameWaveAsTheirCause() {
        let owner = Owner()
        let source = MutableValueNode(1)
        let inner = source.map { $0 * 10 }
        let switched = MutableValueNode(true).flatMap { _ in inner }
        let pair = source.combine(switched)
        let received = Recorder<String>()
        pair.listen(owner: owner) { received.append("\($0.0),\($0.1)") }
        source.value = 2
        #expect(received.values == ["1,10", "2,20"])
    }
}
