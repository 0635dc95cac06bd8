import Benchmark
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

/// Drops scheduled updates: each frame calls `updateIfNeeded()` itself, as a
/// view does at the end of `layoutSubviews`.
struct FrameDrivenScheduler: MainScheduler {
    func schedule(_ job: @escaping @MainActor @Sendable () -> Void) {}
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

@MainActor
final class ScrollFixture {
    static let sectionCount = 100
    nonisolated static let itemLength: CGFloat = 100
    static let screen: CGFloat = 1_000
    nonisolated static let width: CGFloat = 320
    /// Items the viewport travels before turning back.
    static let travel = 600

    private let controller: RangeController?
    private let model: TextureRangeModel?
    private let start: CGFloat
    private var offset: CGFloat
    private var down = true

    init(size: Int, texture: Bool) {
        let perSection = size / Self.sectionCount
        let size = SizeRange.unconstrained
        let sections = (0 ..< Self.sectionCount).map { _ in
            (0 ..< perSection).map { _ in
                CollectionElement(nodeBlock: { RowNode() }, constrainedSize: size)
            }
        }
        let middle = Self.sectionCount / 2 * perSection
        // Measure the nodes of the travelled stretch and its ranges.
        for ordinal in middle - 100 ..< middle + Self.travel + 100 {
            let element = sections[ordinal / perSection][ordinal % perSection]
            _ = element.node.layoutThatFits(element.constrainedSize)
        }
        start = CGFloat(middle) * Self.itemLength
        offset = start
        if texture {
            model = TextureRangeModel(sections: sections, itemLength: Self.itemLength, width: Self.width)
            controller = nil
        } else {
            let controller = RangeController(layout: try! ListLayout(), scheduler: FrameDrivenScheduler())
            controller.isContainerVisible = true
            controller.setVisibleMap(try! ElementMap(sections: sections))
            controller.scrollViewWillBeginDragging()
            self.controller = controller
            model = nil
        }
        frame()
    }

    /// Moves the viewport by 1/60 of a screen and updates the ranges.
    func frame() {
        let step = Self.screen / 60
        if down, offset + step > start + CGFloat(Self.travel) * Self.itemLength { down = false }
        if !down, offset - step < start { down = true }
        offset += down ? step : -step
        let bounds = CGRect(x: 0, y: offset, width: Self.width, height: Self.screen)
        if let controller {
            controller.scrollVelocity = CGPoint(x: 0, y: down ? 600 : -600)
            controller.viewport = bounds
            controller.updateIfNeeded()
        } else if let model {
            model.update(bounds: bounds, down: down)
        }
    }
}

/// A 100-point row.
final class RowNode: CellNode, @unchecked Sendable {
    override func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        Layout(size: CGSize(width: ScrollFixture.width, height: ScrollFixture.itemLength))
    }
}
