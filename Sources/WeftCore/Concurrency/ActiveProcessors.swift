#if canImport(Glibc)
import Glibc
#else
import Foundation
#endif

/// The number of processors this process may keep busy at once, read once.
///
/// On Linux: the processors online that the process's affinity mask allows,
/// fewer under a cgroup CPU quota (v2's `cpu.max`, else v1's CFS quota), read
/// from the kernel with a few system calls. Why not
/// `ProcessInfo.activeProcessorCount`: Foundation reads the cgroup's files
/// through its URL, `Data` and file-reading code on every call, the pipeline
/// asked at every update, and the first call mapped about half a megabyte of
/// Foundation's code that nothing else in a feed touches (a GTK feed's peak
/// memory counts it). Elsewhere, Foundation's answer.
///
/// Read once, at first use: a quota or mask changed while the process runs is
/// not seen, as GCD's width is not.
package enum ActiveProcessors {
    /// At least 1.
    package static let count: Int = {
        #if canImport(Glibc)
        let online = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        let allowed = contents(of: "/proc/self/status", limit: 8192).flatMap(allowedProcessors(inStatus:))
        let quota = contents(of: "/sys/fs/cgroup/cpu.max").flatMap(processors(inCPUMax:))
            ?? contents(of: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us").flatMap { quota in
                contents(of: "/sys/fs/cgroup/cpu/cpu.cfs_period_us").flatMap { processors(quota: quota, period: $0) }
            }
        return max(1, min(online, allowed ?? online, quota ?? online))
        #else
        return max(1, ProcessInfo.processInfo.activeProcessorCount)
        #endif
    }()

    /// The processors the `Cpus_allowed` line of `/proc/PID/status` allows (a
    /// hexadecimal mask, in 32-bit groups separated by commas), or `nil` if
    /// the text has no such line or it allows none. It may name processors
    /// that are not online.
    ///
    /// - Complexity: O(*m*) for *m* characters of text.
    static func allowedProcessors(inStatus status: String) -> Int? {
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else { return nil }
        let ones = line.dropFirst("Cpus_allowed:".count).reduce(0) { ones, character in
            ones + (character.hexDigitValue?.nonzeroBitCount ?? 0)
        }
        return ones > 0 ? ones : nil
    }

    /// The processors a cgroup v2 `cpu.max` ("QUOTA PERIOD", QUOTA `max` for
    /// none) allows, rounded up, or `nil` for no quota or text it cannot read.
    ///
    /// - Complexity: O(*m*) for *m* characters of text.
    static func processors(inCPUMax text: String) -> Int? {
        let fields = firstLine(text).split(separator: " ")
        guard fields.count == 2 else { return nil }
        return processors(quota: String(fields[0]), period: String(fields[1]))
    }

    /// `quota` microseconds of CPU per `period` as processors, rounded up;
    /// `nil` for no quota (`max` in v2, -1 in v1) or text that is not one.
    ///
    /// - Complexity: O(*m*) for *m* characters of text.
    static func processors(quota: String, period: String) -> Int? {
        guard let quota = Int(firstLine(quota)), let period = Int(firstLine(period)), quota > 0, period > 0
        else { return nil }
        return (quota + period - 1) / period
    }

    /// `text` up to its first newline.
    private static func firstLine(_ text: String) -> Substring {
        text.prefix { $0 != "\n" }
    }

    #if canImport(Glibc)
    /// The text of a small file (up to `limit` bytes); `nil` if it cannot be
    /// read.
    private static func contents(of path: String, limit: Int = 128) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: limit)
        var filled = 0
        while filled < limit {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, limit - filled) }
            guard count > 0 else { break }
            filled += count
        }
        guard filled > 0 else { return nil }
        return String(decoding: buffer[..<filled], as: UTF8.self)
    }
    #endif
}
