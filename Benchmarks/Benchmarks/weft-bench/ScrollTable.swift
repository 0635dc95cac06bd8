import BenchmarkSupport
import Foundation
import Weft

/// The scroll benchmark on real text: a lazy feed of 1M real post cells scrolled
/// for a number of frames at 2, 5 and 10 screens a second at 60 Hz, drawing off
/// main and, as the peer, on main. One run each, not medians: each run is 1,000
/// paced frames (17 s), and its per-frame distribution is the measurement.
@MainActor
struct ScrollTable {
    struct Row: Sendable {
        var speed: Double
        var asynchronous: Bool
        var p50: Duration
        var p99: Duration
        var blank: Int
        var placeholders: Int
        var flashed: Int
        var cellFrames: Int
        var nodesMade: Int
        var peakBytes: Int
        var leadMedian: Double
    }

    let frames: Int
    let speeds: [Double] = [2, 5, 10]

    /// Runs every speed, asynchronous then synchronous, each on a fresh feed.
    func run(progress: (String) -> Void) throws -> [Row] {
        var rows: [Row] = []
        for speed in speeds {
            for asynchronous in [true, false] {
                progress("scroll \(Int(speed)) screens/s, \(asynchronous ? "asynchronous" : "synchronous") ... ")
                // A fresh feed each run: the last one's bitmaps die with it, so the peak is this run's.
                let row = try measure(speed: speed, asynchronous: asynchronous)
                progress("p99 \(row.p99.microsecondsText), \(row.blank) blank\n")
                rows.append(row)
            }
        }
        return rows
    }

    private func measure(speed: Double, asynchronous: Bool) throws -> Row {
        let fixture = try DisplayScrollFixture(count: 1_000_000, loading: .lazy, asynchronous: asynchronous)
        try fixture.load()
        Bitmap.resetPeakMemory()
        let made = fixture.nodesMade
        let result = fixture.scroll(frames: frames, screensPerSecond: speed)
        let leads = result.lead.sorted()
        return Row(
            speed: speed, asynchronous: asynchronous, p50: percentile(result.main, 0.5),
            p99: percentile(result.main, 0.99), blank: result.blankCellFrames,
            placeholders: result.placeholderCellFrames, flashed: result.flashedCellFrames, cellFrames: result.cellFrames,
            nodesMade: fixture.nodesMade - made, peakBytes: Bitmap.memory.peakBytes,
            leadMedian: leads.isEmpty ? 0 : leads[leads.count / 2])
    }

    /// The bound contents memory stays under: every cell and subnode whose frame
    /// meets the display range (Texture's full-mode defaults: the viewport, 1.0
    /// screen ahead, 0.5 behind, plus a cell at each end) holds one bitmap of its
    /// area at 2x; a post's subnodes cover less than its own area, so twice the
    /// range's area at 4 bytes a pixel bounds them.
    nonisolated static var bound: Int {
        let viewport = DisplayScrollFixture.viewport
        let rangeHeight = viewport.height * 2.5 + 2 * 200
        return Int(2 * viewport.width * rangeHeight * 4 * 4)
    }

    nonisolated static func markdown(_ rows: [Row], frames: Int, command: String, machine: String) -> String {
        var lines = [
            "| screens/s | display | main p50 | main p99 | blank visible cell-frames | placeholder | flashed | nodes made | contents peak | lead p50 |",
            "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for row in rows {
            let share = row.cellFrames == 0 ? 0 : 100 * Double(row.blank) / Double(row.cellFrames)
            lines.append("| \(Int(row.speed)) | \(row.asynchronous ? "asynchronous" : "synchronous (peer)") | "
                + "\(row.p50.microsecondsText) | \(row.p99.microsecondsText) | "
                + "\(row.blank) of \(row.cellFrames) (\(String(format: "%.2f", share))%) | \(row.placeholders) | "
                + "\(row.flashed) | \(row.nodesMade) | "
                + "\(row.peakBytes / 1_048_576) MiB | \(String(format: "%.2f", row.leadMedian)) |")
        }
        lines += [
            "",
            "\(frames) frames per run at 60 Hz, paced in real time, over a lazy feed of 1,000,000 real post cells "
                + "(avatar PNG, bold author, 3-6 lines of Pango text) at 2x in a 390x844 viewport, after the first "
                + "screen was drawn. Blank: a visible cell with no node yet (a lazy item loading) or one of whose nodes lacks its latest drawing. "
                + "Placeholder: a visible cell showing its nodes' placeholders (counted apart). Flashed: a visible cell drawn in "
                + "one frame and blank in the next (target 0). Contents "
                + "bound: \(bound / 1_048_576) MiB (twice the display range's area at 2x, 4 bytes a pixel).",
            "Targets: 0 blank at 2 and 5 screens/s, <= 1% at 10; 0 flashed; main p99 <= 2 ms asynchronous; contents under the bound.",
            "Machine: \(machine). Command: `\(command)`.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }
}
