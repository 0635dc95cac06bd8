#if canImport(Glibc)
import Glibc
#endif

/// The number of processors this process may keep busy at once, read once.
///
/// What `ProcessInfo.activeProcessorCount` answers on Linux (the processors
/// in the thread's affinity mask, fewer under a cgroup CPU quota), read from
/// the kernel with a few system calls instead. Why: Foundation reads the
/// cgroup's files through its URL, `Data` and file-reading code on every call,
/// and the pipeline asked at every update, so each asking cost system calls, and
/// the first one mapped about a megabyte of Foundation's code that nothing else
/// in a feed touches (a GTK feed's peak memory counts it).
///
/// Read once, at first use: a quota changed while the process runs is not
/// seen, as GCD's width is not.
package enum ActiveProcessors {
    /// At least 1.
    package static let count: Int = {
        let online = onlineInAffinityMask()
        guard let quota = cgroupQuota() else { return online }
        return max(1, min(online, quota))
    }()

    /// The processors in the process's affinity mask (`Cpus_allowed` in
    /// `/proc/self/status`, what `sched_getaffinity` answers, which Swift's
    /// Glibc module does not export), else those online.
    private static func onlineInAffinityMask() -> Int {
        #if canImport(Glibc)
        let online = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        guard let status = contents(of: "/proc/self/status", limit: 8192),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") })
        else { return online }
        let ones = line.dropFirst("Cpus_allowed:".count).reduce(0) { ones, character in
            ones + (character.hexDigitValue?.nonzeroBitCount ?? 0)
        }
        return ones > 0 ? ones : online
        #else
        return 1
        #endif
    }

    /// The cgroup's CPU quota in whole processors, rounded up, or `nil` when
    /// there is none (cgroup v2's `cpu.max`, then v1's CFS files).
    private static func cgroupQuota() -> Int? {
        if let line = contents(of: "/sys/fs/cgroup/cpu.max").map(firstLine) {
            let fields = line.split(separator: " ")
            guard fields.count == 2, let quota = Int(fields[0]), let period = Int(fields[1]) else { return nil }
            return processors(quota: quota, period: period)
        }
        guard let quota = contents(of: "/sys/fs/cgroup/cpu/cpu.cfs_quota_us").flatMap({ Int(firstLine($0)) }),
              let period = contents(of: "/sys/fs/cgroup/cpu/cpu.cfs_period_us").flatMap({ Int(firstLine($0)) })
        else { return nil }
        return processors(quota: quota, period: period)
    }

    /// `quota` microseconds of CPU per `period` as processors, rounded up;
    /// `nil` for no quota ("max" in v2, -1 in v1) or a nonsensical one.
    private static func processors(quota: Int, period: Int) -> Int? {
        guard quota > 0, period > 0 else { return nil }
        return (quota + period - 1) / period
    }

    /// The text of a small file (up to `limit` bytes); `nil` if it cannot be
    /// read.
    private static func contents(of path: String, limit: Int = 128) -> String? {
        #if canImport(Glibc)
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
        #else
        return nil
        #endif
    }

    /// `text` up to its first newline.
    private static func firstLine(_ text: String) -> String {
        String(text.prefix { $0 != "\n" })
    }
}
