public import Foundation

extension SimulationReport {
    /// The trace in the Chrome trace-event format (JSON object form).
    public func traceJSON() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(TraceFile(traceEvents: traceEvents))
    }

    /// Creates the directory at `path`, and its parents, if it does not exist.
    public static func makeDirectory(_ path: String) throws(SimulationError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }

    /// Writes `data` to `path`.
    public static func write(_ data: Data, to path: String) throws(SimulationError) {
        do {
            try data.write(to: URL(fileURLWithPath: path))
        } catch {
            throw .cannotWrite(path: path, reason: error.localizedDescription)
        }
    }
}
