import Foundation
import Weft
import WeftGTK
import WeftSampleFeed
import WeftSimulation

/// The frames of a scripted scroll, and the figures the issue asks for.
struct FrameStatistics {
    private(set) var frames: [GTKFrame] = []

    mutating func add(_ frame: GTKFrame) {
        frames.append(frame)
    }

    /// Frames the clock skipped at 60 Hz: each gap between frames longer than
    /// one period by more than half a period counts the periods it lost.
    var missedFrames: Int {
        let period = 1_000_000.0 / 60
        return zip(frames, frames.dropFirst()).reduce(0) { missed, pair in
            let periods = (Double(pair.1.frameTime - pair.0.frameTime) / period).rounded()
            return missed + max(0, Int(periods) - 1)
        }
    }

    /// The report; `firstCompleteFrame` in milliseconds after the command began.
    func report(speed: Double, seconds: Double, synchronous: Bool, cellsMade: Int, firstCompleteFrame: Double?) -> String {
        func milliseconds(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        }
        let main = frames.map { milliseconds($0.mainThreadTime) }
        let phases = frames.map { milliseconds($0.phasesTime) }
        let weft = frames.map { milliseconds($0.weftTime) }
        let queue = frames.map { milliseconds($0.mainQueueTime) }
        let blank = frames.reduce(0) { $0 + $1.blankVisibleItems }
        let visible = frames.reduce(0) { $0 + $1.visibleItems }
        let memory = Bitmap.memory
        return String(
            format: """
                weft-gallery: %.1f screens/s for %.1f s, %@ display
                  frames painted          %d (%.1f per second), missed at 60 Hz: %d
                  main thread per frame   p50 %.2f ms, p99 %.2f ms, max %.2f ms
                    of which frame phases p50 %.2f ms, p99 %.2f ms
                    of which Weft's       p50 %.2f ms, p99 %.2f ms (ranges, mounting, drawing on main, snapshot, main queue)
                      its main queue      p50 %.2f ms, p99 %.2f ms (commits, loads, drawings landing)
                  blank visible cells     %d of %d cell-frames
                  cells made              %d
                  contents                peak %.1f MiB
                  first complete frame    %.0f ms after start
                  peak RSS (VmHWM)        %.1f MiB
                """,
            speed, seconds, synchronous ? "synchronous (on main)" : "asynchronous",
            frames.count, Double(frames.count) / seconds, missedFrames,
            Percentile.nearestRank(main, 50), Percentile.nearestRank(main, 99), main.max() ?? 0,
            Percentile.nearestRank(phases, 50), Percentile.nearestRank(phases, 99),
            Percentile.nearestRank(weft, 50), Percentile.nearestRank(weft, 99),
            Percentile.nearestRank(queue, 50), Percentile.nearestRank(queue, 99),
            blank, visible, cellsMade, Double(memory.peakBytes) / 1_048_576, firstCompleteFrame ?? 0,
            Double(ResidentMemory.peakBytes ?? 0) / 1_048_576)
    }
}
