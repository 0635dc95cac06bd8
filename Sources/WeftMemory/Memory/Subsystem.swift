/// A part of Weft's C core that allocates from a jemalloc arena of its own.
///
/// Because each subsystem has its own arena, the memory it holds can be read at
/// any time with ``statistics()`` or, for all of them at once, ``MemoryReport``.
public enum Subsystem: CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Diff results (scratch memory of a diff comes from the scratch pool).
    case diff
    /// Element-map versions: tree nodes and the element index.
    case elementMap
    /// Pending entries of the dealloc queue.
    case deallocQueue

    /// The subsystem's short name, as reports print it ("element-map").
    public var description: String { _CArena.name(of: self) }

    /// Returns what the subsystem's arena holds now.
    ///
    /// A subsystem that has not allocated yet reports zeros and creates no arena.
    ///
    /// - Throws: ``ArenaError/allocatorRefused(operation:)`` if jemalloc's
    ///   statistics cannot be read.
    /// - Complexity: O(1): one statistics-epoch refresh and a few `mallctl` reads.
    public func statistics() throws(ArenaError) -> ArenaStatistics {
        try _CArena.statistics(of: self)
    }
}
