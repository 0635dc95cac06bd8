import Foundation
import Testing
import WeftNode
import WeftRangeController

/// Mode selection (as `ASRangeController` picks a mode, and on memory warnings and in the background).
@MainActor
@Suite struct RangeModeTests {
    @Test func minimumUntilTheFirstScrollThenFull() throws {
        let fixture = try ListFixture(count: 100)
        fixture.scroll(to: 0)
        #expect(fixture.controller.currentRangeMode == .minimum)
        // Minimum preload (0.5, 0.25) screenfuls: to 1,500.
        #expect(fixture.ordinals(containing: .preload) == 0 ..< 15)
        fixture.scroll(to: 500, velocity: 300)
        #expect(fixture.controller.currentRangeMode == .minimum, "moving the offset is not a drag")
        fixture.controller.scrollViewWillBeginDragging()
        fixture.scroll(to: 600, velocity: 300)
        #expect(fixture.controller.currentRangeMode == .full)
        // Full preload (2.5, 1.5) screenfuls around 600 ..< 1,600: to 4,100.
        #expect(fixture.ordinals(containing: .preload) == 0 ..< 41)
        fixture.scroll(to: 700, velocity: 300)
        #expect(fixture.controller.currentRangeMode == .full, "full stays once the user scrolled")
    }

    @Test func minimumWhileTheContainerIsNotVisible() throws {
        let fixture = try ListFixture(count: 100)
        fixture.controller.isContainerVisible = false
        fixture.scroll(to: 0)
        #expect(fixture.controller.currentRangeMode == .minimum)
        fixture.scroll(to: 300, velocity: 10)
        #expect(fixture.controller.currentRangeMode == .minimum)
        #expect(fixture.ordinals(containing: .visible).isEmpty, "nothing is visible in a hidden container")
    }

    @Test func memoryWarningInAHiddenContainerSwitchesToLowMemory() throws {
        let fixture = try ListFixture(count: 100)
        fixture.controller.scrollViewWillBeginDragging()
        fixture.scroll(to: 2_000, velocity: 10)
        #expect(!fixture.ordinals(containing: .display).isEmpty)
        fixture.controller.isContainerVisible = false
        fixture.controller.handleMemoryWarning()
        #expect(fixture.controller.currentRangeMode == .lowMemory)
        #expect(fixture.ordinals(containing: .display).isEmpty, "low memory displays nothing")
        #expect(fixture.ordinals(containing: .preload) == 20 ..< 30, "only the visible items stay preloaded")
        fixture.scroll(to: 2_100)
        #expect(fixture.controller.currentRangeMode == .lowMemory, "a hidden container keeps the mode")
    }

    @Test func memoryWarningInAVisibleContainerSwitchesToVisibleOnly() throws {
        let fixture = try ListFixture(count: 100)
        fixture.controller.scrollViewWillBeginDragging()
        fixture.scroll(to: 2_000, velocity: 10)
        fixture.controller.handleMemoryWarning()
        #expect(fixture.controller.currentRangeMode == .visibleOnly)
        #expect(fixture.ordinals(containing: .preload) == 20 ..< 30)
        #expect(fixture.ordinals(containing: .visible) == 20 ..< 30)
        fixture.scroll(to: 2_100, velocity: 10)
        #expect(fixture.controller.currentRangeMode == .full, "the explicit mode lasts one update")
    }

    @Test func memoryWarningUsesTheConfiguredMode() throws {
        let fixture = try ListFixture(count: 100)
        try fixture.controller.setRangeModeForMemoryWarnings(.visibleOnly)
        fixture.controller.isContainerVisible = false
        fixture.scroll(to: 0)
        fixture.controller.handleMemoryWarning()
        #expect(fixture.controller.currentRangeMode == .visibleOnly)
        #expect(fixture.state(0) == [.preload, .display])
    }

    @Test func backgroundAndForeground() throws {
        let fixture = try ListFixture(count: 100)
        fixture.controller.scrollViewWillBeginDragging()
        fixture.scroll(to: 2_000, velocity: 10)
        #expect(fixture.state(25) == .all)
        fixture.controller.applicationDidEnterBackground()
        #expect(fixture.controller.currentRangeMode == .visibleOnly)
        #expect(fixture.ordinals(containing: .visible).isEmpty, "a backgrounded container shows nothing")
        #expect(fixture.state(25) == [.preload, .display])
        #expect(fixture.state(35).isEmpty)
        fixture.controller.applicationWillEnterForeground()
        #expect(fixture.controller.currentRangeMode == .minimum)
        #expect(fixture.state(25) == .all)
        fixture.scroll(to: 2_100, velocity: 10)
        #expect(fixture.controller.currentRangeMode == .full)

        fixture.controller.isContainerVisible = false
        fixture.controller.applicationDidEnterBackground()
        #expect(fixture.controller.currentRangeMode == .lowMemory)
        fixture.controller.applicationWillEnterForeground()
        #expect(fixture.controller.currentRangeMode == .visibleOnly)
    }
}
