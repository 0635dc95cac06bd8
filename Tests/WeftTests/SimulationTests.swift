import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import Weft
import WeftSimulation

@MainActor
@Suite struct SimulationTests {
    /// A small feed scrolled fast, with many updates, a third of them invalid.
    private func smallFeed(seconds: Double, maximumItems: Int) -> SimulationOptions {
        var options = SimulationOptions()
        options.initialItems = 100
        options.seconds = seconds
        options.framesPerSecond = 60
        options.scrollSpeed = 6_000
        options.updatesPerSecond = 20
        options.invalidShare = 0.3
        options.pageSize = 50
        options.maximumItems = maximumItems
        return options
    }

    @Test func theScenarioRunsCleanAtASmallSize() throws {
        let options = smallFeed(seconds: 3, maximumItems: 600)
        let report = try Simulation(options: options).run()
        #expect(report.frameMicroseconds.count == 180)
        #expect(report.isClean, "\(report.summary)")
        #expect(report.viewInconsistencies.isEmpty)
        #expect(report.viewDivergences.isEmpty)
        #expect(report.invalidUpdatesIssued > 0)
        #expect(report.refusals.count == report.invalidUpdatesIssued, "every invalid update was refused")
        #expect(report.updatesApplied > 20)
        #expect(report.batchFetches > 0)
        #expect(report.nodesAlive == report.itemsAtEnd, "every removed node died")
        #expect(report.summary.contains("main thread per frame"))

        let events = try traceEvents(report)
        #expect(events.count >= 180)
        #expect(Set(events.compactMap { $0["tid"] as? Int }) == [1], "untraced, only main's frames and events")
        #expect(report.frameChartSVG().hasPrefix("<svg"))
    }

