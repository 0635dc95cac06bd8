import Foundation
import Synchronization
import Testing
import WeftCore
import WeftDataController
import WeftElementMap
import WeftNode
import WeftRangeController
import WeftTestSupport

/// Which nodes an update touches: only allocated ones, only where the state
/// changes, all of a subtree, and every node that left the ranges.
@MainActor
@Suite struct RangeTransitionTests {
    @Test func unallocatedNodesStayUnallocated() throws {
        let blockRuns = Atomic<Int>(0)
        let lazy = (0 ..< 30).map { _ in
            CollectionElement(
                nodeBlock: {
                    blockRuns.add(1, ordering: .relaxed)
                    return CellNode()
                },
                constrainedSize: try! SizeRange(exactly: CGSize(width: 320, height: 100)))
        }
        let measured = (0 ..< 30).map { _ in makeMeasuredElement(size: CGSize(width: 320, height: 100)) }
        // Alternate: every other item has a node.
        let items = zip(lazy, measured).flatMap { [$0, $1] }
        let controller = RangeController(layout: try ListLayout(), scheduler: ManualMainScheduler())
        controller.isContainerVisible = true
        controller.setVisibleMap(try ElementMap(sections: [items]))
        controller.viewport = CGRect(x: 0, y: 0, width: 320, height: 1_000)
        controller.updateIfNeeded()
        controller.viewport = CGRect(x: 0, y: 3_000, width: 320, height: 1_000)
        controller.updateIfNeeded()
        #expect(blockRuns.load(ordering: .relaxed) == 0)
        #expect(lazy.allSatisfy { $0.nodeIfAllocated == nil })
        // The unallocated elements took their constrained size: item 30 starts at 3,000.
        #expect(measured[15].nodeIfAllocated?.interfaceState == .all, "item 31 is visible")
        #expect(controller.layout.frameForItem(at: IndexPath(item: 30, section: 0))?.minY == 3_000)
    }

    @Test func onlyChangedNodesGetCallbacks() throws {
        let fixture = try ListFixture(count: 400)
        fixture.controller.scrollViewWillBeginDragging()
        fixture.scroll(to: 5_000, velocity: 1)
        let step = ListFixture.screen / 60
        for frame in 1 ... 240 {
            let before = fixture.elements.indices.map(fixture.state)
            let changesBefore = fixture.recorder.changes.count
            let hooksBefore = fixture.hookCalls
            fixture.scroll(to: 5_000 + CGFloat(frame) * step, velocity: 600)
            let after = fixture.elements.indices.map(fixture.state)
            let changed = zip(before, after).filter { $0 != $1 }
            #expect(fixture.recorder.changes.count - changesBefore == changed.count, "frame \(frame)")
            // One hook per bit that flipped, nothing for nodes that kept their state.
            let flippedBits = changed.reduce(0) { $0 + $1.0.symmetricDifference($1.1).rawValue.nonzeroBitCount }
            #expect(fixture.hookCalls - hooksBefore == flippedBits, "frame \(frame)")
        }
        for change in fixture.recorder.changes { #expect(change.from != change.to) }
    }

    @Test func aScrolledFrameVisitsOnlyItemsThatCrossABoundary() throws {
        let fixture = try ListFixture(count: 2_000)
        fixture.controller.scrollViewWillBeginDragging()
        fixture.scroll(to: 50_000, velocity: 1)
        let visitedBefore = fixture.controller.statistics.elementsVisited
        let frames = 600
        for frame in 1 ... frames {
            fixture.scroll(to: 50_000 + CGFloat(frame) * ListFixture.screen / 60, velocity: 600)
        }
        let visited = fixture.controller.statistics.elementsVisited - visitedBefore
        // 600 frames move 10 screens (100 items); six range ends each pass about
        // 100 items, and a frame may revisit the run an end sits in.
        #expect(visited <= 6 * 100 + 6 * frames / 6, "visited \(visited) over \(frames) frames")
        #expect(visited >= 6 * 100 - 6)
    }

    @Test func nodesLeavingEveryRangeAreReset() throws {
        let fixture = try ListFixture(count: 300)
        fixture.controller.scrollViewWillBeginDragging()
        fixture.scroll(to: 2_000, velocity: 1)
        let held = fixture.elements.indices.filter { !fixture.state($0).isEmpty }
        #expect(held == Array(5 ..< 55))
        fixture.scroll(to: 20_000, velocity: 1)
        for ordinal in held { #expect(fixture.state(ordinal).isEmpty, "item \(ordinal)") }
        let reset = fixture.recorder.changes.filter { $0.to.isEmpty }
        #expect(reset.count == held.count)
    }

    @Test func subnodesFollowTheirCell() throws {
        let cell = RecordingNode(size: CGSize(width: 320, height: 100))
        let child = DisplayNode()
        try cell.addSubnode(child)
        _ = cell.layoutThatFits(.unconstrained)
        let element = CollectionElement(nodeBlock: { cell }, constrainedSize: .unconstrained)
        _ = element.node
        let controller = RangeController(layout: try ListLayout(), scheduler: ManualMainScheduler())
        controller.isContainerVisible = true
        controller.setVisibleMap(try ElementMap(sections: [[element]]))
        controller.viewport = CGRect(x: 0, y: 0, width: 320, height: 500)
        controller.updateIfNeeded()
        #expect(cell.interfaceState == .all)
        #expect(child.interfaceState == .all)
    }

    @Test func setNeedsUpdateCoalesces() throws {
        let fixture = try ListFixture(count: 50)
        fixture.scheduler.runAll()
        let updates = fixture.controller.statistics.updateCount
        fixture.controller.viewport = CGRect(x: 0, y: 0, width: 320, height: 1_000)
        fixture.controller.setNeedsUpdate()
        fixture.controller.isContainerVisible = false
        #expect(fixture.scheduler.pendingJobCount == 1)
        fixture.scheduler.runAll()
        #expect(fixture.controller.statistics.updateCount == updates + 1)
        #expect(fixture.state(0) == [.preload, .display])
        fixture.controller.updateIfNeeded()
        #expect(fixture.controller.statistics.updateCount == updates + 1, "nothing to do")
    }

    @Test func anEmptyViewportClearsOnlyVisibility() throws {
        let fixture = try ListFixture(count: 50)
        fixture.scroll(to: 0)
        #expect(fixture.state(0) == .all)
        #expect(fixture.state(11) == [.preload, .display])
        fixture.controller.viewport = CGRect(x: 0, y: 0, width: 320, height: 0)
        fixture.controller.updateIfNeeded()
        #expect(fixture.state(0) == [.preload, .display])
        #expect(fixture.state(11) == [.preload, .display])
    }
}
