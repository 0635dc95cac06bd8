import Benchmark
import BenchmarkSupport
import WeftReactive

/// One set through a graph, measured after a warm-up set, against the same graph
/// written as plain chained closures (the chain of both lives in BenchmarkSupport,
/// shared with `weft-bench`). The closures do the least work a hand-written
/// version could: no ownership, no locking, no ordering beyond the call order.
///
/// Run with `MALLOC_CONF=junk:true`. Under the plugin's malloc interposer, Debian's
/// jemalloc can crash the process while a graph is built or torn down (a plain Swift
/// program that builds and drops linked objects does the same, without Weft); junk
/// filling avoids it and costs nothing here, as no measured section allocates.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // Not `.instructions`: unsupported on these VMs, and asking for it adds
        // phantom mallocs to `mallocCountTotal`.
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(2)
    )

    // MARK: A chain of 1,000 maps

    Benchmark("Reactive.chain.1k") { benchmark in
        let chain = ReactiveChain(length: 1_000)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            chain.set(iteration)
        }
        benchmark.stopMeasurement()
        precondition(chain.sink.value == benchmark.scaledIterations.upperBound - 1 + 1_000)
    }

    Benchmark("Reactive.chain.1k (closures)") { benchmark in
        let chain = ClosureChain(length: 1_000)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            chain.set(iteration)
        }
        benchmark.stopMeasurement()
        precondition(chain.sink.value == benchmark.scaledIterations.upperBound - 1 + 1_000)
    }

    // MARK: One node, 10,000 listeners

    Benchmark("Reactive.fanout.10k") { benchmark in
        let source = MutableValueNode(0)
        let owner = ListenOwner()
        let sink = ValueSink()
        for _ in 0 ..< 10_000 {
            source.listen(owner: owner) { sink.value &+= $0 }
        }
        source.value = 1
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            source.value = iteration
        }
        benchmark.stopMeasurement()
        blackHole(sink.value)
        withExtendedLifetime(owner) {}
    }

    Benchmark("Reactive.fanout.10k (closures)") { benchmark in
        let sink = ValueSink()
        var listeners: [(Int) -> Void] = []
        for _ in 0 ..< 10_000 {
            listeners.append { sink.value &+= $0 }
        }
        let source: (Int) -> Void = { value in
            for listener in listeners {
                listener(value)
            }
        }
        source(1)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            source(iteration)
        }
        benchmark.stopMeasurement()
        blackHole(sink.value)
    }

    // MARK: A diamond of width 100: one source, 100 maps, one join

    Benchmark("Reactive.diamond.100") { benchmark in
        let source = MutableValueNode(0)
        let join = ValueNode.merge((0 ..< 100).map { offset in source.map { $0 &+ offset } })
        let owner = ListenOwner()
        let sink = ValueSink()
        join.listen(owner: owner) { sink.value &+= $0 }
        source.value = 1
        sink.value = 0
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            source.value = iteration
        }
        benchmark.stopMeasurement()
        // Once per set, with the last branch's value: glitch-free.
        let sets = benchmark.scaledIterations
        precondition(sink.value == sets.reduce(0) { $0 &+ $1 &+ 99 })
        withExtendedLifetime(owner) {}
    }

    Benchmark("Reactive.diamond.100 (closures)") { benchmark in
        let sink = ValueSink()
        let join: (Int) -> Void = { sink.value &+= $0 }
        let branches: [(Int) -> Int] = (0 ..< 100).map { offset in { $0 &+ offset } }
        // Glitch-free by hand: every branch first, then the join once.
        let source: (Int) -> Void = { value in
            var last = 0
            for branch in branches {
                last = branch(value)
            }
            join(last)
        }
        source(1)
        sink.value = 0
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            source(iteration)
        }
        benchmark.stopMeasurement()
        let sets = benchmark.scaledIterations
        precondition(sink.value == sets.reduce(0) { $0 &+ $1 &+ 99 })
    }
}
