import Testing
import WeftReactive

/// Operators with several inputs: merge, combine, zip.
@Suite struct CombiningTests {
    @Test func mergeTakesEveryInput() {
        let owner = Owner()
        let first = MutableValueNode<Int>()
        let second = MutableValueNode(10)
        let merged = first.merge(second)
        #expect(merged.value == 10)
        let received = Recorder<Int>()
        merged.listen(owner: owner) { received.append($0) }
        first.value = 1
        second.value = 20
        first.value = 2
        #expect(received.values == [10, 1, 20, 2])
        merged._checkInvariants()
    }

    @Test func mergeOfInputsThatChangeTogetherChangesOnceWithTheLastOne() {
        let owner = Owner()
        let source = MutableValueNode(1)
        let merged = ValueNode.merge([source.map { $0 * 10 }, source.map { $0 * 100 }, source.fork()])
        #expect(merged.value == 1)
        let received = Recorder<Int>()
        merged.listen(owner: owner) { received.append($0) }
        source.value = 2
        #expect(received.values == [1, 2])
    }

    @Test func combineWaitsForBothThenPairsTheLatest() {
        let owner = Owner()
        let name = MutableValueNode<String>()
        let age = MutableValueNode(30)
        let pair = name.combine(age)
        #expect(pair.value == nil)
        let received = Recorder<String>()
        pair.listen(owner: owner) { received.append("\($0.0) \($0.1)") }
        age.value = 31
        name.value = "Ada"
        age.value = 32
        name.value = "Grace"
        #expect(received.values == ["Ada 31", "Ada 32", "Grace 32"])
    }

    @Test func combineOfAnArrayWaitsForEveryNode() {
        let nodes = (0 ..< 3).map { _ in MutableValueNode<Int>() }
        let combined = ValueNode.combine(nodes)
        nodes[0].value = 1
        nodes[2].value = 3
        #expect(combined.value == nil)
        nodes[1].value = 2
        #expect(combined.value == [1, 2, 3])
        nodes[1].value = 5
        #expect(combined.value == [1, 5, 3])
        #expect(ValueNode<Int>.combine([]).value == nil)
    }

    @Test func zipPairsValuesInOrder() {
        let owner = Owner()
        let letters = MutableValueNode("a")
        let numbers = MutableValueNode<Int>()
        let zipped = letters.zip(numbers)
        let received = Recorder<String>()
        zipped.listen(owner: owner) { received.append("\($0.0)\($0.1)") }
        letters.value = "b"
        letters.value = "c"
        numbers.value = 1
        numbers.value = 2
        numbers.value = 3
        numbers.value = 4
        letters.value = "d"
        #expect(received.values == ["a1", "b2", "c3", "d4"])
    }

    @Test func zipOfAnArrayGathersTheNthValueOfEach() {
        let nodes = [MutableValueNode(1), MutableValueNode(10), MutableValueNode<Int>()]
        let zipped = ValueNode.zip(nodes)
        let owner = Owner()
        let received = Recorder<[Int]>()
        zipped.listen(owner: owner) { received.append($0) }
        nodes[0].value = 2
        nodes[2].value = 100
        nodes[1].value = 20
        nodes[2].value = 200
        nodes[2].value = 300
        #expect(received.values == [[1, 10, 100], [2, 20, 200]])
    }

    @Test func aDiamondOfCombinedInputsChangesOnceWithBothUpdated() {
        let owner = Owner()
        let source = MutableValueNode(1)
        let pair = source.map { $0 + 1 }.combine(source.map { $0 * 10 })
        let received = Recorder<String>()
        pair.listen(owner: owner) { received.append("\($0.0),\($0.1)") }
        source.value = 2
        source.value = 3
        #expect(received.values == ["2,10", "3,20", "4,30"])
    }

    @Test func aDiamondOfZippedInputsStaysInStep() {
        let source = MutableValueNode(1)
        let zipped = source.map { $0 }.zip(source.map { -$0 })
        for value in 2 ... 5 {
            source.value = value
            #expect(zipped.value.map { [$0.0, $0.1] } == [value, -value])
        }
    }
}
