import Testing
import WeftReactive

/// Hand-built transforms (EasyReact's `EZRMapTransform`, seed 003): ends set and
/// cleared at any time, and the seed's three-node ring, which lives until one
/// edge is detached.
@Suite struct MapTransformTests {
    @Test func aTransformLinksItsEndsWhileBothAreSet() {
        let a = MutableValueNode(1)
        let b = ValueNode<Int>()
        let double = MapTransform<Int, Int> { $0 * 2 }
        double.from = a
        #expect(!double.isAttached && b.value == nil)
        double.to = b
        #expect(double.isAttached && b.value == 2, "the new link carries a's value at once")
        a.value = 5
        #expect(b.value == 10)
        let c = MutableValueNode(100)
        double.from = c
        #expect(b.value == 200)
        a.value = 6
        #expect(b.value == 200, "the old end no longer feeds b")
        double.from = nil
        c.value = 7
        #expect(!double.isAttached && b.value == 200)
        b._checkInvariants()
    }

    /// The seed's example: a to b (times 2), b to c (as text), c to a (halved).
    /// The ring keeps its three nodes alive with nothing else holding them, until
    /// `aToB.from = nil` breaks it; then all three are released.
    @Test func theSeedsThreeNodeRingLeaksUntilOneEdgeIsDetached() {
        var aToB: MapTransform<Int, Int>?
        weak var weakA: MutableValueNode<Int>?
        weak var weakB: ValueNode<Int>?
        weak var weakC: ValueNode<String>?
        weak var bToC: MapTransform<Int, String>?
        weak var cToA: MapTransform<String, Int>?
        do {
            let ring = SeedRing()
            (weakA, weakB, weakC, aToB, bToC, cToA) = (ring.a, ring.b, ring.c, ring.aToB, ring.bToC, ring.cToA)
            ring.a.value = 21
            #expect(ring.b.value == 42 && ring.c.value == "42" && ring.a.value == 21, "a wave stops where it started")
        }
        #expect(weakA != nil && weakB != nil && weakC != nil, "the ring keeps its nodes alive")
        #expect(bToC?.from === weakB && cToA?.to === weakA, "and its transforms, which their to nodes own")
        aToB?.from = nil
        #expect(weakA == nil && weakB == nil && weakC == nil, "one edge detached releases the ring")
        #expect(bToC == nil && cToA == nil)
    }

    @Test func detachingClearsBothEnds() {
        let a = MutableValueNode(3)
        let b = ValueNode<Int>()
        let copy = MapTransform<Int, Int> { $0 }
        copy.from = a
        copy.to = b
        copy.detach()
        a.value = 4
        #expect(copy.from == nil && copy.to == nil && b.value == 3)
    }
}
