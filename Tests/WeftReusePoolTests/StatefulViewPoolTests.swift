import Testing
import WeftReusePool
import WeftTestSupport

/// A video-player-like controller: views are interchangeable per style.
enum PlayerController: StatefulViewController {
    static func makeStatefulView(context: String) -> LabelView {
        let view = LabelView()
        view.text = context
        return view
    }
}

/// A controller whose pool keeps one view per context, and refuses the context "gone".
enum LimitedController: StatefulViewController {
    static func makeStatefulView(context: String) -> LabelView { LabelView() }
    static func maximumPoolSize(context: String) -> Int? { 1 }
    static func isContextValid(_ context: String) -> Bool { context != "gone" }
}

/// ComponentKit's stateful-pool tests, restated.
@MainActor
@Suite struct StatefulViewPoolTests {
    let scheduler = ManualMainScheduler()
    let pool: StatefulViewPool

    init() {
        pool = StatefulViewPool(scheduler: scheduler)
    }

    @Test func anEmptyPoolHasNothing() {
        #expect(pool.dequeueView(for: PlayerController.self, context: "inline") == nil)
    }

    @Test func anEnqueuedViewComesBackHiddenUntilDequeued() throws {
        let view = PlayerController.makeStatefulView(context: "inline")
        try pool.enqueue(view, for: PlayerController.self, context: "inline")
        #expect(pool.pendingViewCount == 1)
        #expect(scheduler.pendingJobCount == 1)
        scheduler.runAll()
        #expect(pool.pooledViewCount == 1 && pool.pendingViewCount == 0)
        #expect(view.isHidden)
        let dequeued = pool.dequeueView(for: PlayerController.self, context: "inline")
        #expect(dequeued === view)
        #expect(!view.isHidden)
        #expect(pool.dequeueView(for: PlayerController.self, context: "inline") == nil)
    }

    @Test func aViewItsControllerKeepsIsNotPooled() throws {
        let view = PlayerController.makeStatefulView(context: "inline")
        try pool.enqueue(view, for: PlayerController.self, context: "inline", mayRelinquish: { false })
        #expect(pool.dequeueView(for: PlayerController.self, context: "inline") == nil)
        scheduler.runAll()
        #expect(pool.pooledViewCount == 0 && pool.pendingViewCount == 0)
        #expect(!view.isHidden)
    }

    @Test func viewsAreReusedOnlyForTheSameControllerAndContext() throws {
        try pool.enqueue(PlayerController.makeStatefulView(context: "inline"), for: PlayerController.self, context: "inline")
        scheduler.runAll()
        #expect(pool.dequeueView(for: PlayerController.self, context: "fullscreen") == nil)
        #expect(pool.dequeueView(for: LimitedController.self, context: "inline") == nil)
        #expect(pool.dequeueView(for: PlayerController.self, context: "inline") != nil)
    }

    @Test func theViewAlreadyInThePreferredSuperviewComesFirst() throws {
        let cellA = HeadlessView()
        let cellB = HeadlessView()
        let inA = PlayerController.makeStatefulView(context: "inline")
        let inB = PlayerController.makeStatefulView(context: "inline")
        cellA.addSubview(inA)
        cellB.addSubview(inB)
        try pool.enqueue(inA, for: PlayerController.self, context: "inline")
        try pool.enqueue(inB, for: PlayerController.self, context: "inline")
        // Pending: the same component remounting in cell B takes its own view back.
        #expect(pool.dequeueView(for: PlayerController.self, context: "inline", preferredSuperview: cellB) === inB)
        try pool.enqueue(inB, for: PlayerController.self, context: "inline")
        scheduler.runAll()
        // Pooled: the same holds.
        #expect(pool.dequeueView(for: PlayerController.self, context: "inline", preferredSuperview: cellB) === inB)
        #expect(pool.dequeueView(for: PlayerController.self, context: "inline", preferredSuperview: cellB) === inA)
    }