    /// `weft-sim --trace`: the pipeline on every thread. Each update's step 1 on
    /// main starts a flow that steps through the editing queue and the
    /// allocation workers and ends at its commit on main; counters of live nodes
    /// and memory run along; each thread is named.
    @Test func aTracedRunShowsEachUpdateCrossingThreads() throws {
        var options = smallFeed(seconds: 2, maximumItems: 400)
        options.tracesPipeline = true
        let report = try Simulation(options: options).run()
        #expect(report.isClean, "\(report.summary)")
        let events = try traceEvents(report)
        for event in events {
            #expect(event["name"] is String && event["ph"] is String && event["ts"] is NSNumber)
            #expect(event["pid"] is Int && event["tid"] is Int)
            if event["ph"] as? String == "X" { #expect(event["dur"] is NSNumber) }
        }
        let spans = events.filter { $0["ph"] as? String == "X" }
        #expect(Set(spans.compactMap { $0["tid"] as? Int }).count >= 3, "main, the editing queue, workers, dealloc")
        for name in ["step 1", "step 3", "allocate + measure", "step 5: commit", "range update", "release"] {
            #expect(spans.contains { $0["name"] as? String == name }, "a \(name) span")
        }
        var flows: [Int: [(phase: String, tid: Int)]] = [:]
        for event in events where event["cat"] as? String == "flow" {
            flows[event["id"] as! Int, default: []].append((event["ph"] as! String, event["tid"] as! Int))
        }
        let crossing = flows.values.filter { steps in
            steps.first?.phase == "s" && steps.first?.tid == 1 && steps.last?.phase == "f" && steps.last?.tid == 1
                && steps.contains { $0.phase == "t" && $0.tid != 1 }
        }
        #expect(crossing.count >= 5, "\(crossing.count) of \(flows.count) flows go from main through a worker back to main")
        let counters = events.filter { $0["ph"] as? String == "C" }
        #expect(counters.contains { $0["name"] as? String == "live nodes" })
        #expect(counters.contains { ($0["args"] as? [String: Any])?["element-map"] is NSNumber })
        let names = events.filter { $0["ph"] as? String == "M" }.compactMap { ($0["args"] as? [String: Any])?["name"] as? String }
        #expect(names.contains("main") && names.contains { $0.contains("editing queue") } && names.contains { $0.contains("dealloc queue") })
        #expect(Set(names).count == names.count, "each thread reads as one: \(names)")

        let chart = try ChartReader(report.frameChartSVG())
        #expect(chart.groups["axis"] == 4, "an x and a y axis per panel")
        #expect(chart.groups["legend"] == 2)
        #expect(chart.texts.contains("main thread (ms)") && chart.texts.contains("live nodes"))
        #expect(chart.texts.contains { $0.hasPrefix("60 Hz budget") })
        // The frame axis follows the frames: a p99 well under the budgets is not a flat line.
        let longest = report.frameMicroseconds.max() ?? 0
        if longest < 4_000 {
            #expect(chart.texts.contains("(above this axis)"), "longest frame \(longest) µs, yet the axis reaches the budgets")
        }
    }

    private func traceEvents(_ report: SimulationReport) throws -> [[String: Any]] {
        let trace = try JSONSerialization.jsonObject(with: report.traceJSON()) as? [String: Any]
        return try #require(trace?["traceEvents"] as? [[String: Any]])
    }

    /// Snapshots are built and diffed off main; the simulated frames, which run
    /// faster than real time, must still leave that work time to finish, or a
    /// page fetched near the end would land hundreds of frames later and the
    /// feed would stop growing.
    @Test func batchFetchingKeepsUpWithAFastScroll() throws {
        let options = smallFeed(seconds: 10, maximumItems: 400)
        let report = try Simulation(options: options).run()
        #expect(report.isClean, "\(report.summary)")
        #expect(report.batchFetches >= 5, "the feed grew from 100 to 400 posts in pages of 50")
        #expect(report.itemsAtEnd >= 350)
    }

    /// `weft-sim --lazy`: a large feed scrolled with updates, refusals and batch
    /// fetches, nodes made only where the ranges reach.
    @Test func aLazyFeedRunsCleanWithFewNodes() throws {
        var options = smallFeed(seconds: 2, maximumItems: 20_100)
        options.initialItems = 20_000
        options.loadsLazily = true
        let report = try Simulation(options: options).run()
        #expect(report.isClean, "\(report.summary)")
        #expect(report.viewMatchesFeed)
        #expect(report.updatesApplied > 10 && report.refusals.count == report.invalidUpdatesIssued)
        #expect(report.nodesCreated < 2_000, "\(report.nodesCreated) nodes for 20,000 posts")
        #expect(report.nodesAlive <= report.nodesCreated)
    }

    /// `weft-sim --frames DIR --frame-every N`: the frames it says it wrote exist,
    /// each a PNG of the viewport's pixel size; the report counts blank cells,
    /// display latency, lead and contents memory.
    @Test func framesAreWrittenAsPNGsOfTheViewportsPixelSize() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("weft-sim-frames-\(UInt32.random(in: 0 ... .max))").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var options = smallFeed(seconds: 0.5, maximumItems: 300)
        options.scrollSpeed = 844 * 2
        options.scale = 1
        options.framesDirectory = directory
        options.frameEvery = 6
        let report = try Simulation(options: options).run()
        #expect(report.isClean, "\(report.summary)")
        #expect(report.framesWritten.count == 5, "30 frames, one in 6")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".png") }
        #expect(files.count == report.framesWritten.count)
        for path in report.framesWritten {
            let bitmap = try Bitmap(pngData: try Data(contentsOf: URL(fileURLWithPath: path)))
            #expect(bitmap.pixelWidth == 390 && bitmap.pixelHeight == 844, "\(path)")
        }
        #expect(report.cellFrames > 0)
        #expect(!report.displayLatencies.isEmpty && report.displayLatencies.allSatisfy { $0 >= 0 })
        #expect(report.contentsMemory.peakBytes > 0)
        #expect(report.displayLeads.count == 30)
        #expect(report.summary.contains("visible cells blank"))
    }

    @Test func aVideoWithoutFfmpegIsAClearError() {
        #expect(throws: SimulationError.toolMissing(
            "ffmpeg", hint: "install it (Debian: apt-get install ffmpeg), or use --frames DIR alone for the PNG frames")) {
            _ = try VideoAssembler(searchPath: "/nonexistent:/also-missing")
        }
        #expect(SimulationError.toolMissing("ffmpeg", hint: "install it").description == "ffmpeg is not installed: install it")
    }

    @Test func badOptionsAreRefusedByName() {
        var options = SimulationOptions()
        options.framesPerSecond = 0
        #expect(throws: SimulationError.invalidOption("--fps must be between 1 and 240, not 0")) {
            _ = try options.validated()
        }
        options = SimulationOptions()
        options.invalidShare = .nan
        #expect(throws: SimulationError.self) { _ = try options.validated() }
    }
}

/// Parses the chart as XML: the `class`es of its groups and its texts.
private final class ChartReader: NSObject, XMLParserDelegate {
    private(set) var groups: [String: Int] = [:]
    private(set) var texts: [String] = []
    private var text: String?

    init(_ svg: String) throws {
        super.init()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = self
        guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if name == "g", let classes = attributes["class"] {
            for name in classes.split(separator: " ") { groups[String(name), default: 0] += 1 }
        }
        if name == "text" { text = "" }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text? += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text", let text { texts.append(text) }
        text = nil
    }
}
