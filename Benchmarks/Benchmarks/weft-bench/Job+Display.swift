import BenchmarkSupport
import Foundation
import Weft
import WeftSimulation

extension Job {
    /// Real post cells (an avatar, the author, 3 to 6 lines of Pango text)
    /// measured on every core against one at a time.
    static func displayMeasure() -> Job {
        let cells = 10_000
        return Job(
            id: "display.measure",
            name: "measure 10k real post cells (Pango text), parallel",
            peer: "serial",
            target: ">= 1.7x on 2 cores",
            note: "Display, measuring: weft-sim's post cell (a 40-point avatar image, a bold author line and 3 to 6 "
                + "lines of 15-point DejaVu Sans at 390 points wide, shaped by Pango), \(cells) made fresh before "
                + "each sample and measured by its layout spec on every core, against the same cells one at a time.",
            prepare: {
                let sample = PostMeasureFixture.make(500)
                let perCell = timed { PostMeasureFixture.measure(sample, parallel: false) } / 500
                return Sides(
                    weft: {
                        let fresh = PostMeasureFixture.make(cells)
                        return timed { PostMeasureFixture.measure(fresh, parallel: true) }
                    },
                    peer: {
                        let fresh = PostMeasureFixture.make(cells)
                        return timed { PostMeasureFixture.measure(fresh, parallel: false) }
                    },
                    remark: "Once: one cell measured alone takes \(perCell.microsecondsText)."
                )
            },
            check: { $0.peer >= $0.weft * 1.7 }
        )
    }

    /// The main thread's time per frame while a feed of real post cells scrolls
    /// at 5 screens a second, drawing off main, against the same frames drawing
    /// on main as UIKit's `draw(_:)` does.
    static func displayFrame() -> Job {
        let frames = 60
        return Job(
            id: "display.frame",
            name: "main thread's display work per frame, 5 screens/s, async",
            peer: "synchronous drawing on main",
            target: "<= 1/10 of synchronous",
            note: "Display, a scrolled frame: a feed of 5,000 real post cells, measured at load, drawn at 2x in a "
                + "390x844 viewport, scrolls 70 points a frame (5 screens a second), paced at 60 Hz in real time; "
                + "each sample is the mean over \(frames) frames of the main thread's display work, summed from the "
                + "pipeline's trace: capturing each drawing when its cell enters the display range and committing "
                + "the finished ones, and with synchronous display the drawing itself (a cell enters the display "
                + "range about every other frame, so the mean, not the median, carries it). The whole frame "
                + "(the pipeline's main jobs, commits, scroll, range update and mount pass) is in the remark. The "
                + "display lead is how far fully drawn cells reach past the viewport's bottom.",
            prepare: {
                let asynchronous = try DisplayScrollFixture(count: 5_000, loading: .eager, asynchronous: true)
                let synchronous = try DisplayScrollFixture(count: 5_000, loading: .eager, asynchronous: false)
                try asynchronous.load()
                try synchronous.load()
                let probe = asynchronous.scroll(frames: 300, screensPerSecond: 5)
                let peerProbe = synchronous.scroll(frames: 300, screensPerSecond: 5)
                let lead = String(format: "%.2f screens (min %.2f)", median(probe.lead), probe.lead.min() ?? 0)
                let asyncTimes = "display \(mean(probe.display).microsecondsText) a frame, whole frame mean \(mean(probe.main).microsecondsText), p50 \(percentile(probe.main, 0.5).microsecondsText), p99 "
                    + percentile(probe.main, 0.99).microsecondsText
                let syncTimes = "display \(mean(peerProbe.display).microsecondsText) a frame, whole frame mean \(mean(peerProbe.main).microsecondsText), p50 \(percentile(peerProbe.main, 0.5).microsecondsText), p99 "
                    + percentile(peerProbe.main, 0.99).microsecondsText
                let blank = "\(probe.blankCellFrames) of \(probe.cellFrames)"
                func phases(_ frames: DisplayScrollFixture.Frames) -> String {
                    let n = frames.main.count
                    return "(jobs \((frames.jobs / n).microsecondsText), commits \((frames.commits / n).microsecondsText), "
                        + "scroll and range update \((frames.rangeUpdates / n).microsecondsText) a frame)"
                }
                return Sides(
                    weft: { mean(asynchronous.scroll(frames: frames, screensPerSecond: 5).display) },
                    peer: { mean(synchronous.scroll(frames: frames, screensPerSecond: 5).display) },
                    remark: "Once each, 300 frames: asynchronous \(asyncTimes) \(phases(probe)), display lead p50 \(lead), blank "
                        + "visible cell-frames \(blank); synchronous \(syncTimes) \(phases(peerProbe))."
                )
            },
            check: { $0.peer >= $0.weft * 10 }
        )
    }

    static func mean(_ times: [Duration]) -> Duration {
        times.isEmpty ? .zero : times.reduce(.zero, +) / times.count
    }

    private static func median(_ values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values.sorted()[values.count / 2]
    }
}
