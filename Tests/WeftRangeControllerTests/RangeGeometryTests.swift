import Foundation
import Testing
import WeftNode
import WeftRangeController

/// Leading and trailing buffers for each scroll direction on each axis, with
/// the full mode's defaults: display (1, 0.5) and preload (2.5, 1.5) screenfuls.
/// The viewport covers items 20 ..< 30 (offset 2,000, ten items of 100 points).
@MainActor
@Suite struct RangeGeometryTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var axis: ScrollAxis
        var velocity: CGFloat
        var direction: ScrollDirection
        var display: Range<Int>
        var preload: Range<Int>
        var testDescription: String { "\(axis) \(direction)" }
    }

    nonisolated static let cases: [Case] = [
        // Toward the end: display reaches 1 screen ahead (to 4,000) and 0.5 behind
        // (from 1,500); preload 2.5 ahead (5,500) and 1.5 behind (500).
        Case(axis: .vertical, velocity: 800, direction: .down, display: 15 ..< 40, preload: 5 ..< 55),
        // Toward the start: the leading buffers go before the viewport.
        Case(axis: .vertical, velocity: -800, direction: .up, display: 10 ..< 35, preload: 0 ..< 45),
        Case(axis: .horizontal, velocity: 800, direction: .right, display: 15 ..< 40, preload: 5 ..< 55),
        Case(axis: .horizontal, velocity: -800, direction: .left, display: 10 ..< 35, preload: 0 ..< 45),
    ]

    @Test(arguments: cases)
    func buffersFollowTheScrollDirection(_ testCase: Case) throws {
        let fixture = try ListFixture(count: 100, axis: testCase.axis)
        fixture.controller.updateCurrentRange(with: .full)
        fixture.scroll(to: 2_000, velocity: testCase.velocity)
        #expect(fixture.controller.scrollDirection == testCase.direction)
        #expect(fixture.ordinals(containing: .visible) == 20 ..< 30)
        #expect(fixture.ordinals(containing: .display) == testCase.display)
        #expect(fixture.ordinals(containing: .preload) == testCase.preload)
    }

    @Test func directionDefaultsToDownAndPersistsWhenVelocityIsZero() throws {
        let fixture = try ListFixture(count: 100)
        fixture.controller.updateCurrentRange(with: .full)
        fixture.scroll(to: 2_000)
        #expect(fixture.controller.scrollDirection == .down)
        #expect(fixture.ordinals(containing: .preload) == 5 ..< 55)
        fixture.scroll(to: 2_050, velocity: -10)
        #expect(fixture.controller.scrollDirection == .up)
        #expect(fixture.ordinals(containing: .preload) == 0 ..< 46)
        fixture.controller.updateCurrentRange(with: .full)
        fixture.scroll(to: 2_100)
        #expect(fixture.controller.scrollDirection == .up, "zero velocity keeps the last direction")
        #expect(fixture.ordinals(containing: .preload) == 0 ..< 46)
    }

    @Test func velocityAcrossTheAxisIsIgnored() throws {
        let fixture = try ListFixture(count: 100)
        fixture.controller.updateCurrentRange(with: .full)
        fixture.controller.scrollVelocity = CGPoint(x: -900, y: 0)
        fixture.controller.viewport = CGRect(x: 0, y: 2_000, width: 320, height: 1_000)
        fixture.controller.updateIfNeeded()
        #expect(fixture.controller.scrollDirection == .down)
        #expect(fixture.ordinals(containing: .preload) == 5 ..< 55)
    }

    @Test func directionFromVelocity() {
        #expect(ScrollDirection(velocity: CGPoint(x: 3, y: -2), along: .vertical) == .up)
        #expect(ScrollDirection(velocity: CGPoint(x: 3, y: -2), along: .horizontal) == .right)
        #expect(ScrollDirection(velocity: .zero, along: .vertical).isEmpty)
        #expect(ScrollDirection(velocity: CGPoint(x: CGFloat.nan, y: 0), along: .horizontal).isEmpty)
    }
}
