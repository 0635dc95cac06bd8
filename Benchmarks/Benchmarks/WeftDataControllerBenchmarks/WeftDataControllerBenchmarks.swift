import Benchmark
import BenchmarkSupport
import Dispatch
import Foundation
import WeftCore
import WeftDataController
import WeftNode

/// The data controller's pipeline against a faithful model of Texture's
/// (`TexturePipelineModel`), in the same run. The fixtures live in
/// BenchmarkSupport, shared with `weft-bench`:
///
/// - `DataController.100k.insert100`: a batch update inserting 100 posts spread
///   through a feed of 100,000 (growing by 100 per iteration). Wall clock is the
///   end-to-end latency, from issuing the update until it has committed; the
///   custom metric `main-thread ns` is the time main spends in steps 1, 2 and 5,
///   the performance target (at most 0.5 ms). Step 5 is run by the benchmark
///   through `HandOffScheduler` once step 4 hands it over, so the time main
///   would spend idle in between is not counted. Neither side has view work:
///   the delegate only swaps the maps, which both would pay alike.
/// - `DataController.10k.allocateAndMeasure`: step 3 of the first load of
///   10,000 posts (four label subnodes each), allocating and measuring nodes on
///   every core; the peer `(serial)` allocates them one at a time
///   (target: >= 1.7x on 2 cores).
///
/// Wall-clock metrics only. Even so, under the plugin the Texture model's
/// process dies of the malloc-interposer crash that WeftNodeBenchmarks
/// describes (its 100,000 elements and their mutexes are freed among ordinary
/// arrays); run the executable directly for its figures:
/// `Benchmarks/.build/release/WeftDataControllerBenchmarks --quiet false`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput],
        maxDuration: .seconds(5),
        maxIterations: 50
    )
    let mainThread = BenchmarkMetric.custom("main-thread ns", polarity: .prefersSmaller, useScalingFactor: false)
    let sizeRange = try! SizeRange(min: CGSize(width: 375, height: 0), max: CGSize(width: 375, height: CGFloat.infinity))

    Benchmark(
        "DataController.100k.insert100",
        configuration: .init(metrics: [.wallClock, mainThread], maxIterations: 50)
    ) { runner in
        // The runner thread waits in `onMain` while main uses the benchmark.
        nonisolated(unsafe) let benchmark = runner
        onMain { fixture in
            guard let weft = fixture.weft else { return benchmark.error("setup did not run") }
            for _ in benchmark.scaledIterations {
                benchmark.measurement(mainThread, weft.insertSpread(100))
            }
        }
    } setup: {
        onMain { fixture in fixture.weft = WeftPipelineFixture(count: 100_000, sizeRange: sizeRange) }
    } teardown: {
        onMain { fixture in fixture.weft = nil }
    }

    Benchmark(
        "DataController.100k.insert100 (Texture model)",
        configuration: .init(metrics: [.wallClock, mainThread], maxIterations: 50)
    ) { runner in
        nonisolated(unsafe) let benchmark = runner
        onMain { fixture in
            guard let texture = fixture.texture else { return benchmark.error("setup did not run") }
            for _ in benchmark.scaledIterations {
                do {
                    benchmark.measurement(mainThread, try texture.insertSpread(100))
                } catch {
                    benchmark.error("\(error)")
                }
            }
        }
    } setup: {
        onMain { fixture in fixture.texture = TexturePipelineFixture(count: 100_000, sizeRange: sizeRange) }
    } teardown: {
        onMain { fixture in fixture.texture = nil }
    }

    for (name, allocation) in [
        ("DataController.10k.allocateAndMeasure", DataController.NodeAllocation.parallel),
        ("DataController.10k.allocateAndMeasure (serial)", .serial),
    ] {
        Benchmark(name, configuration: .init(metrics: [.wallClock, .throughput], maxIterations: 30)) { runner in
            nonisolated(unsafe) let benchmark = runner
            onMain { _ in
                let load = InitialLoad(count: 10_000, allocation: allocation)
                load.start()
                benchmark.startMeasurement()
                load.waitForAllocation()
                benchmark.stopMeasurement()
                load.commit()
                blackHole(load.controller.visibleMap.count)
            }
        }
    }
}

/// What the benchmarks keep between setup and run, touched only on main.
@MainActor
final class Fixtures {
    static let shared = Fixtures()
    var weft: WeftPipelineFixture?
    var texture: TexturePipelineFixture?
}

/// Runs `body` on main, isolated to the main actor, from the benchmark's thread.
func onMain(_ body: @MainActor (Fixtures) -> Void) {
    DispatchQueue.main.sync {
        MainActor.assumeIsolated { body(Fixtures.shared) }
    }
}
