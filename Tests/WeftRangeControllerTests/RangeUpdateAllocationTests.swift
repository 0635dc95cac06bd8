import Foundation
import Testing
import WeftCore
import WeftDataController
import WeftElementMap
import WeftMemory
import WeftNode
import WeftRangeController
import WeftTestSupport

/// A scrolled frame allocates nothing once the ranges have travelled: the runs are
/// three pairs of ordinals and the visits reuse their buffers. Counted by jemalloc's
/// per-thread counter, so CI catches a regression.
@MainActor
// Runs in optimized builds (scripts/test runs `swift test -c release --filter AllocationTests`):
// unoptimized code boxes closure contexts that the optimizer keeps on the stack.
@Suite(.enabled(if: AllocationCounter.isCounting && isReleaseBuild, "needs jemalloc as malloc and a release build"))
struct RangeUpdateAllocationTests {
    final class Row: CellNode, @unchecked Sendable {
        override func calculateLayoutThatFits(_ range: SizeRange) -> Layout {
            Layout(size: CGSize(width: 320, height: 100))
        }
    }

    @Test func aScrolledFrameAllocatesNothing() throws {
        let sections = (0 ..< 10).map { _ in
            (0 ..< 100).map { _ in CollectionElement(nodeBlock: { Row() }, constrainedSize: .unconstrained) }
        }
        for element in sections.joined() { _ = element.node.layoutThatFits(element.constrainedSize) }
        let controller = RangeController(layout: try ListLayout(), scheduler: ManualMainScheduler())
        controller.isContainerVisible = true
        controller.setVisibleMap(try ElementMap(sections: sections))
        controller.scrollViewWillBeginDragging()
        var offset: CGFloat = 20_000
        func frame(_ step: CGFloat) {
            offset += step
            controller.scrollVelocity = CGPoint(x: 0, y: step * 60)
            controller.viewport = CGRect(x: 0, y: offset, width: 320, height: 1_000)
            controller.updateIfNeeded()
        }
        // Travel down and back once, so every buffer has reached its size.
        for _ in 0 ..< 120 { frame(50) }
        for _ in 0 ..< 120 { frame(-50) }

        var total: UInt64 = 0
        for _ in 0 ..< 60 {
            total += AllocationCounter.bytesAllocated { frame(50) } ?? 0
        }
        #expect(total == 0, "60 scrolled frames allocated \(total) bytes")
        #expect(controller.statistics.updateCount > 0)
    }
}
