import Foundation

/// The machine and toolchain a run measured on, for the published table.
struct Machine: Codable {
    /// `uname -m`.
    let architecture: String
    /// The processor's model name from /proc/cpuinfo, if the system has one.
    let processor: String?
    let cores: Int
    let memoryBytes: UInt64
    /// The first line of `swift --version`.
    let swiftVersion: String
    /// The 1, 5 and 15 minute load averages when the run started, from
    /// /proc/loadavg: other work on the machine skews every figure.
    let loadAverage: String?

    /// The machine running this process, as it is now.
    static func current() -> Machine {
        Machine(
            architecture: output(of: ["uname", "-m"]) ?? "unknown",
            processor: processorModel(),
            cores: ProcessInfo.processInfo.activeProcessorCount,
            memoryBytes: ProcessInfo.processInfo.physicalMemory,
            swiftVersion: output(of: ["swift", "--version"]) ?? "unknown (no swift on PATH)",
            loadAverage: (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
                .map { $0.split(separator: " ").prefix(3).joined(separator: " ") }
        )
    }

    /// One line: "x86_64 (Intel Xeon ...), 2 cores, 23.4 GiB memory, Swift version 6.3.1 (...),
    /// load average 0.52 0.31 0.20 at the start".
    var summary: String {
        let memory = Double(memoryBytes) / Double(1 << 30)
        let processor = processor.map { " (\($0))" } ?? ""
        let load = loadAverage.map { ", load average \($0) at the start" } ?? ""
        return "\(architecture)\(processor), \(cores) cores, \(significant(memory)) GiB memory, \(swiftVersion)\(load)"
    }

    /// The first line `command` writes to standard output, or `nil` if it cannot run or fails.
    private static func output(of command: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = command
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init)
    }

    private static func processorModel() -> String? {
        guard let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in cpuinfo.split(separator: "\n") where line.hasPrefix("model name") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return nil
    }
}
