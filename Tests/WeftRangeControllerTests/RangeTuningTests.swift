import Foundation
import Testing
import WeftRangeController

@MainActor
@Suite struct RangeTuningTests {
    /// Texture's table for display and preload; the measure range reaches past preload.
    @Test func defaultsAreTexturesTable() {
        let expected: [RangeMode: [RangeType: (CGFloat, CGFloat)]] = [
            .full: [.display: (1, 0.5), .preload: (2.5, 1.5), .measure: (4, 2)],
            .minimum: [.display: (0.25, 0.25), .preload: (0.5, 0.25), .measure: (1, 0.5)],
            .visibleOnly: [.display: (0, 0), .preload: (0, 0), .measure: (0, 0)],
            .lowMemory: [.display: (0, 0), .preload: (0, 0), .measure: (0, 0)],
        ]
        let controller = RangeController(layout: PagerLayout())
        for mode in RangeMode.allCases {
            for type in RangeType.allCases {
                let parameters = controller.tuningParameters(for: type, mode: mode)
                #expect(parameters == RangeTuningParameters.defaults(for: type, mode: mode))
                #expect(parameters.leadingBufferScreenfuls == expected[mode]?[type]?.0, "\(mode) \(type)")
                #expect(parameters.trailingBufferScreenfuls == expected[mode]?[type]?.1, "\(mode) \(type)")
            }
        }
        #expect(controller.leadingScreensForBatching == 2)
        #expect(controller.rangeModeForMemoryWarnings == .lowMemory)
    }

    @Test(arguments: [-1, -.ulpOfOne, .nan, .infinity] as [CGFloat])
    func invalidParametersAreRefused(value: CGFloat) {
        #expect(throws: RangeError.self) {
            try RangeTuningParameters(leadingBufferScreenfuls: value, trailingBufferScreenfuls: 0)
        }
        do {
            _ = try RangeTuningParameters(leadingBufferScreenfuls: 1, trailingBufferScreenfuls: value)
            Issue.record("accepted trailing \(value)")
        } catch {
            guard case .invalidParameter(let name, _) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(name == "trailingBufferScreenfuls")
            #expect(error.description.contains("trailingBufferScreenfuls"))
        }
        let controller = RangeController(layout: PagerLayout())
        #expect {
            try controller.setLeadingScreensForBatching(value)
        } throws: { error in
            guard case .invalidParameter(let name, _) = error as? RangeError else { return false }
            return name == "leadingScreensForBatching"
        }
        #expect(controller.leadingScreensForBatching == 2, "a refused value changes nothing")
    }

    @Test func parametersAreSetPerModeAndType() throws {
        let controller = RangeController(layout: PagerLayout())
        let custom = try RangeTuningParameters(leadingBufferScreenfuls: 3, trailingBufferScreenfuls: 0)
        controller.setTuningParameters(custom, for: .preload, mode: .minimum)
        #expect(controller.tuningParameters(for: .preload, mode: .minimum) == custom)
        #expect(controller.tuningParameters(for: .display, mode: .minimum) == .defaults(for: .display, mode: .minimum))
        #expect(controller.tuningParameters(for: .preload) == .defaults(for: .preload, mode: .full))
        controller.setTuningParameters(custom, for: .display)
        #expect(controller.tuningParameters(for: .display, mode: .full) == custom, "no mode means full, as in Texture")
    }

    @Test func memoryWarningModeIsLimited() throws {
        let controller = RangeController(layout: PagerLayout())
        try controller.setRangeModeForMemoryWarnings(.visibleOnly)
        #expect(controller.rangeModeForMemoryWarnings == .visibleOnly)
        for mode in [RangeMode.full, .minimum] {
            #expect(throws: RangeError.invalidRangeModeForMemoryWarnings(mode)) {
                try controller.setRangeModeForMemoryWarnings(mode)
            }
        }
        #expect(controller.rangeModeForMemoryWarnings == .visibleOnly)
    }

    @Test func layoutParametersAreValidated() {
        #expect(throws: RangeError.invalidColumnCount(0)) { try GridLayout(columns: 0, itemLength: 10) }
        #expect(throws: RangeError.invalidParameter(name: "itemLength", value: -1)) {
            try GridLayout(columns: 2, itemLength: -1)
        }
        #expect(throws: RangeError.self) { try GridLayout(columns: 2, itemLength: 1, lineSpacing: .nan) }
        #expect(throws: RangeError.invalidParameter(name: "spacing", value: -2)) { try ListLayout(spacing: -2) }
    }
}
