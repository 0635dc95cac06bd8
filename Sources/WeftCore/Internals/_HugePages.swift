#if canImport(Glibc)
import Glibc
#endif

/// Asks the kernel to back the 2 MB-aligned interior of `buffer` with huge
/// pages, before anything is written to it.
///
/// Why: a fresh buffer of tens of megabytes (a layout's lengths or a map's
/// tables at a million items) is thousands of 4 KB page faults, each taken and
/// zeroed on the thread that first writes the page, which for a first load is
/// main: about a millisecond per megabyte measured here, against a tenth of
/// that with transparent huge pages. Advice only: where the kernel declines
/// (transparent huge pages off, another platform), nothing changes.
///
/// - Complexity: O(1).
package func _adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
    #if canImport(Glibc)
    let huge = 2 << 20
    guard let base = buffer.baseAddress, buffer.count >= 2 * huge else { return }
    let from = (UInt(bitPattern: base) + UInt(huge - 1)) & ~UInt(huge - 1)
    let to = (UInt(bitPattern: base) + UInt(buffer.count)) & ~UInt(huge - 1)
    guard to > from, let start = UnsafeMutableRawPointer(bitPattern: from) else { return }
    _ = madvise(start, Int(to - from), MADV_HUGEPAGE)
    #endif
}
