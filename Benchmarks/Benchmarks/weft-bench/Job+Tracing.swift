import BenchmarkSupport
import Foundation
import WeftCore

extension Job {
    /// What the pipeline's trace points cost: a batch update's main-thread time
    /// with tracing off, against the same with a recorder installed that drops
    /// every record. Off, each trace point is one relaxed atomic load.
    static func tracingCost() -> Job {
        Job(
            id: "trace.cost",
            name: "batch update +100 into 100k, tracing off",
            peer: "tracing on (records dropped)",
            target: "off: no measurable cost",
            note: "Tracing cost: the batch-update job's main-thread time (steps 1, 2 and 5) with no recorder, and "
                + "with a recorder that drops what it gets, so the peer pays for timing and building each record "
                + "but not for storing it.",
            prepare: {
                let sizeRange = try WeftPipelineFixture.postSizeRange()
                let off = WeftPipelineFixture(count: 100_000, sizeRange: sizeRange)
                let on = WeftPipelineFixture(count: 100_000, sizeRange: sizeRange)
                let recorder = DroppingRecorder()
                let checks = 10_000_000
                let check = timed {
                    var on = 0
                    for _ in 0 ..< checks where PipelineTracing.isOn { on += 1 }
                    consumeOpaquely(on)
                }
                return Sides(
                    weft: { .nanoseconds(off.insertSpread(100)) },
                    peer: {
                        PipelineTracing.install(recorder)
                        defer { PipelineTracing.install(nil) }
                        return .nanoseconds(on.insertSpread(100))
                    },
                    remark: "A trace point that finds tracing off costs "
                        + String(format: "%.2f ns", Double(check.components.attoseconds) / 1e9 / Double(checks)
                            + Double(check.components.seconds) * 1e9 / Double(checks))
                        + " (\(checks) checks timed once)."
                )
            },
            // Off is the measured side; it may not be slower than the side that records.
            check: { $0.ratio >= 0.95 }
        )
    }
}

/// A recorder that keeps nothing: what remains is the cost of tracing itself.
private final class DroppingRecorder: TraceRecorder {
    func record(_ record: TraceRecord) {
        consumeOpaquely(record.start)
    }
}
