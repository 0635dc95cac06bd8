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
/// takes the sequence's ``estimate``, which nodes do not store. Consecutive
/// estimated items share one node, a *run*, so a section of a million items not
/// measured yet is one node, built in O(1); reaching into a run splits it. Each
/// node caches its subtree's measured sum and estimated count, so a subtree is
/// `sum + estimated * estimate` long and a new estimate costs O(1), however many
/// items take it.
package struct _LengthSequence {
    fileprivate struct Node {
        var left: Int32
        var right: Int32
        var priority: UInt32
        /// The items of the subtree.
        var size: Int32
        /// The items this node stands for: 1, or more for a run of estimated items.
        var count: Int32
        /// The estimated items of the subtree.
        var estimated: Int32
        /// The measured length, or `estimatedMark` for estimated items.
        var length: Double
        /// The measured lengths of the subtree.
        var sum: Double
    }

    fileprivate static let estimatedMark = -1.0
    fileprivate static let none: Int32 = -1

    /// The length of every estimated item.
    package var estimate: Double

    private var nodes: [Node] = []
    private var freeSlots: [Int32] = []
    private var root: Int32 = none
    /// Priorities; seeded, so layouts are reproducible.
    private var random: SplitMix64

    /// Builds the sequence in O(*m*); `nil` lengths are estimated, and each run
    /// of them becomes one node.
    package init(_ lengths: [Double?] = [], estimate: Double = 0, seed: UInt64 = 0x5EED) {
        self.init(
            count: lengths.count, estimate: estimate, seed: seed,
            measured: lengths.enumerated().compactMap { index, length in length.map { (index, $0) } })
    }

    /// Builds a sequence of `count` items, estimated except those `measured`
    /// lists (ascending indexes), in O(*p*) for the *p* measured items.
    package init(count: Int, estimate: Double, seed: UInt64 = 0x5EED, measured: [(index: Int, length: Double)]) {
        // A measured item is a node, and so is each run of estimated items
        // around them. Counted exactly: a feed measured whole would reserve
        // twice the memory it fills.
        var capacity = measured.count, next = 0
        for (index, _) in measured {
            if index > next { capacity += 1 }
            next = index + 1
        }
        if next < count { capacity += 1 }
        self.init(count: count, estimate: estimate, seed: seed, nodeCapacity: capacity) { appender in
            for (index, length) in measured { appender.append(index: index, length: length) }
        }
    }

    /// Builds a sequence of `count` items, estimated except those `measure`
    /// appends (ascending indexes, at most `limit` of them), in O(*p*) for
    /// the *p* measured items, without gathering them first: a section of a
    /// million measured items would gather 16 MB.
    package init(
        count: Int, estimate: Double, seed: UInt64 = 0x5EED, measuredAtMost limit: Int,
        _ measure: (inout Appender) -> Void
    ) {
        let measured = Swift.max(0, Swift.min(limit, count))
        self.init(count: count, estimate: estimate, seed: seed, nodeCapacity: 2 * measured + 1, measure)
    }

    private init(count: Int, estimate: Double, seed: UInt64, nodeCapacity: Int, _ measure: (inout Appender) -> Void) {
        self.estimate = estimate
        var random = SplitMix64(seed: seed)
        var root = Self.none
        // At least one slot, so that the buffer has an address even for no items.
        nodes = [Node](unsafeUninitializedCapacity: Swift.max(nodeCapacity, 1)) { buffer, initialized in
            _adviseHugePages(UnsafeMutableRawBufferPointer(buffer))
            var appender = Appender(
                builder: _Builder(nodes: buffer.baseAddress!, capacity: nodeCapacity, random: random), count: count)
            measure(&appender)
            appender.finish()
            root = appender.builder.finishSpine()
            initialized = appender.builder.count
            random = appender.builder.random
        }
        self.root = root
        self.random = random
    }

    /// Takes the measured items of a sequence being built, in ascending order
    /// of their indexes; the items between them are estimated.
    package struct Appender {
        fileprivate var builder: _Builder
        private let count: Int
        private var next = 0

        fileprivate init(builder: _Builder, count: Int) {
            self.builder = builder
            self.count = count
        }

        /// Adds the item at `index`, measured `length` long. Traps unless
        /// `index` is past the last one added and within the sequence.
        package mutating func append(index: Int, length: Double) {
            precondition(index >= next && index < count, "measured items out of order")
            if index > next { builder.append(_LengthSequence.estimatedMark, count: index - next) }
            builder.append(length, count: 1)
            next = index + 1
        }

        /// Adds the estimated run after the last measured item.
        fileprivate mutating func finish() {
            if next < count { builder.append(_LengthSequence.estimatedMark, count: count - next) }
            next = count
        }
    }

    /// Writes a treap's nodes in item order in one pass: the Cartesian tree of
    /// their random priorities, built with a stack holding its right spine. A
    /// node leaves the spine with both subtrees final, so its cached size, sum
    /// and estimated count are taken then. Raw pointers, because this loop is
    /// the whole cost of laying out a section of a million measured items: an
    /// array's bounds and uniqueness checks on every access tripled it.
    fileprivate struct _Builder {
        let nodes: UnsafeMutablePointer<Node>
        let capacity: Int
        /// The right spine, root first; the deepest node is on top.
        private var spine: [Int32] = []
        private(set) var count = 0
        private(set) var random: SplitMix64

        init(nodes: UnsafeMutablePointer<Node>, capacity: Int, random: SplitMix64) {
            self.nodes = nodes
            self.capacity = capacity
            self.random = random
            spine.reserveCapacity(64)
        }

        /// Appends a node of `count` items of `length` (`estimatedMark`: a run
        /// of estimated items).
        mutating func append(_ length: Double, count items: Int) {
            precondition(count < capacity, "more measured items than the sequence was built for")
            let priority = UInt32(truncatingIfNeeded: random.next())
            let index = Int32(count)
            var last = _LengthSequence.none
            while let top = spine.last, nodes[Int(top)].priority < priority {
                last = spine.removeLast()
                finish(last)
            }
            let isEstimated = length == _LengthSequence.estimatedMark
            (nodes + count).initialize(to: Node(
                left: last, right: _LengthSequence.none, priority: priority, size: Int32(items), count: Int32(items),
                estimated: isEstimated ? Int32(items) : 0, length: length, sum: isEstimated ? 0 : length))
            if let top = spine.last { nodes[Int(top)].right = index }
            spine.append(index)
            count += 1
        }

        /// Finishes the nodes left on the spine and returns the root.
        mutating func finishSpine() -> Int32 {
            for node in spine.reversed() { finish(node) }
            return spine.first ?? _LengthSequence.none
        }

        /// Takes the cached values of `node`, whose subtrees are final.
        private func finish(_ node: Int32) {
            let n = nodes + Int(node)
            let left = n.pointee.left, right = n.pointee.right
            let isEstimated = n.pointee.length == _LengthSequence.estimatedMark
            var size = n.pointee.count, estimated = isEstimated ? n.pointee.count : 0
            var sum = 0.0
            if left != _LengthSequence.none {
                size += nodes[Int(left)].size
                estimated += nodes[Int(left)].estimated
                sum = nodes[Int(left)].sum
            }
            sum += isEstimated ? 0 : n.pointee.length
            if right != _LengthSequence.none {
                size += nodes[Int(right)].size
                estimated += nodes[Int(right)].estimated
                sum += nodes[Int(right)].sum
            }
            n.pointee.size = size
            n.pointee.estimated = estimated
            n.pointee.sum = sum
        }
    }

    /// The number of items. O(1).
    package var count: Int { size(root) }

    /// The sum of every length. O(1).
    package var total: Double { total(root) }

    /// The number of estimated items. O(1).
    package var estimatedCount: Int { estimated(root) }

    /// The length of the item at `index`. O(log *m*) expected.
    package func length(at index: Int) -> Double {
        var node = root
        var remaining = index
        while true {
            let left = nodes[Int(node)].left
            let leftSize = size(left)
            if remaining < leftSize {
                node = left
            } else if remaining < leftSize + Int(nodes[Int(node)].count) {
                return unitLength(of: node)
            } else {
                remaining -= leftSize + Int(nodes[Int(node)].count)
                node = nodes[Int(node)].right
            }
        }
    }

    /// The sum of the first `count` lengths. O(log *m*) expected.
    package func prefix(_ count: Int) -> Double {
        var node = root
        var remaining = count
        var sum = 0.0
        while node != Self.none, remaining > 0 {
            let left = nodes[Int(node)].left
            let leftSize = size(left)
            if remaining <= leftSize {
                node = left
            } else {
                let taken = min(remaining - leftSize, Int(nodes[Int(node)].count))
                sum += total(left) + Double(taken) * unitLength(of: node)
                remaining -= leftSize + taken
                node = nodes[Int(node)].right
            }
        }
        return sum
    }

    /// The largest `n` in `0 ... count` whose prefix sum is at most `bound`
    /// (`orEqual`) or under it; 0 when even the empty prefix is not. O(log *m*) expected.
    package func leadingCount(withPrefixBelow bound: Double, orEqual: Bool) -> Int {
        func fits(_ length: Double, _ limit: Double) -> Bool { orEqual ? length <= limit : length < limit }
        var node = root
        var remaining = bound
        var found = 0
        while node != Self.none {
            let left = nodes[Int(node)].left
            let count = Int(nodes[Int(node)].count)
            let unit = unitLength(of: node)
            let leftTotal = total(left)
            let through = leftTotal + Double(count) * unit
            if fits(through, remaining) {
                found += size(left) + count
                remaining -= through
                node = nodes[Int(node)].right
            } else if count > 1, fits(leftTotal, remaining) {
                // Part of a run: the most of its items whose lengths fit after the left subtree.
                let room = remaining - leftTotal
                let estimateOfTaken = unit > 0 ? (room / unit).rounded(.down) : Double(count)
                var taken = max(0, min(count - 1, Int(min(estimateOfTaken, Double(count)))))
                while taken > 0, !fits(Double(taken) * unit, room) { taken -= 1 }
                while taken + 1 < count, fits(Double(taken + 1) * unit, room) { taken += 1 }
                return found + size(left) + taken
            } else {
                node = left
            }
        }
        return found
    }

    /// Inserts an item of `length` (estimated if `nil`) so that it has index
    /// `index`. O(log *m*) expected.
    package mutating func insert(_ length: Double?, at index: Int) {
        cut(at: index)
        let (before, after) = split(root, index)
        root = merge(merge(before, makeNode(length)), after)
    }

    /// Removes the item at `index` and returns its length. O(log *m*) expected.
    @discardableResult
    package mutating func remove(at index: Int) -> Double {
        cut(at: index)
        cut(at: index + 1)
        let (before, rest) = split(root, index)
        let (single, after) = split(rest, 1)
        let length = unitLength(of: single)
        freeSlots.append(single)
        root = merge(before, after)
        return length
    }

    /// Replaces the length of the item at `index` (`nil`: estimated). O(log *m*) expected.
    package mutating func setLength(_ length: Double?, at index: Int) {
        cut(at: index)
        cut(at: index + 1)
        let (before, rest) = split(root, index)
        let (single, after) = split(rest, 1)
        nodes[Int(single)].length = length ?? Self.estimatedMark
        refresh(single)
        root = merge(merge(before, single), after)
    }

    // MARK: Bulk edits

    /// Removes the items at `removals` (distinct indexes into the sequence as
    /// it is, any order), then inserts `insertions` (ascending, distinct indexes
    /// of the result; a `nil` length is estimated), rebuilding the tree in one
    /// pass: O(*m* + *k* log *k*) for *m* items and *k* edits. Editing one item
    /// at a time costs O(*k* log *m*) with a treap's constants, about 2.7 µs an
    /// edit at 100k items, so this wins once the edits are more than about one
    /// per hundred items.
    package mutating func rebuild(removing removals: [Int], inserting insertions: [(index: Int, length: Double?)]) {
        let removed = removals.sorted()
        var measured: [(index: Int, length: Double)] = []
        measured.reserveCapacity(count - estimatedCount + insertions.count)
        // One walk in item order over the nodes (a measured item each, or a
        // run of estimated ones), with the insertions merged in as their
        // indexes come due. Plain locals and no nested functions: a captured
        // variable is boxed, and every access to it checked for exclusivity.
        var final = 0, nextRemoval = 0, nextInsertion = 0, old = 0
        var pending: [Int32] = []
        pending.reserveCapacity(64)
        nodes.withUnsafeBufferPointer { nodes in
            var node = root
            while node != Self.none || !pending.isEmpty {
                while node != Self.none {
                    pending.append(node)
                    node = nodes[Int(node)].left
                }
                let current = Int(pending.removeLast())
                node = nodes[current].right
                let nodeCount = Int(nodes[current].count), length = nodes[current].length
                var remaining = nodeCount
                while nextRemoval < removed.count && removed[nextRemoval] < old + nodeCount {
                    nextRemoval += 1
                    remaining -= 1
                }
                old += nodeCount
                while remaining > 0 {
                    while nextInsertion < insertions.count && insertions[nextInsertion].index == final {
                        if let inserted = insertions[nextInsertion].length { measured.append((final, inserted)) }
                        final += 1
                        nextInsertion += 1
                    }
                    if length != Self.estimatedMark {
                        measured.append((final, length))
                        final += 1
                        remaining = 0
                    } else {
                        let room = nextInsertion < insertions.count ? insertions[nextInsertion].index - final : remaining
                        let taken = min(remaining, room)
                        final += taken
                        remaining -= taken
                    }
                }
            }
        }
        while nextInsertion < insertions.count && insertions[nextInsertion].index == final {
            if let inserted = insertions[nextInsertion].length { measured.append((final, inserted)) }
            final += 1
            nextInsertion += 1
        }
        precondition(nextRemoval == removed.count && nextInsertion == insertions.count,
                     "bulk edit out of range: \(removed.count) removals, \(insertions.count) inserts into \(count) items")
        // The old nodes go first, so that the new ones can take their memory
        // rather than fault in fresh pages (megabytes at 100k items).
        let seed = random.next()
        nodes = []
        freeSlots = []
        self = _LengthSequence(count: final, estimate: estimate, seed: seed, measured: measured)
    }

    // MARK: Treap primitives

    private func size(_ node: Int32) -> Int { node == Self.none ? 0 : Int(nodes[Int(node)].size) }
    private func sum(_ node: Int32) -> Double { node == Self.none ? 0 : nodes[Int(node)].sum }
    private func estimated(_ node: Int32) -> Int { node == Self.none ? 0 : Int(nodes[Int(node)].estimated) }
    private func total(_ node: Int32) -> Double { sum(node) + Double(estimated(node)) * estimate }

    /// The length of each item the node stands for.
    private func unitLength(of node: Int32) -> Double {
        let length = nodes[Int(node)].length
        return length == Self.estimatedMark ? estimate : length
    }

    private mutating func nextPriority() -> UInt32 {
        UInt32(truncatingIfNeeded: random.next())
    }

    /// A node of one item of `length`, or of `count` estimated items.
    private mutating func makeNode(_ length: Double?, count: Int = 1) -> Int32 {
        precondition(length == nil || count == 1, "only estimated items share a node")
        let node = Node(
            left: Self.none, right: Self.none, priority: nextPriority(), size: Int32(count),
            count: Int32(count), estimated: length == nil ? Int32(count) : 0, length: length ?? Self.estimatedMark,
            sum: length ?? 0)
        if let slot = freeSlots.popLast() {
            nodes[Int(slot)] = node
            return slot
        }
        nodes.append(node)
        return Int32(nodes.count - 1)
    }

    private mutating func refresh(_ node: Int32) {
        let left = nodes[Int(node)].left, right = nodes[Int(node)].right
        let count = Int(nodes[Int(node)].count), length = nodes[Int(node)].length
        let isEstimated = length == Self.estimatedMark
        nodes[Int(node)].size = Int32(size(left) + size(right) + count)
        nodes[Int(node)].sum = sum(left) + (isEstimated ? 0 : length) + sum(right)
        nodes[Int(node)].estimated = Int32(estimated(left) + estimated(right) + (isEstimated ? count : 0))
    }

    /// Makes `index` a boundary between nodes: a run it falls inside becomes two
    /// runs, each a new node with a priority of its own, merged in as new nodes
    /// are. (Splitting the run inside ``split(_:_:)`` would have to hand the new
    /// part the run's priority to keep heap order, and a run measured front to
    /// back, as a scroll does, would become a chain as deep as the items measured.)
    /// O(log *m*) expected.
    private mutating func cut(at index: Int) {
        var node = root
        var start = 0
        while node != Self.none {
            let left = nodes[Int(node)].left
            let leftEnd = start + size(left), own = Int(nodes[Int(node)].count)
            if index < leftEnd {
                node = left
            } else if index < leftEnd + own {
                guard index > leftEnd else { return }
                let (before, rest) = split(root, leftEnd)
                let (run, after) = split(rest, own)
                freeSlots.append(run)
                let first = makeNode(nil, count: index - leftEnd)
                let second = makeNode(nil, count: leftEnd + own - index)
                root = merge(merge(merge(before, first), second), after)
                return
            } else {
                start = leftEnd + own
                node = nodes[Int(node)].right
            }
        }
    }

    /// Splits `node`'s subtree into its first `count` items and the rest, at a
    /// boundary between nodes (``cut(at:)`` makes one).
    private mutating func split(_ node: Int32, _ count: Int) -> (Int32, Int32) {
        guard node != Self.none else { return (Self.none, Self.none) }
        let left = nodes[Int(node)].left
        let leftSize = size(left), own = Int(nodes[Int(node)].count)
        if count <= leftSize {
            let (a, b) = split(left, count)
            nodes[Int(node)].left = b
            refresh(node)
            return (a, node)
        }
        if count >= leftSize + own {
            let (a, b) = split(nodes[Int(node)].right, count - leftSize - own)
            nodes[Int(node)].right = a
            refresh(node)
            return (node, b)
        }
        preconditionFailure("split at \(count) inside a run of \(own) items: cut it first")
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

    /// The depth of the tree: O(log *m*) expected, however the items were edited. O(*m*).
    package func _height() -> Int {
        var deepest = 0
        var pending: [(node: Int32, depth: Int)] = root == Self.none ? [] : [(root, 1)]
        while let (node, depth) = pending.popLast() {
            deepest = max(deepest, depth)
            for child in [nodes[Int(node)].left, nodes[Int(node)].right] where child != Self.none {
                pending.append((child, depth + 1))
            }
        }
        return deepest
    }

    #if WEFT_INTERNAL_CHECKS
    /// Traps unless the heap order of priorities and the cached sizes, counts
    /// and sums hold at every node, and only estimated items share a node. O(*m*).
    package func _checkInvariants() {
        var pending: [Int32] = root == Self.none ? [] : [root]
        var reachable = 0
        while let node = pending.popLast() {
            reachable += 1
            let value = nodes[Int(node)]
            let isEstimated = value.length == Self.estimatedMark
            precondition(value.length >= 0 || isEstimated, "length \(value.length) is negative")
            precondition(value.count >= 1 && (isEstimated || value.count == 1), "a node of \(value.count) measured items")
            precondition(Int(value.size) == size(value.left) + size(value.right) + Int(value.count), "cached size is stale")
            precondition(
                Int(value.estimated) == estimated(value.left) + estimated(value.right) + (isEstimated ? Int(value.count) : 0),
                "cached estimated count is stale")
            let expected = sum(value.left) + (isEstimated ? 0 : value.length) + sum(value.right)
            precondition(abs(value.sum - expected) <= 1e-9 * max(1, abs(expected)), "cached sum is stale")
            for child in [value.left, value.right] where child != Self.none {
                precondition(nodes[Int(child)].priority <= value.priority, "priorities out of heap order")
                pending.append(child)
            }
        }
        precondition(nodes.count - freeSlots.count == reachable, "\(nodes.count - freeSlots.count) live slots, \(reachable) reachable")
    }
    #else
    @inline(__always)
    package func _checkInvariants() {}
    #endif
}
