import CGtk4
import CWeftGTK
import Foundation
import Testing
import Weft
import WeftCore
@testable import WeftGTK
import WeftTestSupport
import WeftMemory
import WeftDataController
import WeftDisplay

extension GTKWindows {
    /// The GTK view end to end, in a real window (under xvfb-run in CI): what a
    /// person would see, read back as pixels and as the view's index paths.
    @MainActor
    @Suite(.serialized, .enabled(if: GTKHarness.displayIsAvailable, "needs a display: run under xvfb-run"))
    struct GTKCollectionViewTests {
        /// The titles the view shows, top to bottom, read from the cells it draws.
        func shownTitles(_ harness: GTKHarness) -> [String] {
            harness.view.mountedCells.compactMap { ($0.node as? TitleCell)?.title.attributedText.string }
        }

        /// The commits the view refused; empty in a consistent collection.
        func inconsistencies(_ harness: GTKHarness) -> [ViewInconsistency] {
            harness.collection.diagnostics.errors(of: ViewInconsistency.self, in: .view)
        }

        func matchesReference(_ bitmap: Bitmap, _ name: String) throws -> (Bool, ReferenceImage.Difference?) {
            try ReferenceImage.matches(
                bitmap, name, besides: #filePath, encode: { $0.pngData() }, decode: { try Bitmap(pngData: $0) })
        }

        @Test func theWindowShowsTheFirstPostsDrawn() async throws {
            let posts = Posts(count: 1_000)
            let harness = try GTKHarness(itemLoading: .lazy)
            defer { harness.close() }
            try await harness.show(posts)
            #expect(harness.view.indexPathsForVisibleItems.count >= 6)
            #expect(shownTitles(harness).prefix(3) == ["Post 0", "Post 1", "Post 2"])

            let screen = try harness.screenshot()
            #expect(screen.pixelWidth == 360 && screen.pixelHeight == 480)
            // Dark text pixels inside the first cell's title, none in the gap below its text.
            let title = try #require(harness.view.mountedCells.first { $0.indexPath == IndexPath(item: 0, section: 0) }?.node
                as? TitleCell)
            let titleFrame = try #require(title.calculatedLayout?.children.first?.frame)
            let dark = darkPixels(screen, x: Int(titleFrame.minX) ..< Int(titleFrame.maxX),
                                  y: Int(titleFrame.minY) ..< Int(titleFrame.maxY))
            #expect(dark > 50, "\(dark) dark pixels inside the first title's frame \(titleFrame)")
            #expect(darkPixels(screen, x: 0 ..< 360, y: Int(titleFrame.maxY) + 4 ..< Int(titleFrame.maxY) + 12) == 0)
            let (matches, difference) = try matchesReference(screen, "first-screen.png")
            #expect(matches, "\(difference.map { "\($0)" } ?? "")")
        }

        @Test func aScriptedScrollMovesTheContentAndDrawsTheNewCells() async throws {
            let posts = Posts(count: 1_000)
            let harness = try GTKHarness(itemLoading: .lazy)
            defer { harness.close() }
            try await harness.show(posts)
            let before = try harness.screenshot()

            harness.view.scroll(to: 2_000)
            #expect(harness.collection.contentOffset.y == 2_000)
            try await harness.runUntilSettled("the screen at 2,000 points")
            let first = try #require(harness.view.indexPathsForVisibleItems.first)
            let firstFrame = try #require(harness.collection.layout.frameForItem(at: first))
            #expect(firstFrame.minY <= 2_000 && firstFrame.maxY > 2_000, "\(first) at \(firstFrame)")
            let titles = shownTitles(harness)
            #expect(titles.first == "Post \(first.item)")
            #expect(!titles.contains("Post 0"))
            let after = try harness.screenshot()
            #expect(ReferenceImage.compare(after, before).share > 0.01)
            #expect(darkPixels(after, x: 0 ..< 360, y: 0 ..< 480) > 500)
        }

        @Test func keysPageThroughTheContentAndAClickSelectsThePostUnderIt() async throws {
            let posts = Posts(count: 200)
            let harness = try GTKHarness()
            defer { harness.close() }
            try await harness.show(posts)

            #expect(harness.view.keyPressed(guint(GDK_KEY_Page_Down), modifiers: GdkModifierType(0)))
            // A page less a tenth: the adjustment's page increment.
            #expect(abs(harness.collection.contentOffset.y - 480 * 0.9) < 0.5)
            #expect(harness.view.keyPressed(guint(GDK_KEY_Page_Up), modifiers: GdkModifierType(0)))
            #expect(harness.collection.contentOffset.y == 0)
            #expect(!harness.view.keyPressed(guint(GDK_KEY_a), modifiers: GdkModifierType(0)))
            try await harness.runUntilSettled("the first screen again")

            let third = try #require(harness.collection.layout.frameForItem(at: IndexPath(item: 2, section: 0)))
            harness.view.click(at: CGPoint(x: third.midX, y: third.midY))
            #expect(posts.selected == [2])
            #expect(harness.collection.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
        }

