import Foundation

/// The process's resident memory as Linux counts it, for the figures that
/// compare Weft's memory with a peer's (weft-gallery and its GtkListView feed).
public enum ResidentMemory {
    /// The peak resident set since the process started (`VmHWM` in
    /// `/proc/self/status`), in bytes; `nil` where the kernel does not say.
    public static var peakBytes: Int? { field("VmHWM:") }

    /// The resident set now (`VmRSS`), in bytes; `nil` where the kernel does not say.
    public static var currentBytes: Int? { field("VmRSS:") }

    /// A `kB` line of `/proc/self/status`, in bytes.
    private static func field(_ name: String) -> Int? {
        guard let status = FileManager.default.contents(atPath: "/proc/self/status"),
              let text = String(data: status, encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
              let kilobytes = Int(line.dropFirst(name.count).split(whereSeparator: \.isWhitespace).first ?? "")
        else { return nil }
        return kilobytes * 1024
    }
}
