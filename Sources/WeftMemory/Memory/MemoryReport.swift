public import WeftCore

/// The memory held by every subsystem and by the scratch-arena pool, read at one moment.
///
/// ```swift
/// let report = try MemoryReport.current()
/// print(report)          // one line per subsystem, then the scratch pool
/// report[.elementMap].allocatedBytes
/// ```
public struct MemoryReport: Hashable, Sendable, CustomStringConvertible {
    /// Statistics per subsystem; every ``Subsystem`` has an entry.
    public var subsystems: [Subsystem: ArenaStatistics]
    /// Statistics summed over every scratch arena the pool has created.
    public var scratch: ArenaStatistics
    /// The bytes of every `Bitmap` alive (node contents, decoded images), and
    /// their peak: pixels are not in an arena, so they are counted on their own.
    public var contents: BitmapMemory

    /// Reads the statistics of every subsystem and of the scratch pool.
    ///
    /// - Throws: ``ArenaError/allocatorRefused(operation:)`` if jemalloc's
    ///   statistics cannot be read.
    /// - Complexity: O(*a*) `mallctl` reads, where *a* is the number of arenas.
    public static func current() throws(ArenaError) -> MemoryReport {
        var subsystems: [Subsystem: ArenaStatistics] = [:]
        for subsystem in Subsystem.allCases {
            subsystems[subsystem] = try subsystem.statistics()
        }
        return MemoryReport(subsystems: subsystems, scratch: try _CArena.scratchPoolStatistics(),
                            contents: Bitmap.memory)
    }

    /// Accesses the statistics of one subsystem (zeros if the report lacks it).
    public subscript(subsystem: Subsystem) -> ArenaStatistics {
        subsystems[subsystem] ?? ArenaStatistics()
    }

    /// Bytes allocated by all subsystems and the scratch pool together; contents
    /// are apart (``contents``).
    public var totalAllocatedBytes: Int {
        subsystems.values.reduce(scratch.allocatedBytes) { $0 + $1.allocatedBytes }
    }

    public var description: String {
        let rows = Subsystem.allCases.map { ("\($0)", self[$0]) } + [("scratch", scratch)]
        return rows.map { name, s in
            "\(name): \(s.allocatedBytes) B allocated, \(s.activeBytes) B active, \(s.liveAllocations) live of \(s.allocationCount) allocations"
        }.joined(separator: "\n") + "\ncontents: \(contents)"
    }
}