        @Test func anAppsScrollToItemMovesTheWindowAndItsScrollBar() async throws {
            let posts = Posts(count: 1_000)
            let harness = try GTKHarness(itemLoading: .lazy)
            defer { harness.close() }
            try await harness.show(posts)
            let target = IndexPath(item: 600, section: 0)
            try harness.collection.scrollToItem(at: target, at: .top)
            // Only GTK's own frames run here: the view moves by itself, as it must
            // when an app scrolls (it used to wait for the next input or commit).
            try await harness.run("the window at post 600") {
                harness.view.mountedCells.contains { $0.indexPath == target && $0.node?.isDisplayComplete == true }
                    && harness.frames.last?.blankVisibleItems == 0
            }
            let vertical = try #require(weft_canvas_get_vadjustment(harness.view.canvas))
            #expect(abs(gtk_adjustment_get_value(vertical) - harness.collection.displayedContentOffset.y) < 0.5)
            #expect(harness.collection.displayedContentOffset.y > 10_000)
        }

        @Test func aClickInAnInvertedListSelectsThePostShownThere() async throws {
            let posts = Posts(count: 200)
            let harness = try GTKHarness()
            defer { harness.close() }
            harness.collection.isInverted = true
            try await harness.show(posts)
            // Scrolled to the oldest posts (the top of the screen's content, the
            // scroll bar's start), then back to the newest, the first post shows at
            // the bottom; a click there selects it.
            harness.view.scroll(to: 0)
            try await harness.runUntilSettled("the top of the inverted list")
            #expect(harness.collection.indexPathsForVisibleItems.contains(IndexPath(item: 199, section: 0)))
            harness.view.scroll(to: harness.collection.layout.contentSize.height)   // clamped to the end
            try await harness.runUntilSettled("the end of the inverted list")
            #expect(harness.collection.contentOffset.y == 0, "the scroll bar's end is the newest post")
            let frame = try #require(harness.collection.frameForItem(at: IndexPath(item: 0, section: 0)))
            let shown = harness.collection.viewportRect(forContentRect: frame)
            #expect(shown.maxY == harness.collection.viewportSize.height, "the newest post sits at the bottom")
            let window = try harness.screenshot()
            let ink = ReferenceImage.ink(window, x: Int(shown.minX) ..< Int(shown.maxX), y: Int(shown.minY) ..< Int(shown.maxY))
            // A white rect has none; a drawn post (avatar, name, text) has hundreds, how many depends on the window.
            #expect(ink > 100, "the newest post is drawn in its rect: \(ink) pixels of ink")
            harness.view.click(at: CGPoint(x: shown.midX, y: shown.midY))
            #expect(posts.selected == [0])
            #expect(harness.view.viewIndexPath(at: CGPoint(x: shown.midX, y: shown.midY)) == IndexPath(item: 0, section: 0))
        }

        @Test func aBatchUpdateShowsTheRightPostsAfterwards() async throws {
            let posts = Posts(count: 30)
            let harness = try GTKHarness()
            defer { harness.close() }
            try await harness.show(posts)

            // Insert at the top, delete, move, as one batch.
            try harness.collection.performBatchUpdates {
                posts.ids.insert(100, at: 0)                       // 100 0 1 2 3 4 5 ...
                posts.ids.remove(at: 2)                            // 100 0 2 3 4 5 ...
                let moved = posts.ids.remove(at: 5)                // 100 0 2 3 4 6 ... (5 moves)
                posts.ids.insert(moved, at: 1)                     // 100 5 0 2 3 4 6 ...
                try harness.collection.insertItems(at: [IndexPath(item: 0, section: 0)])
                try harness.collection.deleteItems(at: [IndexPath(item: 1, section: 0)])
                try harness.collection.moveItem(at: IndexPath(item: 5, section: 0), to: IndexPath(item: 1, section: 0))
            }
            try await harness.run("the commit") { !harness.collection.isProcessingUpdates }
            try await harness.runUntilSettled("the screen after the batch")
            let expected = posts.ids.prefix(harness.view.indexPathsForVisibleItems.count).map { "Post \($0)" }
            #expect(shownTitles(harness) == Array(expected))
            #expect(shownTitles(harness).prefix(4) == ["Post 100", "Post 5", "Post 0", "Post 2"])
            #expect(inconsistencies(harness).isEmpty)
            #expect(harness.view.validator.itemCounts == [posts.ids.count], "the view's check followed the batch")
            let (matches, difference) = try matchesReference(try harness.screenshot(), "after-batch.png")
            #expect(matches, "\(difference.map { "\($0)" } ?? "")")
        }

