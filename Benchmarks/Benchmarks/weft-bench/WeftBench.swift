import ArgumentParser
import Foundation
import WeftCore

/// `weft-bench`: the headline jobs (Weft's performance targets), each Weft job beside its peer in
/// one process, interleaved round by round after a warm-up round, measured with
/// `ContinuousClock`. Prints one table (job, Weft median, peer median, ratio,
/// target, met) and writes it to the output directory as `headline.md`,
/// `headline.json` and `headline.svg`. `scripts/bench` builds and runs it in release.
///
/// A plain executable rather than an ordo-one/benchmark target: the plugin's
/// malloc interposer crashes some of these workloads under Debian's jemalloc
/// (see the headers of WeftNodeBenchmarks and WeftDataControllerBenchmarks). The
/// allocation counts of the targets are measured by those targets
/// (`scripts/bench --suite`). The jobs are listed in `Headline.swift`, which
/// says how to add one.
@main
struct WeftBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "weft-bench",
        abstract: "Runs the headline benchmarks: each Weft job beside its peer, in one process.",
        discussion: """
            Every job runs its fixtures, one warm-up round, then Weft's side and the \
            peer's in turn for each round, and reports the medians. The table goes to \
            standard output, progress to standard error, and headline.md, headline.json \
            and headline.svg to the output directory. Invalid arguments exit with code 2.
            """
    )

    static let defaultRounds = 31
    static let quickRounds = 3
    static let maximumRounds = 1_000

    @Option(help: "Measured rounds per job, after one warm-up round (default \(defaultRounds)).")
    var rounds: Int?

    @Option(help: ArgumentHelp(
        "Jobs to run: comma-separated ids or regular expressions matching whole ids, case-insensitively (see --list).",
        valueName: "list or regex"))
    var jobs: String?

    @Option(help: "Directory for headline.md, headline.json and headline.svg.")
    var outputDir = "Benchmarks/results"

    @Flag(help: "Run \(quickRounds) rounds per job: a smoke run for CI, not figures to publish.")
    var quick = false

    @Flag(help: "List the jobs' ids and targets, then exit.")
    var list = false

    @Flag(help: "Run the scroll table instead of the headline jobs: a lazy 1M feed of real post cells at 2, 5 and 10 screens/s, asynchronous and synchronous display; writes scroll.md.")
    var scroll = false

    @Option(help: "Frames per scroll run (with --scroll).")
    var scrollFrames = 1_000

    func validate() throws {
        if quick, rounds != nil {
            throw ValidationError("--quick runs \(Self.quickRounds) rounds; pass --quick or --rounds, not both")
        }
        if !(1 ... 100_000).contains(scrollFrames) {
            throw ValidationError("--scroll-frames must be from 1 to 100000; got \(scrollFrames)")
        }
        if let rounds, !(1 ... Self.maximumRounds).contains(rounds) {
            throw ValidationError("--rounds must be from 1 to \(Self.maximumRounds); got \(rounds)")
        }
        if let jobs {
            do {
                _ = try Headline.jobs(matching: jobs)
            } catch {
                throw ValidationError(error.description)
            }
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: outputDir, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ValidationError("--output-dir: '\(outputDir)' exists and is not a directory")
        }
    }

    func run() throws {
        if list {
            for job in Headline.jobs {
                print("\(job.id): \(job.name) vs \(job.peer); target \(job.target)")
            }
            return
        }
        if scroll {
            try runScrollTable()
            return
        }
        let selected = try jobs.map { try Headline.jobs(matching: $0) } ?? Headline.jobs
        let rounds = rounds ?? (quick ? Self.quickRounds : Self.defaultRounds)
        let machine = Machine.current()
        let results = try MainActor.assumeIsolated {
            try JobRunner(rounds: rounds).run(selected)
        }
        let report = HeadlineReport(
            machine: machine,
            command: ProcessInfo.processInfo.environment["WEFT_BENCH_COMMAND"]
                ?? CommandLine.arguments.joined(separator: " "),
            date: ISO8601DateFormatter().string(from: Date()),
            rounds: rounds,
            results: results
        )
        // The library says whether its consistency checks are compiled in; they
        // invalidate every figure, so nothing is written then.
        if _isConsistencyCheckingEnabled {
            print("*** INTERNAL CONSISTENCY CHECKING IS ENABLED (WEFT_INTERNAL_CHECKS); these figures are not Weft's and nothing is written ***")
            print(report.table)
        } else {
            print(report.table)
            // The table is buffered on standard output and the status line is not,
            // so without this flush the line lands inside the table's notes.
            fflush(nil)
            try write(report)
        }
    }

    /// Writes the report's three files to the output directory.
    private func runScrollTable() throws {
        let table = ScrollTable(frames: scrollFrames)
        let rows = try MainActor.assumeIsolated { try table.run(progress: progress) }
        let machine = Machine.current()
        let text = ScrollTable.markdown(
            rows, frames: scrollFrames,
            command: ProcessInfo.processInfo.environment["WEFT_BENCH_COMMAND"] ?? CommandLine.arguments.joined(separator: " "),
            machine: machine.summary)
        print(text)
        fflush(nil)
        guard !_isConsistencyCheckingEnabled else { return }
        let directory = URL(fileURLWithPath: outputDir, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: directory.appendingPathComponent("scroll.md"))
        progress("wrote scroll.md to \(outputDir)\n")
    }

    private func write(_ report: HeadlineReport) throws {
        let directory = URL(fileURLWithPath: outputDir, isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(report.markdown.utf8).write(to: directory.appendingPathComponent("headline.md"))
        try report.json().write(to: directory.appendingPathComponent("headline.json"))
        try Data(report.svg.utf8).write(to: directory.appendingPathComponent("headline.svg"))
        progress("wrote headline.md, headline.json and headline.svg to \(outputDir)\n")
    }

    /// Runs the command, exiting with code 2 on invalid arguments (ArgumentParser
    /// uses 64) and as ArgumentParser does otherwise.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                progress(fullMessage(for: error) + "\n")
                Foundation.exit(2)
            }
            exit(withError: error)
        }
    }
}
