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
/// The delegate is asked on a main turn of its own, so each scroll runs the turns.
@MainActor
@Suite struct BatchFetchingTests {
    func scroll(_ fixture: ListFixture, to offset: CGFloat, velocity: CGFloat = 0) {
        fixture.scroll(to: offset, velocity: velocity)
        fixture.scheduler.runAll()
    }

    @Test func triggersOnceAtTheThresholdUntilCompleted() throws {
        let fixture = try ListFixture(count: 100)
        let delegate = FetchRecorder()
        fixture.controller.batchFetchingDelegate = delegate
        fixture.controller.scrollViewWillBeginDragging()
        var offset: CGFloat = 0
        while offset < 6_999 {
            scroll(fixture, to: offset, velocity: 100)
            offset += 100
        }
        #expect(delegate.contexts.isEmpty)
        scroll(fixture, to: 7_000, velocity: 100)
        #expect(delegate.contexts.count == 1, "at the threshold")
        for step in 1 ... 20 { scroll(fixture, to: 7_000 + CGFloat(step) * 50, velocity: 100) }
        #expect(delegate.contexts.count == 1, "never two fetches at once")
        #expect(fixture.controller.statistics.batchFetchCount == 1)
        delegate.contexts[0].completeBatchFetching(true)
        #expect(delegate.contexts[0].state == .completed)
        fixture.scheduler.runAll()
        #expect(delegate.contexts.count == 1, "no new content and no scroll: not asked again")
        scroll(fixture, to: 8_010, velocity: 100)
        #expect(delegate.contexts.count == 2, "the viewport moved: asked again")
        delegate.contexts[1].cancelBatchFetching()
        #expect(delegate.contexts[1].state == .cancelled)
        delegate.allows = false
        scroll(fixture, to: 8_020, velocity: 100)
        #expect(delegate.contexts.count == 2, "the delegate declined")
    }

    @Test func noFetchWhileScrollingTowardTheStart() throws {
        let fixture = try ListFixture(count: 100)
        let delegate = FetchRecorder()
        fixture.controller.batchFetchingDelegate = delegate
        scroll(fixture, to: 8_000, velocity: -100)
        #expect(delegate.asked == 0)
        scroll(fixture, to: 8_010, velocity: 100)
        #expect(delegate.contexts.count == 1)
    }

    @Test func shortContentFetchesEvenWhenHidden() throws {
        let fixture = try ListFixture(count: 5)
        let delegate = FetchRecorder()
        fixture.controller.batchFetchingDelegate = delegate
        fixture.controller.isContainerVisible = false
        scroll(fixture, to: 0)
        #expect(delegate.contexts.count == 1)

        let tall = try ListFixture(count: 100)
        let other = FetchRecorder()
        tall.controller.batchFetchingDelegate = other
        tall.controller.isContainerVisible = false
        scroll(tall, to: 8_000, velocity: 100)
        #expect(other.asked == 0, "a hidden container with enough content waits")
    }

    @Test func zeroLeadingScreensTurnsFetchingOff() throws {
        let fixture = try ListFixture(count: 5)
        let delegate = FetchRecorder()
        fixture.controller.batchFetchingDelegate = delegate
        try fixture.controller.setLeadingScreensForBatching(0)
        scroll(fixture, to: 0)
        #expect(delegate.asked == 0)
    }

    @Test func aFetchThatFoundNothingIsNotRepeatedWhileNothingHappens() throws {
        let fixture = try ListFixture(count: 5)  // shorter than the viewport
        let delegate = FetchRecorder()
        fixture.controller.batchFetchingDelegate = delegate
        scroll(fixture, to: 0)
        #expect(delegate.contexts.count == 1)
        delegate.contexts[0].completeBatchFetching(false)
        for _ in 0 ..< 1_000 {  // a thousand idle main turns
            fixture.controller.setNeedsUpdate()
            fixture.scheduler.runAll()
        }
        #expect(delegate.contexts.count == 1 && delegate.asked == 1)
        fixture.controller.checkForBatchFetching()
        fixture.scheduler.runAll()
        #expect(delegate.contexts.count == 2, "asked again on request")
    }
}
