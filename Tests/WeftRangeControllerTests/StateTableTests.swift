import Foundation
import Testing
import WeftNode
import WeftRangeController

/// Texture's state table (`ASRangeController`'s update pass) for every
/// combination of range membership, container visibility and low memory.
///
/// The viewport covers items 10 ..< 20, scrolling down. With display (2, 0) and
/// preload (0.5, 1) screenfuls the display range is 10 ..< 40 and the preload
/// range 0 ..< 25, so the items fall into five groups: preload only (0 ..< 10),
/// visible (10 ..< 20), display and preload (20 ..< 25), display only (25 ..< 40)
/// and none (40 ..< 60).
@MainActor
@Suite struct StateTableTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var containerVisible: Bool
        var lowMemory: Bool
        /// Expected states of: preload only, visible, display + preload, display only, none.
        var expected: [InterfaceState]
        var testDescription: String { "containerVisible: \(containerVisible), lowMemory: \(lowMemory)" }
    }

    nonisolated static let cases: [Case] = [
        Case(containerVisible: true, lowMemory: false,
             expected: [.preload, .all, [.preload, .display], .display, []]),
        Case(containerVisible: false, lowMemory: false,
             expected: [[], [.preload, .display], .preload, .preload, []]),
        // Low memory empties the display range, so "display" groups hold only what preload gives.
        Case(containerVisible: true, lowMemory: true,
             expected: [.preload, .all, .preload, [], []]),
        Case(containerVisible: false, lowMemory: true,
             expected: [[], .preload, [], [], []]),
    ]

    nonisolated static let groups = [0 ..< 10, 10 ..< 20, 20 ..< 25, 25 ..< 40, 40 ..< 60]

    @Test(arguments: cases)
    func everyCombination(_ testCase: Case) throws {
        let fixture = try ListFixture(count: 60)
        let controller = fixture.controller
        let display = try RangeTuningParameters(leadingBufferScreenfuls: 2, trailingBufferScreenfuls: 0)
        let preload = try RangeTuningParameters(leadingBufferScreenfuls: 0.5, trailingBufferScreenfuls: 1)
        let mode: RangeMode = testCase.lowMemory ? .lowMemory : .full
        controller.setTuningParameters(display, for: .display, mode: mode)
        controller.setTuningParameters(preload, for: .preload, mode: mode)
        controller.isContainerVisible = testCase.containerVisible
        controller.updateCurrentRange(with: mode)
        fixture.scroll(to: 1_000, velocity: 500)
        #expect(controller.currentRangeMode == mode)
        for (group, expected) in zip(Self.groups, testCase.expected) {
            for ordinal in group {
                #expect(fixture.state(ordinal) == expected, "item \(ordinal)")
            }
        }
    }
}
