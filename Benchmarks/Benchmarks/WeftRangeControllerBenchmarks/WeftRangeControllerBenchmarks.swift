import Benchmark
import BenchmarkSupport
import Dispatch
import Foundation
import WeftCore
import WeftDataController
import WeftElementMap
import WeftNode
import WeftRangeController

/// One scrolled frame: the viewport moves down (or back up) by 1/60 of a screen
/// and the ranges are updated, at 10k, 100k and 1M items in 100 sections of
/// 100-point rows, with a 1,000-point viewport and the full mode's defaults.
/// The viewport travels 60 screens (600 items) and back around the middle of
/// the list; the nodes there are allocated and measured, as the data controller
/// leaves them.
///
/// - `Range.<n>.frame`: Weft's `RangeController` with a `ListLayout`.
/// - `Range.<n>.frame (Texture model)`: `TextureRangeModel`, Texture's full pass.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // Not `.instructions`: unsupported on these VMs, and asking for it adds
        // phantom mallocs to `mallocCountTotal`.
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(2)
    )

    for (label, size) in [("10k", 10_000), ("100k", 100_000), ("1M", 1_000_000)] {
        Benchmark("Range.\(label).frame", configuration: .init(scalingFactor: .kilo)) { benchmark in
            onMain(benchmark) { benchmark in
                let fixture = Fixtures.weft(size: size)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations { fixture.frame() }
                benchmark.stopMeasurement()
            }
        }
        Benchmark("Range.\(label).frame (Texture model)") { benchmark in
            onMain(benchmark) { benchmark in
                let fixture = Fixtures.texture(size: size)
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations { fixture.frame() }
                benchmark.stopMeasurement()
            }
        }
    }
}

/// Runs `body` with `benchmark` on the main actor. The runner calls benchmarks
/// from a thread of its own while the main thread serves the main queue, so a
/// synchronous hop works and keeps task and executor allocations out of the
/// measurement.
func onMain(_ benchmark: Benchmark, _ body: @MainActor (Benchmark) -> Void) {
    // `Benchmark` is not Sendable. The runner's thread waits in `sync` while main
    // uses it and touches it only after `sync` returns, so the two never use it at once.
    nonisolated(unsafe) let benchmark = benchmark
    DispatchQueue.main.sync {
        MainActor.assumeIsolated { body(benchmark) }
    }
}

/// One warm fixture per benchmark and size, kept across the runner's samples.
@MainActor
enum Fixtures {
    private static var weftFixtures: [Int: ScrollFixture] = [:]
    private static var textureFixtures: [Int: ScrollFixture] = [:]

    static func weft(size: Int) -> ScrollFixture {
        if let fixture = weftFixtures[size] { return fixture }
        let fixture = ScrollFixture(size: size, texture: false)
        weftFixtures[size] = fixture
        return fixture
    }

    static func texture(size: Int) -> ScrollFixture {
        if let fixture = textureFixtures[size] { return fixture }
        let fixture = ScrollFixture(size: size, texture: true)
        textureFixtures[size] = fixture
        return fixture
    }
}
