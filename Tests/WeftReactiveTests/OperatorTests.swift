import Testing
import WeftReactive

/// The single-input operators: each returns a new node whose values follow from this
/// node's, starting from its current value.
@Suite struct OperatorTests {
    /// Listens to `node` for as long as `owner` lives and records what arrives.
    func record<Value>(_ node: ValueNode<Value>, owner: Owner) -> Recorder<Value> {
        let recorder = Recorder<Value>()
        node.listen(owner: owner) { recorder.append($0) }
        return recorder
    }

    @Test func mutableNodeStoresAndEmpties() {
        let node = MutableValueNode<Int>()
        #expect(node.value == nil)
        node.value = 3
        #expect(node.value == 3)
        node.value = nil
        #expect(node.value == nil)
        let constant = ValueNode("fixed")
        #expect(constant.value == "fixed")
        #expect(ValueNode<Int>().value == nil)
    }

    @Test func anOptionalValueIsStoredWithSomeNil() {
        let node = MutableValueNode<Int?>(1)
        node.value = .some(nil)
        #expect(node.value == .some(nil))
        node.value = nil
        #expect(node.value == nil)
    }

    @Test func emptyingReachesNoOneAndKeepsDownstreamValues() {
        let owner = Owner()
        let source = MutableValueNode(1)
        let doubled = source.map { $0 * 2 }
        let received = record(doubled, owner: owner)
        source.value = nil
        #expect(source.value == nil)
        #expect(doubled.value == 2)
        #expect(received.values == [2])
        source.value = 5
        #expect(received.values == [2, 10])
    }

    @Test func listenersStartWithTheCurrentValueOnlyIfThereIsOne() {
        let owner = Owner()
        let empty = MutableValueNode<Int>()
        let full = MutableValueNode(7)
        let fromEmpty = record(empty, owner: owner)
        let fromFull = record(full, owner: owner)
        #expect(fromEmpty.values.isEmpty)
        #expect(fromFull.values == [7])
        empty.value = 1
        #expect(fromEmpty.values == [1])
    }

    @Test func forkCopies() {
        let owner = Owner()
        let source = MutableValueNode("a")
        let copy = source.fork()
        let received = record(copy, owner: owner)
        source.value = "b"
        #expect(received.values == ["a", "b"])
        copy._checkInvariants()
    }

    @Test func mapTransformsEveryValue() {
        let owner = Owner()
        let source = MutableValueNode(2)
        let text = source.map { "#\($0)" }
        let received = record(text, owner: owner)
        source.value = 3
        source.value = 3
        #expect(received.values == ["#2", "#3", "#3"])
        #expect(text.value == "#3")
    }

    @Test func operatorsOnAnEmptyNodeStartEmpty() {
        let source = MutableValueNode<Int>()
        let mapped = source.map { $0 + 1 }
        let scanned = source.scan(0, +)
        #expect(mapped.value == nil)
        #expect(scanned.value == nil)
        source.value = 1
        #expect(mapped.value == 2)
        #expect(scanned.value == 1)
    }

    @Test func filterTakesMatchingValues() {
        let owner = Owner()
        let source = MutableValueNode(1)
        let even = source.filter { $0.isMultiple(of: 2) }
        let received = record(even, owner: owner)
        #expect(even.value == nil)
        for value in 2 ... 6 {
            source.value = value
        }
        #expect(received.values == [2, 4, 6])
    }

    @Test func skipDropsTheFirstValuesIncludingTheCurrentOne() {
        let owner = Owner()
        let source = MutableValueNode(0)
        let skipped = source.skip(2)
        let received = record(skipped, owner: owner)
        for value in 1 ... 4 {
            source.value = value
        }
        #expect(received.values == [2, 3, 4])
        #expect(MutableValueNode(0).skip(-1).value == 0)
    }

    @Test func takeKeepsTheFirstValuesIncludingTheCurrentOne() {
        let owner = Owner()
        let source = MutableValueNode(0)
        let taken = source.take(2)
        let received = record(taken, owner: owner)
        for value in 1 ... 4 {
            source.value = value
        }
        #expect(received.values == [0, 1])
        #expect(taken.value == 1)
        #expect(MutableValueNode(0).take(0).value == nil)
    }

    @Test func ignoreAndSelectCompareWithEquality() {
        let owner = Owner()
        let source = MutableValueNode("x")
        let ignored = record(source.ignore("x"), owner: owner)
        let selected = record(source.select("x"), owner: owner)
        for value in ["y", "x", "z", "x"] {
            source.value = value
        }
        #expect(ignored.values == ["y", "z"])
        #expect(selected.values == ["x", "x", "x"])
    }

    @Test func distinctUntilChangedDropsRepeats() {
        let owner = Owner()
        let source = MutableValueNode(1)
        let distinct = source.distinctUntilChanged()
        let received = record(distinct, owner: owner)
        for value in [1, 1, 2, 2, 2, 1, 3, 3] {
            source.value = value
        }
        #expect(received.values == [1, 2, 1, 3])
    }

    @Test func scanAccumulates() {
        let owner = Owner()
        let source = MutableValueNode(1)
        let sums = source.scan(10) { $0 + $1 }
        let received = record(sums, owner: owner)
        source.value = 2
        source.value = 3
        #expect(received.values == [11, 13, 16])
        let lengths = source.scan("") { $0 + String($1) }
        source.value = 4
        #expect(lengths.value == "34")
    }

    @Test func operatorsChainWithoutIntermediateVariables() {
        let owner = Owner()
        let count = MutableValueNode(1)
        let label = count.map { $0 * 2 }.filter { $0 > 0 }.map { "\($0) likes" }
        let received = record(label, owner: owner)
        count.value = -5
        count.value = 21
        #expect(received.values == ["2 likes", "42 likes"])
        label._checkInvariants()
        count._checkInvariants()
    }
}
