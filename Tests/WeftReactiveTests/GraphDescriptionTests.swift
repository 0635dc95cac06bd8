import Testing
import WeftReactive

/// `graphDescription()`: the connected graph in the DOT language.
@Suite struct GraphDescriptionTests {
    final class Screen: ListenerOwner {
        let listenerBag = ListenerBag()
    }

    @Test func describesNodesEdgesListenersAndBackEdges() {
        let screen = Screen()
        let count = MutableValueNode(1)
        let label = count.map { "\($0) \"likes\"" }
        label.listen(owner: screen) { _ in }
        let echo = MutableValueNode(0)
        let sync = count.sync(with: echo)
        let dot = label.graphDescription()
        #expect(dot.hasPrefix("digraph WeftReactive {"))
        #expect(dot.hasSuffix("}"))
        #expect(dot.contains("MutableValueNode<Int>\\n0"))
        #expect(dot.contains("ValueNode<String>\\n0 \\\"likes\\\""))
        #expect(dot.contains("[label=\"map\"]"))
        #expect(dot.contains("[label=\"sync\"]"))
        #expect(dot.contains("[label=\"sync\", style=dashed]"))
        #expect(dot.contains("label=\"listener\\nowner: Screen\""))
        #expect(dot.contains("[style=dotted]"))
        let nodeLines = dot.split(separator: "\n").filter { $0.contains("[label=\"#") }
        #expect(nodeLines.count == 3)
        // The same graph, described from any of its nodes.
        #expect(echo.graphDescription() == dot)
        sync.cancel()
        #expect(!label.graphDescription().contains("sync"))
        withExtendedLifetime(screen) {}
    }

    @Test func anEmptyNodeSaysSo() {
        let node = ValueNode<Double>()
        #expect(node.graphDescription().contains("ValueNode<Double>\\nempty"))
    }
}
