import WeftCore

/// A sequence of lengths (one per item of a section, along the scroll axis) that
/// inserts, removes and answers prefix sums and "first item past an offset" in
/// O(log *m*) expected time for *m* items.
///
/// A list layout keeps one per section. A Fenwick tree would answer the queries
/// as fast but pays O(*m*) for every insert or delete, which at a million items
/// in one section is the full rebuild this module exists to avoid. So this is an
/// implicit treap: a binary tree in item order whose nodes also carry random
/// priorities kept in heap order, which keeps its expected depth O(log *m*);
/// every node caches its subtree's item count and length sum. Nodes live in one
/// array (indexes, not references), so the tree costs no allocation per item and
/// no reference counting while it is walked.
///
/// An item may be *estimated* (a lazy collection's item not measured yet): it
/// takes the sequence's ``estimate``, which nodes do not store. Each node caches
/// its subtree's measured sum and estimated count instead, so a subtree is
/// `sum + estimated * estimate` long and a new estimate costs O(1), however many
/// items take it.
struct _LengthSequence {
    private struct Node {
        var left: Int32
        var right: Int32
        var priority: UInt32
        var size: Int32
        /// The measured length, or `estimatedMark` for an estimated item.
        var length: Double
        /// The measured lengths of the subtree.
        var sum: Double
        /// The estimated items of the subtree.
        var estimated: Int32
    }

    private static let estimatedMark = -1.0

    /// The length of every estimated item.
    var estimate: Double

    private static let none: Int32 = -1

    private var nodes: [Node] = []
    private var freeSlots: [Int32] = []
    private var root: Int32 = none
    /// Priorities; seeded, so layouts are reproducible.
    private var random: SplitMix64

    /// Builds the sequence in O(*m*); `nil` lengths are estimated.
    init(_ lengths: [Double?] = [], estimate: Double = 0, seed: UInt64 = 0x5EED) {
        self.estimate = estimate
        random = SplitMix64(seed: seed)
        nodes.reserveCapacity(lengths.count)
        // Build the Cartesian tree of random priorities over the items in order:
        // one pass with a stack holding the right spine.
        var spine: [Int32] = []
        for length in lengths {
            let index = makeNode(length)
            var last = Self.none
            while let top = spine.last, nodes[Int(top)].priority < nodes[Int(index)].priority {
                last = spine.removeLast()
            }
            nodes[Int(index)].left = last
            if let top = spine.last { nodes[Int(top)].right = index }
            spine.append(index)
        }
        root = spine.first ?? Self.none
        if root != Self.none { refreshSubtree(root) }
    }

    /// The number of items. O(1).
    var count: Int { root == Self.none ? 0 : Int(nodes[Int(root)].size) }

    /// The sum of every length. O(1).
    var total: Double { total(root) }

    /// The number of estimated items. O(1).
    var estimatedCount: Int { estimated(root) }

    /// The length of the item at `index`. O(log *m*) expected.
    func length(at index: Int) -> Double {
        var node = root
        var remaining = index
        while true {
            let left = nodes[Int(node)].left
            let leftSize = size(left)
            if remaining < leftSize {
                node = left
            } else if remaining == leftSize {
                return length(of: node)
            } else {
                remaining -= leftSize + 1
                node = nodes[Int(node)].right
            }
        }
    }

    /// The sum of the first `count` lengths. O(log *m*) expected.
    func prefix(_ count: Int) -> Double {
        var node = root
        var remaining = count
        var sum = 0.0
        while node != Self.none, remaining > 0 {
            let left = nodes[Int(node)].left
            let leftSize = size(left)
            if remaining <= leftSize {
                node = left
            } else {
                sum += total(left) + length(of: node)
                remaining -= leftSize + 1
                node = nodes[Int(node)].right
            }
        }
        return sum
    }

    /// The largest `n` in `0 ... count` whose prefix sum is at most `bound`
    /// (`orEqual`) or under it; 0 when even the empty prefix is not. O(log *m*) expected.
    func leadingCount(withPrefixBelow bound: Double, orEqual: Bool) -> Int {
        var node = root
        var remaining = bound
        var found = 0
        while node != Self.none {
            let left = nodes[Int(node)].left
            let through = total(left) + length(of: node)
            if orEqual ? through <= remaining : through < remaining {
                found += size(left) + 1
                remaining -= through
                node = nodes[Int(node)].right
            } else {
                node = left
            }
        }
        return found
    }

    /// Inserts an item of `length` (estimated if `nil`) so that it has index
    /// `index`. O(log *m*) expected.
    mutating func insert(_ length: Double?, at index: Int) {
        let (before, after) = split(root, index)
        root = merge(merge(before, makeNode(length)), after)
    }

    /// Removes the item at `index` and returns its length. O(log *m*) expected.
    @discardableResult
    mutating func remove(at index: Int) -> Double {
        let (before, rest) = split(root, index)
        let (single, after) = split(rest, 1)
        let length = length(of: single)
        freeSlots.append(single)
        root = merge(before, after)
        return length
    }

