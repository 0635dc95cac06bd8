import Foundation
import Testing
import WeftRangeController

@MainActor
final class FetchRecorder: BatchFetchingDelegate {
    var allows = true
    var asked = 0
    var contexts: [BatchContext] = []

    func shouldBatchFetch(for rangeController: RangeController) -> Bool {
        asked += 1
        return allows
    }

    func rangeController(_ rangeController: RangeController, willBeginBatchFetchWith context: BatchContext) {
        #expect(context.isFetching)
        contexts.append(context)
    }
}

/// Batch fetching (100 items of 100 points: 10,000 points of content, a
/// 1,000-point viewport, 2 leading screens: the threshold is an offset of 7,000).
@MainActor
@Suite struct BatchFetchingTests {
    @Test func triggersOnceAtTheThresholdUntilCompleted() throws {
        let fixture = try ListFixture(count: 100)
        let delegate = FetchRecorder()
        fixture.controller.batchFetchingDelegate = delegate
        fixture.controller.scrollViewWillBeginDragging()
        var offset: CGFloat = 0
        while offset < 6_999 {
            fixture.scroll(to: offset, velocity: 100)
            offset += 100
        }
        #expect(delegate.contexts.isEmpty)
        fixture.scroll(to: 7_000, velocity: 100)
        #expect(delegate.contexts.count == 1, "at the threshold")
        for step in 1 ... 20 { fixture.scroll(to: 7_000 + CGFloat(step) * 50, velocity: 100) }
        #expect(delegate.contexts.count == 1, "never two fetches at once")
        #expect(fixture.controller.statistics.batchFetchCount == 1)
        delegate.contexts[0].completeBatchFetching(true)
        #expect(delegate.contexts[0].state == .completed)
        fixture.scheduler.runAll()
        #expect(delegate.contexts.count == 2, "completing lets the next check fetch again")
        delegate.contexts[1].cancelBatchFetching()
        #expect(delegate.contexts[1].state == .cancelled)
        delegate.allows = false
        fixture.scheduler.runAll()
        #expect(delegate.contexts.count == 2, "the delegate declined")
    }

    @Test func noFetchWhileScrollingTowardTheStart() throws {
        let fixture = try ListFixture(count: 100)
        let delegate = FetchRecorder()
        fixture.controller.batchFetchingDelegate = delegate
        fixture.scroll(to: 8_000, velocity: -100)
        #expect(delegate.asked == 0)
        fixture.scroll(to: 8_010, velocity: 100)
        #expect(delegate.contexts.count == 1)
    }

    @Test func shortContentFetchesEvenWhenHidden() throws {
        let fixture = try ListFixture(count: 5)
        let delegate = FetchRecorder()
        fixture.controller.batchFetchingDelegate = delegate
        fixture.controller.isContainerVisible = false
        fixture.scroll(to: 0)
        #expect(delegate.contexts.count == 1)

        let tall = try ListFixture(count: 100)
        let other = FetchRecorder()
        tall.controller.batchFetchingDelegate = other
        tall.controller.isContainerVisible = false
        tall.scroll(to: 8_000, velocity: 100)
        #expect(other.asked == 0, "a hidden container with enough content waits")
    }

    @Test func zeroLeadingScreensTurnsFetchingOff() throws {
        let fixture = try ListFixture(count: 5)
        let delegate = FetchRecorder()
        fixture.controller.batchFetchingDelegate = delegate
        try fixture.controller.setLeadingScreensForBatching(0)
        fixture.scroll(to: 0)
        #expect(delegate.asked == 0)
    }
}
