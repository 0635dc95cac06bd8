import Benchmark
import WeftCore
#if canImport(Glibc)
import Glibc
#endif

/// Allocate `count` 64-byte objects, touch each, then free them: one by one from a
/// scratch arena, all at once with a reset, or one by one with the process malloc
/// (jemalloc's own, with its thread cache) as the peer. Frees run in a shuffled order,
/// as a real structure's would.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // Not `.instructions`: unsupported on these VMs, and asking for it adds
        // phantom mallocs to `mallocCountTotal`.
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(2)
    )

    for count in [1_000, 100_000] {
        let label = count == 1_000 ? "1k" : "100k"
        var generator = SystemRandomNumberGenerator()
        let freeOrder = Array(0 ..< count).shuffled(using: &generator)

        Benchmark("Arena.\(label).alloc+free-each") { benchmark in
            var scratch = try ScratchArena()
            let pointers = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: count)
            defer { pointers.deallocate() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for i in 0 ..< count {
                    let p = try scratch.allocate(byteCount: 64)
                    p.storeBytes(of: i, as: Int.self)
                    pointers[i] = p
                }
                for i in freeOrder { scratch.deallocate(pointers[i]) }
            }
            benchmark.stopMeasurement()
            try scratch.reset()
        }

        Benchmark("Arena.\(label).alloc+reset") { benchmark in
            var scratch = try ScratchArena()
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for i in 0 ..< count {
                    let p = try scratch.allocate(byteCount: 64)
                    p.storeBytes(of: i, as: Int.self)
                    blackHole(p)
                }
                try scratch.reset()
            }
            benchmark.stopMeasurement()
        }

        Benchmark("Arena.\(label).alloc+free-each (malloc)") { benchmark in
            let pointers = UnsafeMutablePointer<UnsafeMutableRawPointer>.allocate(capacity: count)
            defer { pointers.deallocate() }
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                for i in 0 ..< count {
                    let p = malloc(64)!
                    p.storeBytes(of: i, as: Int.self)
                    pointers[i] = p
                }
                for i in freeOrder { free(pointers[i]) }
            }
            benchmark.stopMeasurement()
        }
    }
}
