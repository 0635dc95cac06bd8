import Benchmark
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

@MainActor
final class BenchView: HeadlessView {
    var text = ""
    var backgroundColor: String?
}

enum Row {}

@MainActor
final class MountFixture {
    static let viewCount = 500

    let root = HeadlessView()
    let map: ReusePoolMap
    /// `configurations[set][row]`.
    let configurations: [[ViewConfiguration]]
    let components: [ComponentID]
    /// Vend orders, used in turn; each a permutation of the rows.
    let orders: [[Int]]
    /// The same rows as plain values, for the naive peer.
    let texts: [String]
    let backgrounds: [String?]
    let alphas: [Double?]
    private var passNumber = 0
    /// The naive peer's container of the last pass, released by the next one.
    private var naiveContainer = HeadlessView()

    init(orders orderCount: Int, configurationSets: Int) {
        map = ReusePoolMap(container: root)
        let rows = 0 ..< Self.viewCount
        // Three shapes: plain, with a background, with an alpha.
        texts = rows.map { "row \($0)" }
        backgrounds = rows.map { $0 % 3 == 1 ? ($0 % 2 == 0 ? "red" : "blue") : nil }
        alphas = rows.map { $0 % 3 == 2 ? 0.5 : nil }

        let viewClass = ViewClass(BenchView.self)
        var configurations: [[ViewConfiguration]] = []
        for set in 0 ..< configurationSets {
            configurations.append(rows.map { [texts, backgrounds, alphas] row in
                var attributes = [ViewAttribute("text", value: "\(texts[row]) v\(set)") { (view: BenchView, text) in
                    view.text = text
                }]
                if let background = backgrounds[row] {
                    attributes.append(ViewAttribute("backgroundColor", value: background) { (view: BenchView, color) in
                        view.backgroundColor = color
                    })
                }
                if let alpha = alphas[row] {
                    attributes.append(ViewAttribute("alpha", value: alpha) { (view: BenchView, alpha) in view.alpha = alpha })
                }
                do {
                    return try ViewConfiguration(viewClass, attributes: attributes)
                } catch {
                    fatalError("fixture configuration refused: \(error)")
                }
            })
        }
        self.configurations = configurations
        components = rows.map { ComponentID(Row.self, instance: $0) }
        var generator = SystemRandomNumberGenerator()
        orders = (0 ..< orderCount).map { order in
            order == 0 ? Array(rows) : Array(rows).shuffled(using: &generator)
        }
        // Warm up: create the views, then let every array and table reach its size.
        for _ in 0 ..< 4 { mountNext() }
    }

    private func mountNext() {
        let configurations = self.configurations[passNumber % self.configurations.count]
        let order = orders[passNumber % orders.count]
        passNumber += 1
        do {
            try map.mount { pass in
                for row in order {
                    blackHole(try pass.view(for: configurations[row], component: components[row]))
                }
            }
        } catch {
            fatalError("mount pass failed: \(error)")
        }
    }

    func measure(_ benchmark: Benchmark) {
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            mountNext()
        }
        benchmark.stopMeasurement()
        precondition(map.statistics.viewsCreated == Self.viewCount, "a warm pass created views")
    }

    /// The peer: drop the container with every view in it, then create a view per row,
    /// set its properties and add it to a new container. Dropping the container frees
    /// the old views in O(n), cheaper than removing them one by one.
    func measureNaive(_ benchmark: Benchmark) {
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let container = HeadlessView()
            for row in 0 ..< Self.viewCount {
                let view = BenchView()
                view.text = texts[row]
                if let background = backgrounds[row] { view.backgroundColor = background }
                if let alpha = alphas[row] { view.alpha = alpha }
                container.addSubview(view)
            }
            naiveContainer = container
        }
        benchmark.stopMeasurement()
    }
}