        @Test func anInvalidBatchIsRefusedWithATypedErrorAndTheWindowKeepsWorking() async throws {
            let posts = Posts(count: 30)
            let harness = try GTKHarness()
            defer { harness.close() }
            try await harness.show(posts)
            let before = shownTitles(harness)

            // An insert the data source never made: refused before anything changes.
            #expect(throws: DataControllerError.self) {
                try harness.collection.performBatchUpdates {
                    try harness.collection.insertItems(at: [IndexPath(item: 0, section: 0)])
                }
            }
            try await harness.run("the refusal to settle") { !harness.collection.isProcessingUpdates }
            try await harness.runUntilSettled("the screen after the refusal")
            #expect(shownTitles(harness) == before)

            // The window goes on: a valid update shows, and it scrolls.
            try harness.collection.performBatchUpdates {
                posts.ids.insert(7_777, at: 0)
                try harness.collection.insertItems(at: [IndexPath(item: 0, section: 0)])
            }
            try await harness.run("the commit") { !harness.collection.isProcessingUpdates }
            try await harness.runUntilSettled("the screen after the valid update")
            #expect(shownTitles(harness).first == "Post 7777")
            harness.view.scroll(to: 300)
            try await harness.runUntilSettled("the scrolled screen")
            #expect(harness.collection.contentOffset.y == 300)
            #expect(inconsistencies(harness).isEmpty)
        }

        /// The GTK view's half of the refusal fixtures every backing view passes
        /// (`CommitRefusalTests` runs the headless view's): the same reason, once,
        /// with the update's number, and the view's counts follow the visible map.
        @Test(arguments: CommitRefusalFixture.all)
        func theGTKViewRefusesACommitOutOfStepWithWhatItShows(_ fixture: CommitRefusalFixture) throws {
            try GTK.initialize()
            let source = SectionedItems(fixture.shownCounts)
            let controller = DataController()
            controller.dataSource = source
            controller.reloadData()
            controller.waitUntilAllUpdatesAreProcessed()
            let view = GTKCollectionView()
            view.attach(to: controller) { [] }
            #expect(view.validator.itemCounts == fixture.shownCounts)

            let update = DataUpdate(
                changeSet: try fixture.changeSet(), previousMap: controller.visibleMap, map: controller.visibleMap, number: 7)
            view.dataController(controller, commit: update) {}

            #expect(controller.diagnostics.errors(of: ViewInconsistency.self, in: .view)
                == [.invalidUpdate(ChangeSetError(fixture.expected))])
            #expect(controller.diagnostics.diagnostics.map { "\($0.layer) \($0.update ?? -1)" } == ["view 7"])
            #expect(view.validator.itemCounts == fixture.shownCounts)
        }

        @Test func closingTheWindowReleasesEveryNodeOffMain() async throws {
            let tracker = LifetimeTracker(capacity: 200)
            let posts = Posts(count: 200, tracker: tracker)
            let queue = try DeallocQueue()
            var harness: GTKHarness? = try GTKHarness(deallocQueue: queue)
            try await harness?.show(posts)
            #expect(tracker.liveCount == 200)
            harness?.close()
            GTK.handlePendingEvents()
            let main = ThreadIdentity.current
            harness = nil
            #expect(tracker.deinitThreads[main] == nil, "\(tracker.deinitThreads[main] ?? 0) nodes died on main")
            try queue.drain()
            #expect(tracker.everyInstanceDiedOnce, "\(tracker.liveCount) nodes alive after the drain")
            #expect(tracker.deinitThreads[main] == nil)
        }
    }
}

/// Pixels darker than mid-grey in a region (text on white).
func darkPixels(_ bitmap: Bitmap, x: Range<Int>, y: Range<Int>) -> Int {
    var count = 0
    for row in max(y.lowerBound, 0) ..< min(y.upperBound, bitmap.pixelHeight) {
        for column in max(x.lowerBound, 0) ..< min(x.upperBound, bitmap.pixelWidth) {
            let pixel = bitmap.pixel(x: column, y: row)
            let luminance = ((pixel >> 16) & 0xFF) + ((pixel >> 8) & 0xFF) + (pixel & 0xFF)
            if luminance < 3 * 128 { count += 1 }
        }
    }
    return count
}
