/// A Fenwick (binary indexed) tree over non-negative values: prefix sums and
/// "how many leading values fit under a bound" in O(log *c*) for *c* values.
///
/// Layouts keep one over their sections (item counts, section lengths). Sections
/// are few next to items, so a section insert or delete rebuilds it in O(*c*);
/// changing one value costs O(log *c*).
struct _Fenwick<Value: Numeric & Comparable> {
    /// The values themselves, so that a rebuild or a read needs no subtraction.
    private(set) var values: [Value]
    /// `tree[i]` (1-based) holds the sum of the `i & -i` values ending at `i`.
    private var tree: [Value]

    /// Builds the tree in O(*c*).
    init(_ values: [Value] = []) {
        self.values = values
        tree = [0] + values
        var index = 1
        while index < tree.count {
            let parent = index + (index & -index)
            if parent < tree.count { tree[parent] += tree[index] }
            index += 1
        }
    }

    var count: Int { values.count }

    /// The sum of every value. O(log *c*).
    var total: Value { prefix(values.count) }

    /// The sum of the first `count` values. O(log *c*).
    func prefix(_ count: Int) -> Value {
        var sum: Value = 0
        var index = count
        while index > 0 {
            sum += tree[index]
            index -= index & -index
        }
        return sum
    }

    /// Replaces the value at `index`. O(log *c*).
    mutating func set(_ value: Value, at index: Int) {
        let delta = value - values[index]
        values[index] = value
        var node = index + 1
        while node < tree.count {
            tree[node] += delta
            node += node & -node
        }
    }

    /// The largest `n` in `0 ... count` whose prefix sum is at most `bound`
    /// (`orEqual`) or under it; 0 when even the empty prefix is not. O(log *c*).
    func leadingCount(withPrefixBelow bound: Value, orEqual: Bool) -> Int {
        var position = 0
        var remaining = bound
        var step = 1
        while step * 2 < tree.count { step *= 2 }
        while step > 0 {
            let next = position + step
            if next < tree.count, orEqual ? tree[next] <= remaining : tree[next] < remaining {
                position = next
                remaining -= tree[next]
            }
            step /= 2
        }
        return position
    }

    #if WEFT_INTERNAL_CHECKS
    /// Traps unless every prefix matches a plain running sum. O(*c* log *c*).
    func _checkInvariants() {
        var running: Value = 0
        for (index, value) in values.enumerated() {
            precondition(value >= 0, "Fenwick value \(value) at \(index) is negative")
            running += value
            precondition(prefix(index + 1) == running, "Fenwick prefix \(index + 1) is \(prefix(index + 1)), not \(running)")
        }
    }
    #else
    @inline(__always)
    func _checkInvariants() {}
    #endif
}
