/// The bytes the calling thread has allocated, as jemalloc counts them, so that a test
/// can prove a hot path allocates nothing.
///
/// Tests gate "allocates nothing" on hot paths (a mount pass, a reactive propagation,
/// a range update per frame) with it:
///
/// ```swift
/// @Test(.enabled(if: AllocationCounter.isCounting))
/// func aSteadyFrameAllocatesNothing() {
///     let bytes = AllocationCounter.bytesAllocated { controller.updateRange(for: frame) }
///     #expect(bytes == 0)
/// }
/// ```
///
/// It reads jemalloc's per-thread `thread.allocated` counter. The counter adds up bytes,
/// not calls, and every block jemalloc hands out is at least a few bytes long, so any
/// allocation shows, even one of size 0. It covers everything that goes through jemalloc
/// on the calling thread: Swift objects, array and string storage, and the C core's
/// arenas. Frees do not lower it.
///
/// It sees nothing when jemalloc does not serve this process's `malloc`, for example under
/// AddressSanitizer, whose `malloc` takes jemalloc's place. ``isCounting`` detects that,
/// and every reading is `nil` then.
///
/// The counter belongs to one thread. Work that a measured body hands to another thread
/// (a dispatch queue, a task, the dealloc queue's background thread) does not count.
public enum AllocationCounter {
    /// Bytes allocated by the calling thread so far, or `nil` when jemalloc does not serve
    /// this process's `malloc` (for example under AddressSanitizer).
    ///
    /// The value only grows. Subtract two readings taken on the same thread, or use
    /// ``bytesAllocated(during:)``.
    ///
    /// - Complexity: O(1): one `mallctl` read, which allocates nothing.
    public static var currentThreadAllocatedBytes: UInt64? {
        isCounting ? _CArena.threadAllocatedBytes() : nil
    }

    /// Whether the counter sees this process's allocations.
    ///
    /// Worked out on first access: a 4 KiB heap block is allocated on the calling thread,
    /// and the answer is whether the counter grew by at least that much. It is `false`
    /// when another allocator serves `malloc` (AddressSanitizer's, for one) or when jemalloc
    /// was built without statistics.
    ///
    /// - Complexity: O(1). The first access performs one allocation and two `mallctl` reads.
    public static let isCounting: Bool = {
        let byteCount = 4_096
        guard let before = _CArena.threadAllocatedBytes() else { return false }
        // An array's storage comes from malloc, like every Swift heap allocation.
        let probe = [UInt8](repeating: 0, count: byteCount)
        let after = _CArena.threadAllocatedBytes()
        // The block must still exist when the second reading is taken.
        withExtendedLifetime(probe) {}
        guard let after else { return false }
        return after - before >= UInt64(byteCount)
    }()

    /// Runs `body` and returns the bytes the calling thread allocated meanwhile.
    ///
    /// Every allocation counts, including ones that `body` frees before returning. Work
    /// that `body` hands to another thread does not. Reading the counter allocates
    /// nothing, so a body that allocates nothing measures 0.
    ///
    /// - Parameter body: The work to measure. It runs even when the counter is not
    ///   counting.
    /// - Returns: The bytes allocated while `body` ran, or `nil` when ``isCounting`` is
    ///   `false`.
    /// - Throws: Whatever `body` throws. Nothing is measured then.
    /// - Complexity: The cost of `body` plus two `mallctl` reads.
    public static func bytesAllocated(during body: () throws -> Void) rethrows -> UInt64? {
        guard isCounting, let before = _CArena.threadAllocatedBytes() else {
            try body()
            return nil
        }
        try body()
        guard let after = _CArena.threadAllocatedBytes() else { return nil }
        return after - before
    }
}
