/// Maps indexes of one sequence across a batch: old indexes in `removed` leave, new
/// indexes in `occupied` are taken by inserted or moved-in elements, and every other
/// element keeps its order and fills the free new indexes.
///
/// Both arrays are sorted and free of duplicates. Each query costs O(log *k*) for *k*
/// removed plus occupied indexes: the survivor's rank comes from one binary search, and
/// the rank-th free slot from another, because `occupied[m] - m` (the free slots before
/// `occupied[m]`) never decreases.
package struct _IndexShift: Sendable, Hashable {
    package var removed: [Int]
    package var occupied: [Int]

    package init(removed: [Int], occupied: [Int]) {
        self.removed = removed
        self.occupied = occupied
    }

    static let identity = _IndexShift(removed: [], occupied: [])

    /// The new index of surviving old index `old`, or nil if `old` was removed.
    package func forward(_ old: Int) -> Int? {
        let below = removed.lowerBound(of: old)
        if below < removed.count, removed[below] == old { return nil }
        return Self.slot(rank: old - below, skipping: occupied)
    }

    /// The old index of the survivor at new index `new`, or nil if `new` is occupied.
    package func backward(_ new: Int) -> Int? {
        let below = occupied.lowerBound(of: new)
        if below < occupied.count, occupied[below] == new { return nil }
        return Self.slot(rank: new - below, skipping: removed)
    }

    /// The `rank`-th index (from 0) that is not in `taken`.
    ///
    /// Indexes near `Int.max` are valid (a section may hold that many items); an
    /// index past `Int.max` saturates there, beyond every section, so the checks
    /// that use it refuse the batch instead of overflowing.
    package static func slot(rank: Int, skipping taken: [Int]) -> Int {
        var low = 0, high = taken.count
        while low < high {
            let mid = low + (high - low) / 2
            if taken[mid] - mid <= rank { low = mid + 1 } else { high = mid }
        }
        return saturatingSum(rank, low)
    }

    /// The `rank`-th index not in `taken`, treating `excluded` as free; saturates
    /// like ``slot(rank:skipping:)``.
    static func slot(rank: Int, skipping taken: [Int], excluding excluded: Int) -> Int {
        // Smallest j with (j + 1) - |{t in taken, t != excluded, t <= j}| > rank.
        var low = rank, high = saturatingSum(rank, taken.count)
        while low < high {
            let mid = low + (high - low) / 2
            var takenUpTo = taken.upperBound(of: mid)
            if excluded <= mid, taken.contains(sorted: excluded) { takenUpTo -= 1 }
            if mid - takenUpTo >= rank { high = mid } else { low = mid + 1 }
        }
        return low
    }

    private static func saturatingSum(_ a: Int, _ b: Int) -> Int {
        let (sum, overflowed) = a.addingReportingOverflow(b)
        return overflowed ? (b > 0 ? Int.max : Int.min) : sum
    }
}

extension Array where Element == Int {
    /// The number of elements less than `value`, in a sorted array.
    package func lowerBound(of value: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The number of elements less than or equal to `value`, in a sorted array.
    func upperBound(of value: Int) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid] <= value { low = mid + 1 } else { high = mid }
        }
        return low
    }

    func contains(sorted value: Int) -> Bool {
        let i = lowerBound(of: value)
        return i < count && self[i] == value
    }
}
