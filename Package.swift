// swift-tools-version: 6.2
//
// Weft: the asynchronous, validated data pipeline of Texture's collection nodes,
// headless, with a C core on jemalloc arenas. The module graph is in
// docs/ARCHITECTURE.md; a lower module never imports a higher one.
//
// Benchmarks live in their own package (Benchmarks/Package.swift) so that building
// and testing the library never resolves or compiles the benchmark harness.
import PackageDescription

/// Weft's internal checks: the C core's invariant walkers (WEFT_DEBUG) and the Swift
/// modules' `_checkInvariants()` (WEFT_INTERNAL_CHECKS). Both cost far more than the
/// documented complexity (an app's debug build would run ~1,000x slower), so they are on
/// only in debug builds that Weft's own scripts ask for by setting WEFT_INTERNAL_CHECKS=1
/// in the environment (scripts/lib.sh and .ci/run do); an app's debug build, where Weft
/// is a dependency, never gets them. The C core's local `assert`s stay in every debug
/// build: they are O(1). Release builds (and every benchmark) leave all of it out.
/// Debug builds also treat every warning in Weft's own targets as an error, so a warning
/// can never land (SwiftPM ignores these settings where Weft is someone's dependency).
let internalChecks = Context.environment["WEFT_INTERNAL_CHECKS"] == "1"
let debugOnly = BuildSettingCondition.when(configuration: .debug)
let cSettings: [CSetting] = (internalChecks ? [.define("WEFT_DEBUG", debugOnly)] : []) + [
    .define("NDEBUG", .when(configuration: .release)),
    .enableWarning("all"),
    .enableWarning("extra"),
    .treatAllWarnings(as: .error, .when(configuration: .debug)),
]
let swiftSettings: [SwiftSetting] = (internalChecks ? [.define("WEFT_INTERNAL_CHECKS", debugOnly)] : []) + [
    .treatAllWarnings(as: .error, .when(configuration: .debug)),
]

