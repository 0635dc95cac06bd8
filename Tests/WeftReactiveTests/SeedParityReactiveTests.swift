import Testing
import WeftReactive

/// Statements of EasyReact's memory-management guide (seed 003) that no other test
/// proved directly; docs/SEED-PARITY.md cites each one.
@Suite struct SeedParityReactiveTests {
    /// E3, E12: "Node ==MapTransform==> MappedNode ==FilterTransform==> FilteredNode",
    /// three nodes and two transforms, the middle node without a variable.
    @Test func mapThenFilterMakesThreeNodesAndTwoTransformEdges() {
        let node = MutableValueNode(1)
        let filtered = node.map { $0 * 2 }.filter { $0 > 0 }
        let lines = filtered.graphDescription().split(separator: "\n")
        let nodeLines = lines.filter { $0.contains("[label=\"#") }
        let edgeLines = lines.filter { $0.contains(" -> ") }
        #expect(nodeLines.count == 3)
        #expect(edgeLines.count == 2)
        #expect(edgeLines.filter { $0.contains("[label=\"map\"]") }.count == 1)
        #expect(edgeLines.filter { $0.contains("[label=\"filter\"]") }.count == 1)
        #expect(filtered.value == 2)
    }

    /// E7, E8, E15: a listen edge holds its node strongly and its owner weakly, and
    /// the node does not hold the edge, so the owner's death releases both.
    @Test func aListenEdgeHoldsItsNodeButNotItsOwner() {
        weak var weakOwner: Owner?
        weak var weakNode: ValueNode<Int>?
        var owner: Owner? = Owner()
        weakOwner = owner
        do {
            let node = MutableValueNode(1).map { $0 + 1 }
            weakNode = node
            node.listen(owner: owner!) { _ in }
        }
        #expect(weakNode != nil, "the listen edge holds its node")
        #expect(weakOwner != nil)
        owner = nil
        #expect(weakOwner == nil, "nothing in the graph holds the owner")
        #expect(weakNode == nil, "and its death released the edge and the node")
    }

    /// E17: a handler that captures its owner strongly closes a cycle, owner ->
    /// bag -> listen edge -> handler -> owner, which lives until it is cancelled.
    @Test func aHandlerThatCapturesItsOwnerKeepsItAliveUntilCancelled() {
        let node = MutableValueNode(0)
        weak var weakOwner: Owner?
        let cancelable: Cancelable
        do {
            let owner = Owner()
            weakOwner = owner
            cancelable = node.listen(owner: owner) { _ in withExtendedLifetime(owner) {} }
        }
        #expect(weakOwner != nil, "the handler keeps its owner alive")
        cancelable.cancel()
        #expect(weakOwner == nil, "cancelling releases the edge, its handler and the owner")
        node._checkInvariants()
    }

    /// E22: the seed's three-node ring of transforms also ends with
    /// `[nodeA removeDownstreamNode:nodeB]`, here `removeDownstream(_:)`.
    @Test func theSeedsThreeNodeRingIsAlsoReleasedByRemovingADownstreamNode() {
        weak var weakA: MutableValueNode<Int>?
        weak var weakB: ValueNode<Int>?
        weak var weakC: ValueNode<String>?
        do {
            let ring = SeedRing()
            ring.a.value = 21
            #expect(ring.b.value == 42 && ring.c.value == "42")
            (weakA, weakB, weakC) = (ring.a, ring.b, ring.c)
        }
        #expect(weakA != nil && weakB != nil && weakC != nil, "the ring keeps its nodes alive")
        if let a = weakA, let b = weakB {
            a.removeDownstream(b)
        }
        #expect(weakA == nil && weakB == nil && weakC == nil, "removing a's link to b releases the ring")
    }
}
