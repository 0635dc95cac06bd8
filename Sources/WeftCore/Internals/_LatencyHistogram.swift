/// Release latencies in 4 buckets per power of two of nanoseconds, so that a
/// percentile read from it is at most 25% above the true value; the same bucketing
/// as the C dealloc queue's, so the two queues' figures compare.
struct _LatencyHistogram {
    private var counts = [Int](repeating: 0, count: 256)
    private var total = 0
    private(set) var maximum: UInt64 = 0

    private static func bucket(_ nanoseconds: UInt64) -> Int {
        if nanoseconds < 4 { return Int(nanoseconds) }
        let exponent = 63 - nanoseconds.leadingZeroBitCount
        return 4 * (exponent - 1) + Int((nanoseconds >> UInt64(exponent - 2)) & 3)
    }

    /// The largest latency a bucket holds.
    private static func limit(_ bucket: Int) -> UInt64 {
        if bucket < 4 { return UInt64(bucket) }
        let shift = UInt64(bucket / 4 - 1)
        if shift >= 61 { return .max }  // past 2^61 ns the limit would overflow
        return ((5 + UInt64(bucket % 4)) << shift) - 1
    }

    /// - Complexity: O(1).
    mutating func record(_ nanoseconds: UInt64) {
        counts[Self.bucket(nanoseconds)] += 1
        total += 1
        maximum = Swift.max(maximum, nanoseconds)
    }

    /// The upper limit of the bucket that holds the object of rank ⌈0.99 *n*⌉,
    /// capped by the maximum.
    ///
    /// - Complexity: O(1): a walk of the fixed 256 buckets.
    var p99: UInt64 {
        let rank = (total * 99 + 99) / 100
        var seen = 0
        for (bucket, count) in counts.enumerated() where count > 0 {
            seen += count
            if seen >= rank { return Swift.min(Self.limit(bucket), maximum) }
        }
        return maximum
    }

    /// `duration` in whole nanoseconds, 0 if negative.
    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return 0 }
        return UInt64(seconds) &* 1_000_000_000 &+ UInt64(attoseconds / 1_000_000_000)
    }
}