let package = Package(
    name: "Weft",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "WeftCore", targets: ["WeftCore"]),
        .library(name: "WeftMemory", targets: ["WeftMemory"]),
        .library(name: "WeftChangeSet", targets: ["WeftChangeSet"]),
        .library(name: "WeftReusePool", targets: ["WeftReusePool"]),
        .library(name: "WeftDiff", targets: ["WeftDiff"]),
        .library(name: "WeftReactive", targets: ["WeftReactive"]),
        .library(name: "WeftElementMap", targets: ["WeftElementMap"]),
        .library(name: "WeftNode", targets: ["WeftNode"]),
        .library(name: "WeftDataController", targets: ["WeftDataController"]),
        .library(name: "WeftRangeController", targets: ["WeftRangeController"]),
        .library(name: "WeftHeadless", targets: ["WeftHeadless"]),
        .library(name: "WeftDisplay", targets: ["WeftDisplay"]),
        .library(name: "Weft", targets: ["Weft"]),
        // Images from http(s) URLs: URLSession, so FoundationNetworking and libcurl, in a product of its own.
        .library(name: "WeftNetworkImage", targets: ["WeftNetworkImage"]),
        // weft-sim's feed (real post cells, the scenario), for weft-bench and tools.
        // The sample feed's posts and the figures' helpers, with nothing of Weft's engine or
        // allocator: the GtkListView peer links it and keeps glibc's malloc, as a GTK app does.
        .library(name: "WeftSampleFeed", targets: ["WeftSampleFeed"]),
        .library(name: "WeftSimulation", targets: ["WeftSimulation"]),
        .executable(name: "weft-sim", targets: ["weft-sim"]),
        // A real window: GTK 4. A product of its own, so that linking Weft never needs GTK.
        .library(name: "WeftGTK", targets: ["WeftGTK"]),
        // C++'s operator new and delete on malloc and free: for an app's sanitizer builds.
        .library(name: "WeftSanitizerSupport", targets: ["CWeftSanitizerSupport"]),
        .executable(name: "weft-gallery", targets: ["weft-gallery"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // MARK: C core (CSupport/), on Debian's libjemalloc-dev
        .systemLibrary(
            name: "CJemalloc",
            pkgConfig: "jemalloc",
            providers: [.apt(["libjemalloc-dev"])]
        ),
        // Text and images: Debian's Cairo, Pango and Fontconfig (WeftDisplay only).
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev", "fonts-dejavu-core"])]
        ),
        // GTK 4 (Debian 12: 4.8): WeftGTK only.
        .systemLibrary(
            name: "CGtk4",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .target(
            name: "CWeftGTK",
            dependencies: ["CGtk4"],
            path: "CSupport/CWeftGTK",
            cSettings: cSettings
        ),
        // JPEG and WebP for WeftDisplay's images: Debian's libjpeg-turbo and libwebp.
        .target(
            name: "CWeftImageCodecs",
            path: "CSupport/CWeftImageCodecs",
            cSettings: cSettings,
            linkerSettings: [.linkedLibrary("jpeg"), .linkedLibrary("webp")]
        ),
        .target(
            name: "CWeftArena",
            dependencies: ["CJemalloc"],
            path: "CSupport/CWeftArena",
            cSettings: cSettings
        ),
        .target(
            name: "CWeftSanitizerSupport",
            path: "CSupport/CWeftSanitizerSupport",
            cSettings: cSettings
        ),
        .target(
            name: "CWeftDeallocQueue",
            dependencies: ["CWeftArena"],
            path: "CSupport/CWeftDeallocQueue",
            cSettings: cSettings
        ),
        .target(
            name: "CWeftDiff",
            dependencies: ["CWeftArena"],
            path: "CSupport/CWeftDiff",
            cSettings: cSettings
        ),
        .target(
            name: "CWeftElementMap",
            dependencies: ["CWeftArena"],
            path: "CSupport/CWeftElementMap",
            cSettings: cSettings
        ),

        // MARK: Swift modules, lowest first
        // The pure-Swift bottom: no C, no jemalloc, no thread of its own. Modules that
        // need no C core depend on it alone, so linking them links no allocator.
        .target(
            name: "WeftCore",
            dependencies: [.product(name: "DequeModule", package: "swift-collections")],
            swiftSettings: swiftSettings
        ),
        // The memory layer: jemalloc arenas per subsystem, the dealloc queue's thread,
        // memory reports. Only modules that own C memory or release off main need it.
        .target(
            name: "WeftMemory",
            dependencies: ["WeftCore", "CWeftArena", "CWeftDeallocQueue"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WeftReusePool",
            dependencies: ["WeftCore"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WeftReactive",
            dependencies: [
                "WeftCore",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "HeapModule", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WeftChangeSet",
            dependencies: ["WeftCore"],
            swiftSettings: swiftSettings
        ),
        // Above WeftChangeSet, so that `ChangeSet(diffing:to:)` lives with the diff and
        // a team that validates its own updates links no C.
        .target(
            name: "WeftDiff",
            dependencies: ["WeftCore", "WeftChangeSet", "CWeftDiff"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WeftElementMap",
            dependencies: ["WeftCore", "CWeftElementMap"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WeftNode",
            // HeapModule: the display queue's jobs, visible cells' drawings first.
            dependencies: ["WeftCore", .product(name: "HeapModule", package: "swift-collections")],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WeftDataController",
            dependencies: [
                "WeftCore", "WeftMemory", "WeftChangeSet", "WeftNode", "WeftElementMap",
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "WeftRangeController",
            dependencies: [
                "WeftCore", "WeftMemory", "WeftChangeSet", "WeftNode", "WeftElementMap", "WeftDataController",
                .product(name: "DequeModule", package: "swift-collections"),
            ],
            swiftSettings: swiftSettings
        ),
        // The UIKit-faithful backing view, as NIOEmbedded is to NIOCore: a view with
        // no screen that validates every commit by UIKit's rules. The containers'
        // default view, and the oracle of the tests, weft-sim and the fuzzers.
        .target(
            name: "WeftHeadless",
            dependencies: [
                "WeftCore", "WeftMemory", "WeftChangeSet", "WeftNode", "WeftElementMap", "WeftDataController",
                "WeftReusePool", "Weft",
            ],
            swiftSettings: swiftSettings
        ),
        // Nodes that draw: text shaped by Pango; PNG, JPEG and WebP images through
        // Cairo, libjpeg-turbo and libwebp, drawn off main by WeftNode's display lifecycle.
        .target(
            name: "WeftDisplay",
            dependencies: ["WeftCore", "WeftNode", "CPangoCairo", "CWeftImageCodecs"],
            swiftSettings: swiftSettings
        ),
        // Images over HTTP: a downloader with a disk cache, and Texture's network image node.
        .target(
            name: "WeftNetworkImage",
            dependencies: ["WeftCore", "WeftNode", "WeftDisplay"],
            swiftSettings: swiftSettings
        ),
        .target(
            name: "Weft",
            dependencies: [
                "WeftCore", "WeftMemory", "WeftDiff", "WeftChangeSet", "WeftNode", "WeftElementMap",
                "WeftDataController", "WeftRangeController",
            ],
            swiftSettings: swiftSettings
        ),
        // The sample feed's content and the figures' helpers, on WeftCore alone.
        .target(
            name: "WeftSampleFeed",
            dependencies: ["WeftCore"],
            swiftSettings: swiftSettings
        ),
        // The feed simulation behind weft-sim, a target of its own so that tests run its scenario.
        .target(
            name: "WeftSimulation",
            dependencies: ["Weft", "WeftDisplay", "WeftHeadless", "WeftCore", "WeftMemory", "WeftDiff", "WeftSampleFeed"],
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "weft-sim",
            dependencies: [
                "WeftSimulation",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),

        // A GTK 4 backing view: a second, real implementation of the backing-view protocol.
        .target(
            name: "WeftGTK",
            dependencies: ["Weft", "WeftMemory", "WeftNode", "WeftDataController", "WeftElementMap", "WeftDisplay", "CGtk4", "CWeftGTK"],
            swiftSettings: swiftSettings
        ),
        // The feed in a window on the Linux desktop.
        .executableTarget(
            name: "weft-gallery",
            dependencies: [
                "WeftGTK", "WeftSimulation", "WeftSampleFeed", "Weft", "WeftDisplay", "CGtk4",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings
        ),

        // The README's Quick start, word for word (scripts/check-readme keeps them equal);
        // scripts/test builds and runs it, so the first paste of a new user works.
        .executableTarget(
            name: "QuickStart",
            dependencies: ["Weft", "WeftDisplay"],
            swiftSettings: swiftSettings
        ),

        // The README's and the Weft article's chat screen, word for word (scripts/check-readme).
        .executableTarget(
            name: "ChatExample",
            dependencies: ["Weft", "WeftDisplay"],
            swiftSettings: swiftSettings
        ),

        // The WeftGTK article's small desktop app, word for word (scripts/check-readme);
        // scripts/test builds it and runs it under Xvfb.
        .executableTarget(
            name: "DesktopFeed",
            dependencies: ["Weft", "WeftDisplay", "WeftGTK", "CGtk4"],
            swiftSettings: swiftSettings
        ),

        // libFuzzer targets, each differential against a reference model; replay tools
        // in normal builds. Fuzz build and run: scripts/fuzz NAME [seconds].
        .executableTarget(
            name: "ChangeSetFuzzer",
            dependencies: ["WeftChangeSet", "WeftTestSupport"],
            path: "Sources/Fuzzers/ChangeSetFuzzer",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "ElementMapFuzzer",
            dependencies: ["WeftCore", "WeftElementMap", "WeftTestSupport"],
            path: "Sources/Fuzzers/ElementMapFuzzer",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "DiffFuzzer",
            dependencies: ["WeftDiff", "WeftChangeSet", "WeftTestSupport"],
            path: "Sources/Fuzzers/DiffFuzzer",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "LayoutSpecFuzzer",
            dependencies: ["WeftCore", "WeftNode", "WeftTestSupport"],
            path: "Sources/Fuzzers/LayoutSpecFuzzer",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "PipelineFuzzer",
            dependencies: [
                "Weft", "WeftHeadless", "WeftCore", "WeftMemory", "WeftChangeSet", "WeftDataController", "WeftRangeController",
                "WeftDiff", "WeftTestSupport",
            ],
            path: "Sources/Fuzzers/PipelineFuzzer",
            swiftSettings: swiftSettings
        ),
        .executableTarget(
            name: "DisplayFuzzer",
            dependencies: ["Weft", "WeftCore", "WeftMemory", "WeftDisplay", "WeftTestSupport"],
            path: "Sources/Fuzzers/DisplayFuzzer",
            swiftSettings: swiftSettings
        ),

        // MARK: Tests
        .target(
            name: "WeftTestSupport",
            dependencies: ["WeftCore", "WeftChangeSet", "WeftElementMap", "WeftDiff"],
            path: "Tests/WeftTestSupport",
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftChangeSetTests",
            dependencies: ["WeftChangeSet", "WeftTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftNodeTests",
            // WeftMemory counts the allocations of the allocation-gate tests.
            dependencies: ["WeftNode", "WeftTestSupport", "WeftMemory"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftCoreTests",
            dependencies: ["WeftCore", "WeftTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftMemoryTests",
            dependencies: ["WeftMemory", "WeftSampleFeed", "WeftTestSupport", "CWeftArena", "CWeftDeallocQueue"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftReusePoolTests",
            // WeftMemory counts the allocations of the allocation-gate tests.
            dependencies: ["WeftReusePool", "WeftTestSupport", "WeftMemory"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftDiffTests",
            dependencies: ["WeftDiff", "WeftChangeSet", "WeftCore", "WeftTestSupport", "CWeftDiff"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftReactiveTests",
            // WeftMemory counts the allocations of the allocation-gate tests.
            dependencies: ["WeftReactive", "WeftTestSupport", "WeftMemory"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftElementMapTests",
            dependencies: ["WeftElementMap", "WeftMemory", "WeftTestSupport", "CWeftElementMap"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftDataControllerTests",
            // The headless view is the data controller's oracle: it checks each commit by UIKit's rules.
            dependencies: ["WeftDataController", "WeftHeadless", "WeftDiff", "WeftTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftHeadlessTests",
            dependencies: ["WeftHeadless", "WeftDataController", "WeftTestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftRangeControllerTests",
            // WeftMemory counts the allocations of the allocation-gate tests.
            dependencies: ["WeftRangeController", "WeftTestSupport", "WeftMemory"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftNetworkImageTests",
            dependencies: ["WeftNetworkImage", "Weft", "WeftDisplay", "WeftNode", "WeftCore", "WeftTestSupport"],
            exclude: ["References"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftDisplayTests",
            dependencies: ["WeftDisplay", "WeftNode", "WeftTestSupport"],
            exclude: ["References"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftGTKTests",
            dependencies: ["WeftGTK", "WeftDisplay", "WeftHeadless", "WeftMemory", "WeftSimulation", "WeftTestSupport", "CGtk4"],
            exclude: ["References", "Scripts"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "WeftTests",
            dependencies: [
                "Weft", "WeftDisplay", "WeftHeadless", "WeftReusePool", "WeftMemory", "WeftElementMap", "WeftDiff",
                "WeftSimulation", "WeftSampleFeed", "WeftTestSupport",
            ],
            exclude: ["References"],
            swiftSettings: swiftSettings
        ),
    ]
)
