import Foundation
import Testing
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

        let trace = try JSONSerialization.jsonObject(with: report.traceJSON()) as? [String: Any]
        let events = try #require(trace?["traceEvents"] as? [[String: Any]])
        #expect(events.count >= 180)
        for event in events {
            #expect(event["name"] is String && event["ph"] is String && event["ts"] is Double)
            #expect(event["pid"] is Int && event["tid"] is Int)
            if event["ph"] as? String == "X" { #expect(event["dur"] is Double) }
        }
        #expect(report.frameChartSVG().hasPrefix("<svg"))
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
