public import Foundation

/// What a feed simulation does: how big the feed starts, how long and how fast
/// it scrolls, and how often it is updated.
public struct SimulationOptions: Hashable, Sendable {
    /// Posts loaded initially.
    public var initialItems = 300
    /// Simulated seconds of scrolling.
    public var seconds = 10.0
    /// Frames per simulated second.
    public var framesPerSecond = 60
    /// Scroll speed, in points per simulated second.
    public var scrollSpeed: CGFloat = 6_000
    /// Updates issued per simulated second.
    public var updatesPerSecond = 6.0
    /// The share of updates that are deliberately invalid and must be refused.
    public var invalidShare = 0.2
    /// Posts a batch fetch appends.
    public var pageSize = 100
    /// The most posts the feed holds; batch fetching stops there.
    public var maximumItems = 20_000
    /// The viewport.
    public var viewportSize = CGSize(width: 390, height: 844)
    /// Seeds every random choice, so that a run can be repeated.
    public var seed: UInt64 = 1
    /// Whether the feed loads lazily (`DataController.ItemLoading.lazy`):
    /// posts get nodes only in the measure range, so a million of them load at once.
    public var loadsLazily = false
    /// Whether the run records the pipeline's work on every thread for
    /// ``SimulationReport/traceJSON()``: each update's steps linked across threads,
    /// the allocation workers, range updates, releases, and counters of live
    /// nodes and memory. Off, the trace holds main's frames and events only.
    public var tracesPipeline = false
    /// Pixels per point the cells draw at.
    public var scale = 2.0
    /// Where to write composed frames as PNG files (`frame-000120.png`), or `nil`
    /// for none.
    public var framesDirectory: String?
    /// Every how many frames one is composed and written.
    public var frameEvery = 10

    public init() {}

    /// The number of frames the run lasts.
    public var frameCount: Int { Int((seconds * Double(framesPerSecond)).rounded()) }

    /// Checks every option; the message names the option and the allowed range.
    public func validated() throws(SimulationError) -> SimulationOptions {
        func check(_ ok: Bool, _ message: String) throws(SimulationError) {
            if !ok { throw .invalidOption(message) }
        }
        try check(initialItems >= 0 && initialItems <= 1_000_000, "--items must be between 0 and 1000000, not \(initialItems)")
        try check(seconds.isFinite && seconds > 0 && seconds <= 3_600, "--seconds must be above 0 and at most 3600, not \(seconds)")
        try check((1 ... 240).contains(framesPerSecond), "--fps must be between 1 and 240, not \(framesPerSecond)")
        try check(scrollSpeed.isFinite && scrollSpeed >= 0, "--scroll-speed must be 0 or more, not \(scrollSpeed)")
        try check(updatesPerSecond.isFinite && updatesPerSecond >= 0, "--updates must be 0 or more, not \(updatesPerSecond)")
        try check(invalidShare.isFinite && (0 ... 1).contains(invalidShare), "--invalid-share must be between 0 and 1, not \(invalidShare)")
        try check(pageSize > 0, "--page-size must be above 0, not \(pageSize)")
        try check(scale.isFinite && scale >= 1 && scale <= 4, "--scale must be between 1 and 4, not \(scale)")
        try check(frameEvery >= 1, "--frame-every must be 1 or more, not \(frameEvery)")
        try check(maximumItems >= initialItems, "--max-items must be at least --items (\(initialItems)), not \(maximumItems)")
        return self
    }
}
