import WeftReactive

/// Seed 003's ring of hand-made transforms: a to b doubles, b to c as text, c to
/// a halves. Each transform is owned by its `to` node, so the ring keeps its
/// nodes and transforms alive with nothing else holding them.
struct SeedRing {
    let a = MutableValueNode(0)
    let b = ValueNode<Int>()
    let c = ValueNode<String>()
    let aToB = MapTransform<Int, Int> { $0 * 2 }
    let bToC = MapTransform<Int, String> { String($0) }
    let cToA = MapTransform<String, Int> { (Int($0) ?? 0) / 2 }

    init() {
        aToB.from = a
        aToB.to = b
        bToC.from = b
        bToC.to = c
        cToA.from = c
        cToA.to = a
    }
}
