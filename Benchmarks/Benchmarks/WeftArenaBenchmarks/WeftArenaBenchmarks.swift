import Benchmark
import BenchmarkSupport

/// Allocate `count` 64-byte objects, touch each, then free them: one by one from a
/// scratch arena, all at once with a reset, or one by one with the process malloc
/// (jemalloc's own, with its thread cache) as the peer (`ArenaWorkload`).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // Not `.instructions`: unsupported on these VMs, and asking for it adds
        // phantom mallocs to `mallocCountTotal`.
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(2)
    )

    for count in [1_000, 100_000] {
        let label = count == 1_000 ? "1k" : "100k"
        Benchmark("Arena.\(label).alloc+free-each") { benchmark in
            let workload = try ArenaWorkload(count: count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { try workload.arenaFreeEach() }
            benchmark.stopMeasurement()
        }
        Benchmark("Arena.\(label).alloc+reset") { benchmark in
            let workload = try ArenaWorkload(count: count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { try workload.arenaReset() }
            benchmark.stopMeasurement()
        }
        Benchmark("Arena.\(label).alloc+free-each (malloc)") { benchmark in
            let workload = try ArenaWorkload(count: count)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { workload.mallocFreeEach() }
            benchmark.stopMeasurement()
        }
    }
}
