import Foundation

/// Turns the composed frames a run wrote into an MP4 with ffmpeg, when it is installed.
public struct VideoAssembler: Sendable {
    /// The ffmpeg executable found.
    public let ffmpeg: String

    /// Finds ffmpeg on `searchPath` (a `PATH`-style list; the process's `PATH` by default).
    ///
    /// - Throws: ``SimulationError/toolMissing(_:hint:)`` when no directory of it has an executable ffmpeg.
    public init(searchPath: String = ProcessInfo.processInfo.environment["PATH"] ?? "") throws(SimulationError) {
        let found = searchPath.split(separator: ":").map { "\($0)/ffmpeg" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let found else {
            throw .toolMissing("ffmpeg", hint: "install it (Debian: apt-get install ffmpeg), or use --frames DIR alone for the PNG frames")
        }
        ffmpeg = found
    }

    /// Encodes `directory/frame-*.png`, in name order, into `file` at `framesPerSecond`.
    ///
    /// - Throws: ``SimulationError/cannotWrite(path:reason:)`` when ffmpeg cannot start or fails.
    public func assemble(framesIn directory: String, into file: String, framesPerSecond: Double) throws(SimulationError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-y", "-loglevel", "error", "-framerate", String(format: "%.3f", framesPerSecond),
                             "-pattern_type", "glob", "-i", directory + "/frame-*.png",
                             "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2", "-pix_fmt", "yuv420p", file]
        do {
            try process.run()
        } catch {
            throw .cannotWrite(path: file, reason: "ffmpeg did not start: \(error)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .cannotWrite(path: file, reason: "ffmpeg exited with status \(process.terminationStatus)")
        }
    }
}
