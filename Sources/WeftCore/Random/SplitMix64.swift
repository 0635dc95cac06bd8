/// A small, fast, seeded random number generator (Steele, Lea and Flood's SplitMix64),
/// for choices that must repeat run after run: treap priorities in layouts, the
/// simulator's feed, test and benchmark fixtures.
///
/// Not for anything secret: the sequence follows from the seed.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let pick = Int.random(in: 0 ..< 10, using: &random)
/// ```
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    @usableFromInline internal var state: UInt64

    /// Creates a generator whose sequence is determined by `seed`.
    ///
    /// - Complexity: O(1).
    public init(seed: UInt64) {
        state = seed
    }

    /// Returns the next value of the sequence.
    ///
    /// - Complexity: O(1).
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
