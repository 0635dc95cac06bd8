import Dispatch
import Foundation
import Synchronization
import Testing
import WeftCore
import WeftNode
import WeftTestSupport

/// Eight threads at once on shared nodes: what ThreadSanitizer checks.
@Suite struct ConcurrentNodeTests {
    private let range = try! SizeRange(min: .zero, max: CGSize(width: 320, height: CGFloat.infinity))

    @Test func eightThreadsBuildUnderOneParent() throws {
        let parent = DisplayNode()
        let perThread = 400
        let threads = ThreadIdentity.concurrentPerform(iterations: 8) { _ in
            for _ in 0 ..< perThread {
                // Detached leaves: the unlocked path, all contending on one parent.
                try? parent.addSubnode(DisplayNode())
            }
        }
        #expect(threads.count >= 1)
        #expect(parent.subnodes.count == 8 * perThread)
        #expect(parent.subnodes.allSatisfy { $0.supernode === parent })
        #expect(Set(parent.subnodes.map(ObjectIdentifier.init)).count == 8 * perThread)
        parent._checkInvariants()
    }

    /// The data controller's step 3: build and measure cells on every core. The
    /// result must match building them one at a time.
    @Test func cellsBuiltAndMeasuredInParallelMatchCellsBuiltSerially() throws {
        @Sendable func makeCell(_ index: Int) -> StackNode {
            let cell = StackNode()
            for part in 0 ..< 5 {
                try? cell.addSubnode(SizedLeaf(CGSize(width: 10, height: CGFloat((index * 7 + part) % 13))))
            }
            return cell
        }
        let count = 2_000
        let heights = PosixMutex([CGFloat](repeating: -1, count: count))
        let cells = PosixMutex([StackNode?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let cell = makeCell(index)
            let height = cell.layoutThatFits(range).size.height
            heights.withLock { $0[index] = height }
            cells.withLock { $0[index] = cell }
        }
        let serial = (0 ..< count).map { makeCell($0).layoutThatFits(range).size.height }
        let heightsSeen = heights.withLock { $0 }
        #expect(heightsSeen == serial)
        for cell in cells.withLock({ $0 }) {
            let cell = try #require(cell)
            #expect(cell.subnodes.count == 5)
            cell._checkInvariants()
        }
    }

    @Test func eightThreadsReadAndWritePropertiesOfOneTree() throws {
        let root = StackNode()
        root.setRangeManaged(true)
        let columns = (0 ..< 4).map { _ in StackNode() }
        for column in columns {
            for i in 0 ..< 4 { try column.addSubnode(SizedLeaf(CGSize(width: 10, height: CGFloat(i + 1)))) }
            try root.addSubnode(column)
        }
        let refusedCycles = Atomic<Int>(0)
        _ = ThreadIdentity.concurrentPerform(iterations: 8) { thread in
            var random = SplitMix64(seed: UInt64(thread))
            var added: [DisplayNode] = []
            for step in 0 ..< 400 {
                let column = columns[Int.random(in: 0 ..< columns.count, using: &random)]
                switch step % 8 {
                case 0:
                    column.debugName = "column \(thread).\(step)"
                case 1:
                    _ = (column.debugName, column.description, column.interfaceState, column.isRangeManaged)
                case 2:
                    _ = root.layoutThatFits(range).size
                case 3:
                    column.subnodes.randomElement(using: &random)?.setNeedsLayout()
                case 4:
                    let leaf = DisplayNode()
                    if (try? column.addSubnode(leaf)) != nil { added.append(leaf) }
                case 5:
                    if let leaf = added.popLast() { try? leaf.removeFromSupernode() }
                case 6:
                    do throws(NodeError) {
                        try column.subnodes[0].addSubnode(root)
                    } catch {
                        if case .subnodeIsAncestor = error { refusedCycles.wrappingAdd(1, ordering: .relaxed) }
                    }
                default:
                    _ = (column.isNodeLoaded, column.supernode, column.calculatedLayout, column.automaticallyManagesSubnodes)
                    column.automaticallyManagesSubnodes = false
                }
            }
        }
        #expect(refusedCycles.load(ordering: .relaxed) == 8 * 50)
        #expect(root.supernode == nil)
        root._checkInvariants()
        #expect(root.layoutThatFits(range).size.height == CGFloat(4 * (1 + 2 + 3 + 4)))
    }

    @Test func eightThreadsMoveNodesBetweenParents() throws {
        let parents = (0 ..< 4).map { _ in DisplayNode() }
        let movers = (0 ..< 16).map { _ in
            let node = DisplayNode()
            try? node.addSubnode(DisplayNode())  // not leaves: every move takes the locked path
            return node
        }
        _ = ThreadIdentity.concurrentPerform(iterations: 8) { thread in
            var random = SplitMix64(seed: 100 + UInt64(thread))
            for _ in 0 ..< 300 {
                let mover = movers.randomElement(using: &random)!
                let parent = parents.randomElement(using: &random)!
                if Bool.random(using: &random) {
                    try? parent.insertSubnode(mover, at: 0)
                } else {
                    try? mover.removeFromSupernode()
                }
            }
        }
        for parent in parents { parent._checkInvariants() }
        let placed = parents.flatMap(\.subnodes)
        #expect(Set(placed.map(ObjectIdentifier.init)).count == placed.count)
        #expect(movers.filter { $0.supernode != nil }.count == placed.count)
    }
}