    /// Replaces the length of the item at `index` (`nil`: estimated). O(log *m*) expected.
    mutating func setLength(_ length: Double?, at index: Int) {
        let (before, rest) = split(root, index)
        let (single, after) = split(rest, 1)
        nodes[Int(single)].length = length ?? Self.estimatedMark
        refresh(single)
        root = merge(merge(before, single), after)
    }

    // MARK: Treap primitives

    private func size(_ node: Int32) -> Int { node == Self.none ? 0 : Int(nodes[Int(node)].size) }
    private func sum(_ node: Int32) -> Double { node == Self.none ? 0 : nodes[Int(node)].sum }
    private func estimated(_ node: Int32) -> Int { node == Self.none ? 0 : Int(nodes[Int(node)].estimated) }
    private func total(_ node: Int32) -> Double { sum(node) + Double(estimated(node)) * estimate }
    private func length(of node: Int32) -> Double {
        let length = nodes[Int(node)].length
        return length == Self.estimatedMark ? estimate : length
    }

    private mutating func nextPriority() -> UInt32 {
        UInt32(truncatingIfNeeded: random.next())
    }

    private mutating func makeNode(_ length: Double?) -> Int32 {
        let node = Node(
            left: Self.none, right: Self.none, priority: nextPriority(), size: 1, length: length ?? Self.estimatedMark,
            sum: length ?? 0, estimated: length == nil ? 1 : 0)
        if let slot = freeSlots.popLast() {
            nodes[Int(slot)] = node
            return slot
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    private mutating func refresh(_ node: Int32) {
        let left = nodes[Int(node)].left, right = nodes[Int(node)].right
        let length = nodes[Int(node)].length, isEstimated = length == Self.estimatedMark
        nodes[Int(node)].size = Int32(size(left) + size(right) + 1)
        nodes[Int(node)].sum = sum(left) + (isEstimated ? 0 : length) + sum(right)
        nodes[Int(node)].estimated = Int32(estimated(left) + estimated(right) + (isEstimated ? 1 : 0))
    }

    /// Recomputes sizes and sums bottom-up after a bulk build (post-order, iterative).
    private mutating func refreshSubtree(_ top: Int32) {
        var order: [Int32] = []
        order.reserveCapacity(nodes.count)
        var pending: [Int32] = [top]
        while let node = pending.popLast() {
            order.append(node)
            if nodes[Int(node)].left != Self.none { pending.append(nodes[Int(node)].left) }
            if nodes[Int(node)].right != Self.none { pending.append(nodes[Int(node)].right) }
        }
        for node in order.reversed() { refresh(node) }
    }

    /// Splits `node`'s subtree into its first `count` items and the rest.
    private mutating func split(_ node: Int32, _ count: Int) -> (Int32, Int32) {
        guard node != Self.none else { return (Self.none, Self.none) }
        let left = nodes[Int(node)].left
        if count <= size(left) {
            let (a, b) = split(left, count)
            nodes[Int(node)].left = b
            refresh(node)
            return (a, node)
        }
        let (a, b) = split(nodes[Int(node)].right, count - size(left) - 1)
        nodes[Int(node)].right = a
        refresh(node)
        return (node, b)
    }

    /// Joins two subtrees, every item of `first` before every item of `second`.
    private mutating func merge(_ first: Int32, _ second: Int32) -> Int32 {
        if first == Self.none { return second }
        if second == Self.none { return first }
        if nodes[Int(first)].priority >= nodes[Int(second)].priority {
            nodes[Int(first)].right = merge(nodes[Int(first)].right, second)
            refresh(first)
            return first
        }
        nodes[Int(second)].left = merge(first, nodes[Int(second)].left)
        refresh(second)
        return second
    }

    #if WEFT_INTERNAL_CHECKS
    /// Traps unless the heap order of priorities, the cached sizes and the
    /// cached sums hold at every node. O(*m*).
    func _checkInvariants() {
        var pending: [Int32] = root == Self.none ? [] : [root]
        var visited = 0
        while let node = pending.popLast() {
            visited += 1
            let value = nodes[Int(node)]
            let isEstimated = value.length == Self.estimatedMark
            precondition(value.length >= 0 || isEstimated, "length \(value.length) is negative")
            precondition(Int(value.size) == size(value.left) + size(value.right) + 1, "cached size is stale")
            precondition(Int(value.estimated) == estimated(value.left) + estimated(value.right) + (isEstimated ? 1 : 0),
                         "cached estimated count is stale")
            let expected = sum(value.left) + (isEstimated ? 0 : value.length) + sum(value.right)
            precondition(abs(value.sum - expected) <= 1e-9 * max(1, abs(expected)), "cached sum is stale")
            for child in [value.left, value.right] where child != Self.none {
                precondition(nodes[Int(child)].priority <= value.priority, "priorities out of heap order")
                pending.append(child)
            }
        }
        precondition(visited == count, "\(visited) nodes reachable, \(count) counted")
        precondition(nodes.count - freeSlots.count == count, "\(nodes.count - freeSlots.count) live slots for \(count) items")
    }
    #else
    @inline(__always)
    func _checkInvariants() {}
    #endif
}
