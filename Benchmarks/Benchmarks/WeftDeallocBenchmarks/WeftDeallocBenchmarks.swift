import Benchmark
import BenchmarkSupport
import WeftCore
import WeftMemory

/// Releasing a collection's worth of nodes, each owning a small tree (the node, its
/// array of leaves and four leaves: six allocations; `TreeNode` in BenchmarkSupport),
/// in three ways:
///
/// - `Dealloc.<n>.caller`: hand the whole array to a ``DeallocQueue``; time on the
///   calling thread only. `.caller.each` hands the nodes over one at a time.
/// - `Dealloc.<n>.total`: the same followed by `drain()`, so the time until every
///   node, array and leaf is freed.
/// - `Dealloc.<n> (synchronous)`: the peer, and what Texture does since it removed
///   its 100 ms queue: drop the array on the calling thread (caller time = total).
///
/// Queue benchmarks also report the queue's peak pending objects and its p99
/// push-to-release latency. Every sample uses a fresh queue and fresh nodes, built
/// before the measurement starts.
let benchmarks: @Sendable () -> Void = {
    let peakPending = BenchmarkMetric.custom("Peak pending (objects)", polarity: .prefersSmaller, useScalingFactor: false)
    let p99Latency = BenchmarkMetric.custom("Release p99 latency (μs)", polarity: .prefersSmaller, useScalingFactor: false)
    Benchmark.defaultConfiguration = .init(
        // Not `.instructions`: unsupported on these VMs, and asking for it adds
        // phantom mallocs to `mallocCountTotal`.
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(2),
        maxIterations: 200
    )
    let queueMetrics: [BenchmarkMetric] = [.wallClock, .throughput, .mallocCountTotal, peakPending, p99Latency]

    /// Measures `handOver` (and, if `draining`, the drain after it) on fresh nodes.
    func queueBenchmark(
        _ name: String, count: Int, draining: Bool,
        handOver: @escaping @Sendable (DeallocQueue, consuming [TreeNode]) -> Void
    ) {
        Benchmark(name, configuration: .init(metrics: queueMetrics)) { benchmark in
            let queue = try DeallocQueue()
            let nodes = TreeNode.makeCollection(count)
            benchmark.startMeasurement()
            handOver(queue, consume nodes)
            if draining { try queue.drain() }
            benchmark.stopMeasurement()
            try queue.drain()
            let stats = queue.statistics
            benchmark.measurement(peakPending, stats.peakPendingCount)
            benchmark.measurement(p99Latency, Int(stats.p99Latency / .microseconds(1)))
        }
    }

    for count in [10_000, 100_000] {
        let label = count == 10_000 ? "10k" : "100k"

        queueBenchmark("Dealloc.\(label).caller", count: count, draining: false) { queue, nodes in
            queue.release(contentsOf: nodes)
        }
        // popLast moves each node out, so the queue holds its only reference.
        queueBenchmark("Dealloc.\(label).caller.each", count: count, draining: false) { queue, nodes in
            var remaining = consume nodes
            while let node = remaining.popLast() { queue.release(node) }
        }
        queueBenchmark("Dealloc.\(label).total", count: count, draining: true) { queue, nodes in
            queue.release(contentsOf: nodes)
        }
        queueBenchmark("Dealloc.\(label).total.each", count: count, draining: true) { queue, nodes in
            var remaining = consume nodes
            while let node = remaining.popLast() { queue.release(node) }
        }

        Benchmark("Dealloc.\(label) (synchronous)") { benchmark in
            var nodes = TreeNode.makeCollection(count)
            benchmark.startMeasurement()
            nodes = []
            benchmark.stopMeasurement()
            blackHole(nodes)
        }
    }
}
