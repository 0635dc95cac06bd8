import Testing
import WeftReactive

/// The usage from the issue, with the comments turned into checks; the cell owns
/// its listeners, as EasyReact's owners do.
@Suite struct IssueUsageTests {
    final class Cell: ListenerOwner {
        let listenerBag = ListenerBag()
        var text = ""
    }

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
        // `label` is out of scope and its owner died: the listen edge, the label, the
        // two intermediate nodes and their transforms died with it, before any set.
        #expect(weakLabel == nil)
        #expect(weakMiddle == nil)
        #expect(weakFirst == nil)
        count._checkInvariants()
    }
}
