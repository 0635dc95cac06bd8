/// What one subsystem's arena, or the whole scratch-arena pool, holds at one moment.
///
/// Byte counts come from jemalloc's own statistics after an epoch refresh, so they
/// include jemalloc's size-class rounding; allocation counts are kept by Weft.
public struct ArenaStatistics: Hashable, Sendable {
    /// Bytes in live allocations, rounded up to jemalloc's size classes.
    public var allocatedBytes: Int
    /// Bytes of the pages the arena has in active use (at least `allocatedBytes`).
    public var activeBytes: Int
    /// Allocations ever made from the arena.
    public var allocationCount: Int
    /// Allocations neither freed nor released by a reset.
    public var liveAllocations: Int
    /// Resets ever performed (always 0 for a subsystem arena).
    public var resetCount: Int
    /// jemalloc arenas summed into this record (0 before the first allocation).
    public var arenaCount: Int

    public init(
        allocatedBytes: Int = 0, activeBytes: Int = 0, allocationCount: Int = 0,
        liveAllocations: Int = 0, resetCount: Int = 0, arenaCount: Int = 0
    ) {
        self.allocatedBytes = allocatedBytes
        self.activeBytes = activeBytes
        self.allocationCount = allocationCount
        self.liveAllocations = liveAllocations
        self.resetCount = resetCount
        self.arenaCount = arenaCount
    }
}
