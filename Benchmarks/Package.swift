// swift-tools-version: 6.1
//
// Weft's benchmarks: a package of their own so that building and testing the
// library never resolves or compiles ordo-one/benchmark. Each target measures one
// module against a peer in the same run (the standard library, swift-collections,
// or a faithful model of Texture's algorithm written here). `scripts/bench` runs
// `weft-bench`, the headline table in one process; `scripts/bench --suite`
// runs the per-module ordo-one/benchmark targets. Both share `BenchmarkSupport`.
import PackageDescription

let package = Package(
    name: "WeftBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // `name:` is required: without it the identity is the checkout's folder name.
        .package(name: "Weft", path: ".."),
        // The default traits pull in ordo-one/swift-runtime-interposer, which these
        // machines cannot resolve; malloc counting needs only this one.
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // What the benchmark targets and weft-bench share: deterministic input, the
        // fixtures each job measures, and models of Texture's structures.
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                .product(name: "WeftSimulation", package: "Weft"),
                .product(name: "WeftCore", package: "Weft"),
                .product(name: "WeftMemory", package: "Weft"),
                .product(name: "WeftChangeSet", package: "Weft"),
                .product(name: "WeftDiff", package: "Weft"),
                .product(name: "WeftElementMap", package: "Weft"),
                .product(name: "WeftNode", package: "Weft"),
                .product(name: "WeftDataController", package: "Weft"),
                .product(name: "WeftReusePool", package: "Weft"),
                .product(name: "WeftReactive", package: "Weft"),
                .product(name: "WeftRangeController", package: "Weft"),
                .product(name: "WeftDisplay", package: "Weft"),
                .product(name: "WeftNetworkImage", package: "Weft"),
                .product(name: "WeftSampleFeed", package: "Weft"),
                .product(name: "Weft", package: "Weft"),
                // The backing view every container fixture mounts its cells in, as before
                // the engine stopped owning one, so that the rows compare like with like.
                .product(name: "WeftHeadless", package: "Weft"),
            ],
            path: "Benchmarks/BenchmarkSupport"
        ),
        // The headline table: every headline job beside its peer, interleaved in one
        // process. A plain executable, not the plugin: see the file header of WeftBench.
        .executableTarget(
            name: "weft-bench",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WeftDisplay", package: "Weft"),
                .product(name: "WeftCore", package: "Weft"),
                .product(name: "WeftMemory", package: "Weft"),
                .product(name: "WeftDiff", package: "Weft"),
                .product(name: "WeftElementMap", package: "Weft"),
                .product(name: "WeftDataController", package: "Weft"),
                .product(name: "WeftReactive", package: "Weft"),
                .product(name: "WeftSimulation", package: "Weft"),
                .product(name: "Weft", package: "Weft"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/weft-bench"
        ),
        // GTK 4 for the peer below, without WeftGTK (which links jemalloc).
        .systemLibrary(
            name: "CGtkPeer",
            path: "Benchmarks/CGtkPeer",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // weft-gallery's peer: the same feed in GTK 4's GtkListView (`scripts/bench --gtk`). It
        // links WeftSampleFeed alone of Weft's modules, so that its malloc is glibc's, as a GTK
        // app's is: any module on WeftMemory would make jemalloc the whole process's allocator.
        .executableTarget(
            name: "gtk-listview-feed",
            dependencies: [
                "CGtkPeer",
                .product(name: "WeftSampleFeed", package: "Weft"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Benchmarks/gtk-listview-feed"
        ),
        .executableTarget(
            name: "WeftArenaBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WeftCore", package: "Weft"),
                .product(name: "WeftMemory", package: "Weft"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WeftArenaBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WeftDeallocBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WeftCore", package: "Weft"),
                .product(name: "WeftMemory", package: "Weft"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WeftDeallocBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WeftChangeSetBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WeftChangeSet", package: "Weft"),
                .product(name: "WeftDiff", package: "Weft"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WeftChangeSetBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WeftReusePoolBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WeftReusePool", package: "Weft"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WeftReusePoolBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WeftDiffBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WeftDiff", package: "Weft"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WeftDiffBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WeftReactiveBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WeftReactive", package: "Weft"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WeftReactiveBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WeftElementMapBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WeftCore", package: "Weft"),
                .product(name: "WeftMemory", package: "Weft"),
                .product(name: "WeftElementMap", package: "Weft"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WeftElementMapBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WeftNodeBenchmarks",
            dependencies: [
                .product(name: "WeftNode", package: "Weft"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WeftNodeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WeftDataControllerBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WeftDataController", package: "Weft"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WeftDataControllerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        .executableTarget(
            name: "WeftRangeControllerBenchmarks",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "WeftCore", package: "Weft"),
                .product(name: "WeftMemory", package: "Weft"),
                .product(name: "WeftDataController", package: "Weft"),
                .product(name: "WeftElementMap", package: "Weft"),
                .product(name: "WeftNode", package: "Weft"),
                .product(name: "WeftRangeController", package: "Weft"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/WeftRangeControllerBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