    @Test func thePoolKeepsAtMostTheControllersLimit() throws {
        let first = LimitedController.makeStatefulView(context: "x")
        let second = LimitedController.makeStatefulView(context: "x")
        let parent = HeadlessView()
        parent.addSubview(first)
        parent.addSubview(second)
        try pool.enqueue(first, for: LimitedController.self, context: "x")
        try pool.enqueue(second, for: LimitedController.self, context: "x")
        scheduler.runAll()
        #expect(pool.pooledViewCount == 1)
        #expect(second.parentView == nil)  // over the limit: removed and released
        #expect(pool.dequeueView(for: LimitedController.self, context: "x") === first)
        #expect(pool.dequeueView(for: LimitedController.self, context: "x") == nil)
    }

    @Test func aViewOfAnInvalidContextIsDropped() throws {
        let parent = HeadlessView()
        let view = LimitedController.makeStatefulView(context: "gone")
        parent.addSubview(view)
        try pool.enqueue(view, for: LimitedController.self, context: "gone")
        scheduler.runAll()
        #expect(pool.pooledViewCount == 0)
        #expect(view.parentView == nil)
    }

    @Test func aPendingViewIsReusableAtOnce() throws {
        let view = PlayerController.makeStatefulView(context: "inline")
        try pool.enqueue(view, for: PlayerController.self, context: "inline")
        #expect(pool.view(for: PlayerController.self, context: "inline") === view)
        scheduler.runAll()
        #expect(pool.pooledViewCount == 0)
        let fresh = pool.view(for: PlayerController.self, context: "inline")
        #expect(fresh !== view && fresh.text == "inline")
    }

    @Test func callbacksThatReenterThePoolDoNotBreakIt() throws {
        let pool = self.pool
        let late = PlayerController.makeStatefulView(context: "inline")
        let first = PlayerController.makeStatefulView(context: "inline")
        try pool.enqueue(first, for: PlayerController.self, context: "inline", mayRelinquish: {
            pool.purgePendingViews()
            do { try pool.enqueue(late, for: PlayerController.self, context: "inline") } catch { Issue.record(error) }
            _ = pool.dequeueView(for: PlayerController.self, context: "other")
            return true
        })
        scheduler.runAll()
        #expect(pool.pooledViewCount == 2)
        #expect(pool.pendingViewCount == 0)
        #expect(first.isHidden && late.isHidden)
    }

    @Test func aPurgeReleasesPooledViews() throws {
        weak var released: LabelView?
        do {
            let views = (0 ..< 3).map { _ in PlayerController.makeStatefulView(context: "inline") }
            for view in views { try pool.enqueue(view, for: PlayerController.self, context: "inline") }
            released = views[2]
        }
        scheduler.runAll()
        #expect(throws: ReusePoolError.negativeLimit(-1)) { try pool.purge(keepingAtMost: -1) }
        #expect(try pool.purge(keepingAtMost: 2) == 1)
        #expect(released == nil)
        #expect(pool.pooledViewCount == 2)
    }

    @Test func aViewEnqueuedTwiceIsRefusedAndHandedOutOnce() throws {
        let view = PlayerController.makeStatefulView(context: "inline")
        try pool.enqueue(view, for: PlayerController.self, context: "inline")
        #expect(throws: ReusePoolError.viewAlreadyEnqueued) {
            try pool.enqueue(view, for: PlayerController.self, context: "inline")
        }
        #expect(pool.pendingViewCount == 1)
        scheduler.runAll()
        // Pooled, it is refused as well, even under another context.
        #expect(throws: ReusePoolError.viewAlreadyEnqueued) {
            try pool.enqueue(view, for: PlayerController.self, context: "fullscreen")
        }
        pool._checkInvariants()
        #expect(pool.dequeueView(for: PlayerController.self, context: "inline") === view)
        #expect(pool.dequeueView(for: PlayerController.self, context: "inline") == nil)
        // Taken back, it may be enqueued again.
        try pool.enqueue(view, for: PlayerController.self, context: "inline")
        #expect(pool.pendingViewCount == 1)
        pool._checkInvariants()
    }
}
