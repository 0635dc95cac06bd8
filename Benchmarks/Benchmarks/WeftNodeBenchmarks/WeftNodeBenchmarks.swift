import Benchmark
import Dispatch
import Foundation
import WeftCore
import WeftNode

/// What the data controller does to new items, and what the range controller
/// does per update:
///
/// - `Node.10k.createAndMeasure`: create 10k cell nodes, each with 5 text-like
///   subnodes added in its initializer, and measure each (`layoutThatFits`) on
///   every core with `DispatchQueue.concurrentPerform`, as the data controller's
///   step 3 does. The peer `Node.10k.createAndMeasure (serial)` does the same
///   on one thread. The target is >= 1.7x on 2 cores.
/// - `Node.10k.createAndMeasure.mallocs`: the serial run again, counting
///   allocations only. The two timed runs do not count: the interposer that
///   counts slows every allocation, and on this VM it slowed the parallel run
///   (53 ms) far more than the serial one (34 ms), which would make the ratio
///   say more about the interposer than about nodes.
/// - `Node.1k.recursiveInterfaceState`: one `recursivelySetInterfaceState` on a
///   1,000-node tree, on main, alternating between every state and none, so
///   every node changes and runs its (empty) hooks each time.
///
/// Nodes are released after the measurement stops.
///
/// Known problem, not Weft's: under the plugin's malloc interposer with Debian's
/// jemalloc as the process allocator, a process that frees over-aligned blocks
/// (`posix_memalign`, which Swift uses for the side tables of weak references,
/// such as a subnode's `supernode`) among ordinary ones can crash or hang inside
/// jemalloc. A few lines of Swift reproduce it without Weft (objects of a class
/// aligned to 32 bytes, or with one weak reference, among ordinary arrays); the
/// same lines in C, or with glibc, or without the interposer, run clean. When
/// this target dies that way, run its executable (built by the plugin, at
/// `Benchmarks/.build/release/WeftNodeBenchmarks`) directly for the timings.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        // Not `.instructions`: unsupported on these VMs, and asking for it adds
        // phantom mallocs to `mallocCountTotal`.
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        maxDuration: .seconds(3),
        maxIterations: 100
    )
    let cellCount = 10_000
    let range = try! SizeRange(min: .zero, max: CGSize(width: 375, height: CGFloat.infinity))

    let timed = Benchmark.Configuration(metrics: [.wallClock, .throughput])
    Benchmark("Node.10k.createAndMeasure", configuration: timed) { benchmark in
        let cells = CellBuffer(count: cellCount)
        benchmark.startMeasurement()
        DispatchQueue.concurrentPerform(iterations: cellCount) { index in
            cells.store(makeMeasuredCell(index, range: range), at: index)
        }
        benchmark.stopMeasurement()
        blackHole(cells)
    }

    for (name, configuration) in [
        ("Node.10k.createAndMeasure (serial)", timed),
        ("Node.10k.createAndMeasure.mallocs", Benchmark.Configuration(metrics: [.mallocCountTotal], maxIterations: 10)),
    ] {
        Benchmark(name, configuration: configuration) { benchmark in
            let cells = CellBuffer(count: cellCount)
            benchmark.startMeasurement()
            for index in 0 ..< cellCount {
                cells.store(makeMeasuredCell(index, range: range), at: index)
            }
            benchmark.stopMeasurement()
            blackHole(cells)
        }
    }

    let tree = makeTree(nodeCount: 1_000)
    let flip = Flip()
    Benchmark("Node.1k.recursiveInterfaceState") { benchmark in
        let target: InterfaceState = flip.next() ? .all : []
        // Interface states change on main; the benchmark's own thread is not main.
        // It waits in main.sync, so main is the only thread using `measured` meanwhile.
        nonisolated(unsafe) let measured = benchmark
        DispatchQueue.main.sync {
            MainActor.assumeIsolated {
                measured.startMeasurement()
                do {
                    try tree.recursivelySetInterfaceState(target)
                } catch {
                    measured.error("\(error)")
                }
                measured.stopMeasurement()
            }
        }
    }
}

/// A leaf that sizes itself like a line-wrapping label: 7 points per character,
/// 17 points per line.
final class TextNode: DisplayNode, @unchecked Sendable {
    let characterCount: Int

    init(characterCount: Int) {
        self.characterCount = characterCount
        super.init()
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        let natural = CGFloat(characterCount) * 7
        let width = min(natural, constrainedSize.width)
        let lines = width > 0 ? (natural / width).rounded(.up) : 0
        return CGSize(width: width, height: lines * 17)
    }
}

/// A cell node with five text subnodes, stacked with 8 points of padding.
final class FeedCellNode: CellNode, @unchecked Sendable {
    init(index: Int) {
        super.init()
        for part in 0 ..< 5 {
            // Every node is a detached leaf here: the unlocked path.
            try? addSubnode(TextNode(characterCount: 10 + (index &* 31 &+ part &* 17) % 120))
        }
    }

    override func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        let width = range.max.width
        let childRange = (try? SizeRange(min: .zero, max: CGSize(width: width - 16, height: CGFloat.infinity)))
            ?? .unconstrained
        var children: [Layout.Child] = []
        var y: CGFloat = 8
        for subnode in subnodes {
            let layout = subnode.layoutThatFits(childRange)
            children.append(Layout.Child(node: subnode, origin: CGPoint(x: 8, y: y), layout: layout))
            y += layout.size.height + 8
        }
        return Layout(size: CGSize(width: width, height: y), children: children)
    }
}

func makeMeasuredCell(_ index: Int, range: SizeRange) -> FeedCellNode {
    let cell = FeedCellNode(index: index)
    _ = cell.layoutThatFits(range)
    return cell
}

/// Where concurrent iterations put their cells: each writes only its own slot.
// @unchecked: slots are written by distinct iterations of one concurrentPerform,
// which returns before anything else touches them; deinit runs after it.
final class CellBuffer: @unchecked Sendable {
    private let count: Int
    private let slots: UnsafeMutablePointer<FeedCellNode?>

    init(count: Int) {
        self.count = count
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil, count: count)
    }

    deinit {
        slots.deinitialize(count: count)
        slots.deallocate()
    }

    func store(_ cell: FeedCellNode, at index: Int) {
        slots[index] = cell
    }
}

/// A tree of `nodeCount` nodes: a root with 9 children, each with 10, each with 10
/// leaves (1 + 9 + 90 + 900 for 1,000).
func makeTree(nodeCount: Int) -> DisplayNode {
    let root = DisplayNode()
    var count = 1
    for _ in 0 ..< 9 where count < nodeCount {
        let child = DisplayNode()
        count += 1
        for _ in 0 ..< 10 where count < nodeCount {
            let grandchild = DisplayNode()
            count += 1
            for _ in 0 ..< 10 where count < nodeCount {
                try? grandchild.addSubnode(DisplayNode())
                count += 1
            }
            try? child.addSubnode(grandchild)
        }
        try? root.addSubnode(child)
    }
    return root
}

/// Alternates true and false across benchmark iterations.
// @unchecked: only the benchmark's runner thread calls next(), one iteration at a time.
final class Flip: @unchecked Sendable {
    private var state = false
    func next() -> Bool {
        state.toggle()
        return state
    }
}
