/// jemalloc as the `malloc` of the whole process, and the one setting of it an
/// app chooses.
///
/// Linking Weft makes jemalloc serve every `malloc` in the process: Swift's,
/// Foundation's, and a desktop toolkit's. jemalloc keeps the pages of freed
/// blocks for ten seconds by default, ready for the next allocation, where
/// glibc's `malloc` returns large freed blocks to the system at once. A
/// scrolling list frees cell contents and frame buffers all the time, so those
/// ten seconds of freed pages are resident memory: about 5 MiB of weft-gallery's
/// peak. A desktop app that wants glibc's promptness back sets the delay to
/// zero, as `GTK.initialize` does; a server that would rather not pay the
/// system calls keeps the default.
///
/// ```swift
/// try ProcessAllocator.returnFreedPages(afterMilliseconds: 0)
/// ```
public enum ProcessAllocator {
    /// jemalloc's default delay, in milliseconds.
    public static let defaultDelayMilliseconds = 10_000

    /// Sets how long the pages of freed blocks stay with the allocator before
    /// they go back to the system, for every arena (the automatic ones serving
    /// `malloc`, Weft's own, and those made later).
    ///
    /// - Parameter milliseconds: 0 returns them as soon as they are free; -1
    ///   keeps them until the process ends.
    /// - Throws: ``ArenaError/invalidArgument(detail:)`` below -1;
    ///   ``ArenaError/allocatorRefused(operation:)`` if jemalloc refuses the
    ///   setting (arenas set before the refusal keep the new delay).
    /// - Complexity: O(*a*) `mallctl` calls, where *a* is the number of arenas.
    public static func returnFreedPages(afterMilliseconds milliseconds: Int) throws(ArenaError) {
        guard milliseconds >= -1 else {
            throw .invalidArgument(detail: "a delay of \(milliseconds) ms before freed pages go back (-1 keeps them, 0 returns them at once)")
        }
        try _CArena.setFreedPageDelay(milliseconds: milliseconds)
    }

    /// The delay arenas made from now on start with, in milliseconds.
    ///
    /// - Throws: ``ArenaError/allocatorRefused(operation:)`` if jemalloc
    ///   refuses the read.
    /// - Complexity: O(1): one `mallctl` read.
    public static func freedPageDelayMilliseconds() throws(ArenaError) -> Int {
        try _CArena.freedPageDelay()
    }
}
