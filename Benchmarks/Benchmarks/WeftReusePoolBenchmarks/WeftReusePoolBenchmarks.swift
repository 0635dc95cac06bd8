import Benchmark
import BenchmarkSupport
import Dispatch
import WeftReusePool

/// Mount passes of 500 views into one container, against a naive mount that removes
/// every view and creates, configures and adds 500 new ones each time.
///
/// - `steady`: the same 500 components with the same configurations, in the same order
///   (the frame-after-frame case); the pools must not allocate.
/// - `shuffled`: the same components, vended in one of two shuffled orders in turn, so
///   every pass reorders the subviews.
/// - `reconfigured`: two sets of configurations in turn, differing in every view's
///   text, so every pass compares and applies one attribute per view.
/// - `(naive)`: the peer; it sets the same properties directly, with no closures.
///
/// The fixture (`MountFixture`) lives in BenchmarkSupport, shared with `weft-bench`.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // Not `.instructions`: unsupported on these VMs, and asking for it adds
        // phantom mallocs to `mallocCountTotal`.
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(2)
    )

    Benchmark("ReusePool.mount.500.steady") { benchmark in
        onMain(benchmark) { Fixtures.steady.measure($0) }
    }
    Benchmark("ReusePool.mount.500.shuffled") { benchmark in
        onMain(benchmark) { Fixtures.shuffled.measure($0) }
    }
    Benchmark("ReusePool.mount.500.reconfigured") { benchmark in
        onMain(benchmark) { Fixtures.reconfigured.measure($0) }
    }
    Benchmark("ReusePool.mount.500 (naive)") { benchmark in
        onMain(benchmark) { Fixtures.naive.measureNaive($0) }
    }
}

/// Runs `body` with `benchmark` on the main actor. The runner calls benchmarks from a
/// thread of its own while the main thread serves the main queue, so a synchronous hop
/// works and keeps the measurement window free of task and executor allocations.
func onMain(_ benchmark: Benchmark, _ body: @MainActor (Benchmark) -> Void) {
    // `Benchmark` is not Sendable. The runner's thread waits in `sync` while main uses
    // it and touches it only after `sync` returns, so the two never use it at once.
    nonisolated(unsafe) let benchmark = benchmark
    DispatchQueue.main.sync {
        MainActor.assumeIsolated { body(benchmark) }
    }
}

/// One warm fixture per benchmark, kept across the runner's samples.
@MainActor
enum Fixtures {
    static let steady = MountFixture(orders: 1, configurationSets: 1)
    static let shuffled = MountFixture(orders: 2, configurationSets: 1)
    static let reconfigured = MountFixture(orders: 1, configurationSets: 2)
    static let naive = MountFixture(orders: 1, configurationSets: 1)
}

extension MountFixture {
    /// Times the benchmark's iterations of warm mount passes, then checks that
    /// none of them created a view.
    func measure(_ benchmark: Benchmark) {
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            mountPass()
        }
        benchmark.stopMeasurement()
        precondition(viewsCreated == Self.viewCount, "a warm pass created views")
    }

    /// Times the benchmark's iterations of the naive peer's pass.
    func measureNaive(_ benchmark: Benchmark) {
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            naivePass()
        }
        benchmark.stopMeasurement()
    }
}
