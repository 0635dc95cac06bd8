import Dispatch
import Foundation
import Synchronization
import Testing
import WeftCore
import WeftNode
import WeftTestSupport

/// A leaf that wants a fixed size and counts its calculations.
final class SizedLeaf: DisplayNode, @unchecked Sendable {
    let wanted: CGSize
    let calculations = Atomic<Int>(0)

    init(_ wanted: CGSize) {
        self.wanted = wanted
        super.init()
    }

    override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
        calculations.wrappingAdd(1, ordering: .relaxed)
        return wanted
    }
}

/// Stacks its subnodes vertically at the width of the range.
final class StackNode: DisplayNode, @unchecked Sendable {
    let calculations = Atomic<Int>(0)

    override func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
        calculations.wrappingAdd(1, ordering: .relaxed)
        var children: [Layout.Child] = []
        var y: CGFloat = 0
        for subnode in subnodes {
            let childRange = (try? SizeRange(min: .zero, max: CGSize(width: range.max.width, height: CGFloat.infinity))) ?? .unconstrained
            let layout = subnode.layoutThatFits(childRange)
            children.append(Layout.Child(node: subnode, origin: CGPoint(x: 0, y: y), layout: layout))
            y += layout.size.height
        }
        return Layout(size: CGSize(width: range.max.width, height: y), children: children)
    }
}

@Suite struct LayoutTests {
    private let range = try! SizeRange(min: .zero, max: CGSize(width: 320, height: 1_000))

    @Test func layoutsAreCachedPerRange() throws {
        let leaf = SizedLeaf(CGSize(width: 100, height: 40))
        #expect(leaf.calculatedLayout == nil)
        let first = leaf.layoutThatFits(range)
        #expect(first.size == CGSize(width: 100, height: 40))
        #expect(leaf.layoutThatFits(range).isIdentical(to: first))
        #expect(leaf.calculations.load(ordering: .relaxed) == 1)
        #expect(leaf.calculatedSizeRange == range)

        let narrow = try SizeRange(min: .zero, max: CGSize(width: 50, height: 1_000))
        #expect(leaf.layoutThatFits(narrow).size == CGSize(width: 50, height: 40))
        #expect(leaf.calculations.load(ordering: .relaxed) == 2)
        #expect(leaf.calculatedSizeRange == narrow)
        // One entry: asking for the first range again recalculates.
        _ = leaf.layoutThatFits(range)
        #expect(leaf.calculations.load(ordering: .relaxed) == 3)
        leaf._checkInvariants()
    }

    @Test func invalidationRecalculates() {
        let leaf = SizedLeaf(CGSize(width: 10, height: 10))
        _ = leaf.layoutThatFits(range)
        leaf.invalidateCalculatedLayout()
        #expect(leaf.calculatedLayout == nil)
        _ = leaf.layoutThatFits(range)
        #expect(leaf.calculations.load(ordering: .relaxed) == 2)
    }

    @Test func setNeedsLayoutInvalidatesEveryAncestorButNotSiblings() throws {
        let root = StackNode()
        let column = StackNode()
        let leaf = SizedLeaf(CGSize(width: 10, height: 20))
        let sibling = SizedLeaf(CGSize(width: 10, height: 30))
        try column.addSubnode(leaf)
        try root.addSubnode(column)
        try root.addSubnode(sibling)
        #expect(root.layoutThatFits(range).size == CGSize(width: 320, height: 50))
        leaf.setNeedsLayout()
        #expect(leaf.calculatedLayout == nil && column.calculatedLayout == nil && root.calculatedLayout == nil)
        #expect(sibling.calculatedLayout != nil)
        _ = root.layoutThatFits(range)
        #expect(root.calculations.load(ordering: .relaxed) == 2)
        #expect(sibling.calculations.load(ordering: .relaxed) == 1)
        root._checkInvariants()
    }

    @Test func sizesOutOfRangeOrNaNAreClampedIntoTheRange() throws {
        let bounded = try SizeRange(min: CGSize(width: 20, height: 20), max: CGSize(width: 50, height: 50))
        #expect(SizedLeaf(CGSize(width: 500, height: -3)).layoutThatFits(bounded).size == CGSize(width: 50, height: 20))
        #expect(SizedLeaf(CGSize(width: CGFloat.nan, height: 30)).layoutThatFits(bounded).size == CGSize(width: 20, height: 30))
        // The default leaf wants nothing and gets the minimum.
        #expect(DisplayNode().layoutThatFits(bounded).size == CGSize(width: 20, height: 20))
    }

    @Test func aLayoutCalculatedWhileInvalidatedIsReturnedButNotCached() {
        /// Invalidates itself in the middle of its first calculation, as another
        /// thread's `setNeedsLayout()` could.
        final class SelfInvalidatingLeaf: DisplayNode, @unchecked Sendable {
            let calculations = Atomic<Int>(0)
            override func calculateSizeThatFits(_ constrainedSize: CGSize) -> CGSize {
                if calculations.wrappingAdd(1, ordering: .relaxed).oldValue == 0 { invalidateCalculatedLayout() }
                return CGSize(width: 5, height: 5)
            }
        }
        let leaf = SelfInvalidatingLeaf()
        #expect(leaf.layoutThatFits(range).size == CGSize(width: 5, height: 5))
        #expect(leaf.calculatedLayout == nil)
        _ = leaf.layoutThatFits(range)
        #expect(leaf.calculatedLayout != nil)
        #expect(leaf.calculations.load(ordering: .relaxed) == 2)
    }

    @Test func aLayoutNamingTheNodeOrAnAncestorIsNotCachedSoNothingLeaks() throws {
        /// Names whatever `culprit` returns among its children: a subclass bug.
        final class MisbehavingNode: DisplayNode, @unchecked Sendable {
            let culprit: @Sendable (DisplayNode) -> DisplayNode?
            init(culprit: @escaping @Sendable (DisplayNode) -> DisplayNode?) {
                self.culprit = culprit
                super.init()
            }
            override func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
                let child = culprit(self).map { Layout.Child(node: $0, frame: .zero) }
                return Layout(size: .zero, children: child.map { [$0] } ?? [])
            }
        }
        weak var weakSelfNamer: DisplayNode?
        weak var weakParent: DisplayNode?
        do {
            let selfNamer = MisbehavingNode { $0 }
            weakSelfNamer = selfNamer
            #expect(selfNamer.layoutThatFits(range).children.first?.node === selfNamer)
            #expect(selfNamer.calculatedLayout == nil)

            let parent = DisplayNode()
            weakParent = parent
            let ancestorNamer = MisbehavingNode { $0.supernode }
            try parent.addSubnode(ancestorNamer)
            #expect(ancestorNamer.layoutThatFits(range).children.first?.node === parent)
            #expect(ancestorNamer.calculatedLayout == nil)
        }
        #expect(weakSelfNamer == nil && weakParent == nil)
    }

    @Test func manyThreadsMeasureOneTreeAndAgree() throws {
        let root = StackNode()
        for i in 0 ..< 20 { try root.addSubnode(SizedLeaf(CGSize(width: 10, height: CGFloat(i)))) }
        // PosixMutex, not Mutex: eight threads contend, and ThreadSanitizer cannot
        // follow a contended Mutex (see PosixMutex).
        let heights = PosixMutex<Set<CGFloat>>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0 ..< 50 {
                let height = root.layoutThatFits(range).size.height
                heights.withLock { _ = $0.insert(height) }
            }
        }
        let heightsSeen = heights.withLock { $0 }
        #expect(heightsSeen == [190])
        root._checkInvariants()
    }
}
