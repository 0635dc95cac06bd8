import ArgumentParser
import Foundation
import WeftSimulation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `weft-sim`: a feed scrolled, fetched and updated through the whole Weft
/// pipeline on a headless collection view, with a report of what main spent
/// per frame and everything the pipeline refused.
@main
struct WeftSim: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weft-sim",
        abstract: "Simulate a scrolling, updating feed through Weft's pipeline on a headless collection view.",
        discussion: """
            Loads a feed, scrolls it at a frame rate, fetches pages near the end, applies random \
            snapshot updates and injects invalid ones, which must all be refused. Prints per-frame \
            main-thread time percentiles, updates applied and refused, nodes alive and memory per \
            subsystem. Exits 1 if an invalid update was accepted or the view became inconsistent.
            """)

    @Option(name: .customLong("items"), help: "Posts loaded initially.")
    var initialItems = SimulationOptions().initialItems

    @Option(help: "Simulated seconds of scrolling.")
    var seconds = SimulationOptions().seconds

    @Option(help: "Frames per simulated second.")
    var fps = SimulationOptions().framesPerSecond

    @Option(help: "Scroll speed in points per second.")
    var scrollSpeed: Double = Double(SimulationOptions().scrollSpeed)

    @Option(help: "Updates per simulated second.")
    var updates = SimulationOptions().updatesPerSecond

    @Option(help: "Share of updates that are deliberately invalid (0 to 1).")
    var invalidShare = SimulationOptions().invalidShare

    @Option(help: "Posts per batch fetch.")
    var pageSize = SimulationOptions().pageSize

    @Option(name: .customLong("max-items"), help: "Most posts the feed grows to.")
    var maximumItems = SimulationOptions().maximumItems

    @Option(help: "Seed for every random choice.")
    var seed: UInt64 = SimulationOptions().seed

    @Flag(help: ArgumentHelp(
        "Trace the pipeline on every thread and write trace.json (Chrome trace-event format; open it in Perfetto).",
        discussion: "Each update's steps 1, 3 and 5 are linked by a flow across threads, with the allocation "
            + "workers, range updates, the dealloc queue's releases and counters of live nodes and memory."))
    var trace = false

    @Flag(help: "Write frames.svg: main-thread time per frame, and live nodes and memory when tracing.")
    var svg = false

    @Option(help: "Where trace.json and frames.svg go.")
    var outputDirectory = ".build/weft-sim"

    @Flag(help: "Load posts lazily: nodes only for the measure range (try it with --items 1000000).")
    var lazy = false

    @Flag(help: "Do not draw a progress bar.")
    var noProgress = false

    @Option(help: "Pixels per point the cells draw at.")
    var scale = SimulationOptions().scale

    @Option(help: ArgumentHelp(
        "Write every Nth composed frame (--frame-every) as a PNG into this directory.",
        discussion: "A composed frame is the viewport as the headless view shows it: each visible cell's "
            + "contents and its subnodes' at their frames; a cell not drawn yet shows the background."))
    var frames: String?

    @Option(help: "Compose and write one frame in this many.")
    var frameEvery = SimulationOptions().frameEvery

    @Option(help: "Assemble the written frames into this MP4 with ffmpeg (needs --frames, or writes them under --output-directory).")
    var video: String?

    var options: SimulationOptions {
        var options = SimulationOptions()
        options.initialItems = initialItems
        options.seconds = seconds
        options.framesPerSecond = fps
        options.scrollSpeed = CGFloat(scrollSpeed)
        options.updatesPerSecond = updates
        options.invalidShare = invalidShare
        options.pageSize = pageSize
        options.maximumItems = maximumItems
        options.seed = seed
        options.loadsLazily = lazy
        options.tracesPipeline = trace
        options.scale = scale
        options.framesDirectory = frames ?? (video == nil ? nil : outputDirectory + "/frames")
        options.frameEvery = frameEvery
        return options
    }

    func validate() throws {
        do {
            _ = try options.validated()
        } catch {
            throw ValidationError(error.description)
        }
        if video != nil {
            do {
                _ = try VideoAssembler()
            } catch {
                throw ValidationError("--video: \(error.description)")
            }
        }
    }

    mutating func run() throws {
        let options = options
        let drawsProgress = !noProgress && isatty(STDERR_FILENO) == 1
        let report = try MainActor.assumeIsolated {
            let simulation = try Simulation(options: options)
            return try simulation.run { done, total in
                guard drawsProgress, done == total || done % 10 == 0 else { return }
                let width = 40
                let filled = width * done / max(total, 1)
                let bar = String(repeating: "=", count: filled) + String(repeating: " ", count: width - filled)
                FileHandle.standardError.write(Data("\r[\(bar)] \(100 * done / max(total, 1))% frame \(done)/\(total)".utf8))
                if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
            }
        }
        print(report.summary)
        if trace || svg { try SimulationReport.makeDirectory(outputDirectory) }
        if let video, let directory = options.framesDirectory {
            try VideoAssembler().assemble(framesIn: directory, into: video, framesPerSecond: Double(fps) / Double(frameEvery))
            print("video                  \(video)")
        }
        if trace {
            let path = outputDirectory + "/trace.json"
            try SimulationReport.write(try report.traceJSON(), to: path)
            print("trace                  \(path) (open it at https://ui.perfetto.dev)")
        }
        if svg {
            let path = outputDirectory + "/frames.svg"
            try SimulationReport.write(Data(report.frameChartSVG().utf8), to: path)
            print("chart                  \(path)")
        }
        if !report.isClean { throw ExitCode.failure }
    }

    /// Parses and runs; usage errors exit with code 2, as the README promises.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            let code = exitCode(for: error)
            if code == .validationFailure {
                FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
