import Testing
import WeftReactive

/// The usage from the issue, verbatim, with the comments turned into checks.
@Suite struct IssueUsageTests {
    final class Cell { var text = "" }

    @Test func issueUsageCompilesAndWorks() {
        weak var weakCell: Cell?
        weak var weakLabel: ValueNode<String>?
        weak var weakMiddle: ValueNode<Int>?
        weak var weakFirst: ValueNode<Int>?
        let count = MutableValueNode(1)
        do {
            let label = count.map { $0 * 2 }.filter { $0 > 0 }.map { "\($0) likes" }
            var cell: Cell? = Cell()
            let cancelable = label.listen(owner: cell!) { [weak cell] text in cell?.text = text }
            #expect(cell?.text == "2 likes")  // the listener receives the current value at once
            count.value = 21
            #expect(cell?.text == "42 likes")
            weakCell = cell
            weakLabel = label
            weakMiddle = label._upstreamNodes.first as? ValueNode<Int>
            weakFirst = weakMiddle?._upstreamNodes.first as? ValueNode<Int>
            #expect(weakMiddle != nil && weakFirst != nil)
            cell = nil
            #expect(weakCell == nil)
            _ = cancelable
        }
        // `label` is out of scope and its owner is dead: the next wave through the chain
        // finds the dead owner and releases the listen edge, the label, the two
        // intermediate nodes and their transforms.
        count.value = 22
        #expect(weakLabel == nil)
        #expect(weakMiddle == nil)
        #expect(weakFirst == nil)
        count._checkInvariants()
    }
}
