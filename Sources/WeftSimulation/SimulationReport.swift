import Foundation
import Weft
public import WeftMemory
import WeftCore
import WeftSampleFeed

/// What a simulation measured and found.
public struct SimulationReport: Sendable {
    /// The options the run used.
    public var options: SimulationOptions
    /// Main-thread time of each frame, in microseconds.
    public var frameMicroseconds: [Double] = []
    /// Updates committed (random edits and batch fetches).
    public var updatesApplied = 0
    /// Deliberately invalid updates, all of which must be refused.
    public var invalidUpdatesIssued = 0
    /// Every refusal, with the error's message.
    public var refusals: [String] = []
    /// Invalid updates that were not refused: always empty in a correct pipeline.
    public var invalidUpdatesAccepted: [String] = []
    /// Batch fetches that ran.
    public var batchFetches = 0
    /// Items in the feed at the end.
    public var itemsAtEnd = 0
    /// Post nodes alive in the process at the end, after the dealloc queue
    /// drained; one per item when one simulation runs at a time.
    public var nodesAlive = 0
    /// Cell nodes made during the run.
    public var nodesCreated = 0
    /// Backing views the reuse pool made, however many cells scrolled by.
    public var backingViewsCreated = 0
    /// What UIKit would have raised, as the headless view recorded it.
    public var viewInconsistencies: [String] = []
    /// Cells that showed something other than the feed after a commit UIKit
    /// accepts, as the headless view recorded them (its `divergences`).
    public var viewDivergences: [String] = []
    /// Whether the view showed exactly the feed's last snapshot at the end.
    public var viewMatchesFeed = false
    /// Memory per subsystem at the end, from the arena statistics.
    public var memory: MemoryReport?
    /// Main-thread events, for `--trace`.
    public var traceEvents: [TraceEvent] = []
    /// Live nodes and memory per subsystem, sampled between frames every sixth
    /// frame and at the end: the chart's second panel and the trace's counters.
    public var counterSamples: [CounterSample] = []
    /// Visible cells not fully drawn, summed over the frames after the first
    /// screen was drawn (`CollectionNode.blankVisibleItems`).
    public var blankCellFrames = 0
    /// Visible cells, summed over the same frames.
    public var cellFrames = 0
    /// Visible cells showing placeholders (not blank), summed over the same
    /// frames (`CollectionNode.placeholderVisibleItems`).
    public var placeholderCellFrames = 0
    /// Visible cells of a post drawn in one frame and blank in the next (a
    /// reload that dropped a drawn cell, say), summed over all frames: 0 is
    /// the target.
    public var flashedCellFrames = 0
    /// Each cell's milliseconds from entering the display range to its contents landing.
    public var displayLatencies: [Double] = []
    /// How far drawn cells reached past the viewport, in screens, each frame.
    public var displayLeads: [Double] = []
    /// The bitmaps alive at the end, and the peak during the frames.
    public var contentsMemory = BitmapMemory()
    /// The composed frames written, by path.
    public var framesWritten: [String] = []

    /// One sample of the counters, taken between frames.
    public struct CounterSample: Hashable, Sendable {
        /// Frames run before the sample.
        public var frame: Int
        /// Post nodes alive.
        public var liveNodes: Int
        /// Allocated bytes per subsystem, by its short name.
        public var bytes: [String: Int]
    }

    public init(options: SimulationOptions) {
        self.options = options
    }

    /// Whether the run found nothing wrong.
    public var isClean: Bool {
        invalidUpdatesAccepted.isEmpty && viewInconsistencies.isEmpty && viewDivergences.isEmpty && viewMatchesFeed
    }

    /// The `p`-th percentile (0...100) of the frame times, by nearest rank.
    public func percentile(_ p: Double) -> Double {
        Self.percentile(frameMicroseconds, p)
    }

    /// The `p`-th percentile (0...100) of `values`, by nearest rank; 0 when empty.
    public static func percentile(_ values: [Double], _ p: Double) -> Double {
        Percentile.nearestRank(values, p)
    }

    /// A human-readable summary.
    public var summary: String {
        func ms(_ microseconds: Double) -> String { String(format: "%.3f ms", microseconds / 1_000) }
        var lines = [
            "frames                 \(frameMicroseconds.count) at \(options.framesPerSecond) fps",
            "main thread per frame  p50 \(ms(percentile(50)))  p99 \(ms(percentile(99)))  max \(ms(frameMicroseconds.max() ?? 0))",
            "updates                \(updatesApplied) applied, \(refusals.count) refused (\(invalidUpdatesIssued) injected invalid)",
            "batch fetches          \(batchFetches); \(itemsAtEnd) items at the end",
            "nodes                  \(nodesCreated) made, \(nodesAlive) alive at the end",
            "backing views          \(backingViewsCreated) made",
            "view inconsistencies   \(viewInconsistencies.count)",
            "view divergences       \(viewDivergences.count)",
            "view matches feed      \(viewMatchesFeed ? "yes" : "NO")",
            "visible cells blank    \(blankCellFrames) of \(cellFrames) cell-frames "
                + String(format: "(%.2f%%)", cellFrames == 0 ? 0 : 100 * Double(blankCellFrames) / Double(cellFrames))
                + " after the first screen",
            "placeholder cells      \(placeholderCellFrames) of \(cellFrames) cell-frames after the first screen",
            "flashed cells          \(flashedCellFrames) cell-frames (a post drawn in one frame, blank in the next)",
            "display latency        p50 \(String(format: "%.2f", Self.percentile(displayLatencies, 50))) ms  "
                + "p99 \(String(format: "%.2f", Self.percentile(displayLatencies, 99))) ms "
                + "(entering the display range to contents, \(displayLatencies.count) cells)",
            "display lead           p50 \(String(format: "%.2f", Self.percentile(displayLeads, 50))) screens  "
                + "min \(String(format: "%.2f", displayLeads.min() ?? 0))",
            "contents memory        \(contentsMemory.liveBytes / 1_024) KiB now, peak \(contentsMemory.peakBytes / 1_024) KiB",
        ]
        if !framesWritten.isEmpty {
            lines.append("frames written         \(framesWritten.count) PNGs, \(framesWritten.first ?? "") to \(framesWritten.last ?? "")")
        }
        if !invalidUpdatesAccepted.isEmpty {
            lines.append("INVALID UPDATES ACCEPTED: \(invalidUpdatesAccepted.joined(separator: "; "))")
        }
        lines += viewInconsistencies.prefix(5).map { "  inconsistency: \($0)" }
        lines += viewDivergences.prefix(5).map { "  divergence: \($0)" }
        if let memory {
            lines.append("memory per subsystem")
            for subsystem in Subsystem.allCases {
                let stats = memory[subsystem]
                lines.append("  \(subsystem.description.padding(toLength: 21, withPad: " ", startingAt: 0))"
                    + "\(stats.allocatedBytes) bytes in \(stats.liveAllocations) allocations")
            }
        }
        lines += refusals.prefix(3).map { "  refused: \($0)" }
        return lines.joined(separator: "\n")
    }
}
