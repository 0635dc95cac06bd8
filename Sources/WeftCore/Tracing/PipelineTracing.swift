import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the pipeline's modules report what they do, on every thread, while a
/// ``TraceRecorder`` is installed: each update's steps 1, 3 and 5 as spans linked
/// by a flow, the allocation workers' spans, range updates and the dealloc
/// queue's releases. `weft-sim --trace` installs one and writes a Chrome trace.
///
/// Off (no recorder), a trace point costs one relaxed atomic load and a branch;
/// nothing is timed, allocated or locked.
public enum PipelineTracing {
    private static let enabled = Atomic(false)
    private static let recorder = PosixMutex<(any TraceRecorder)?>(nil)
    private static let flows = Atomic<UInt64>(0)

    /// Installs `recorder`, or with `nil` turns tracing off.
    ///
    /// - Complexity: O(1).
    public static func install(_ recorder: (any TraceRecorder)?) {
        self.recorder.withLock { $0 = recorder }
        enabled.store(recorder != nil, ordering: .releasing)
    }

    /// Whether a recorder is installed.
    @inline(__always)
    public static var isOn: Bool { enabled.load(ordering: .relaxed) }

    /// The monotonic clock, in nanoseconds, that records are stamped with.
    public static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// A new flow id while tracing, else 0 (no flow).
    package static func makeFlow() -> UInt64 {
        isOn ? flows.wrappingAdd(1, ordering: .relaxed).newValue : 0
    }

    /// Runs `body`, and records it as a span while tracing.
    @inline(__always)
    package static func span<Result>(
        _ name: @autoclosure () -> String, category: String = "pipeline", role: String,
        flow: UInt64 = 0, phase: TraceRecord.FlowPhase = .step,
        arguments: @autoclosure () -> [String: String] = [:],
        _ body: () throws -> Result
    ) rethrows -> Result {
        guard isOn else { return try body() }
        let start = now()
        let result = try body()
        record(TraceRecord(
            name: name(), category: category, role: role, thread: ThreadIdentity.current.rawValue, start: start,
            kind: .span(nanoseconds: now() &- start), flow: flow == 0 ? nil : (flow, phase), arguments: arguments()))
        return result
    }

    /// Records a span that began at `start` (a ``now()`` taken while tracing)
    /// and ends now; does nothing when `start` is 0 or tracing is off.
    package static func recordSpan(
        _ name: @autoclosure () -> String, category: String = "pipeline", role: String, start: UInt64,
        flow: UInt64 = 0, phase: TraceRecord.FlowPhase = .step
    ) {
        guard isOn, start != 0 else { return }
        record(TraceRecord(
            name: name(), category: category, role: role, thread: ThreadIdentity.current.rawValue, start: start,
            kind: .span(nanoseconds: now() &- start), flow: flow == 0 ? nil : (flow, phase)))
    }

    /// Records a counter's value while tracing.
    package static func counter(_ name: String, _ value: Double, role: String = "main") {
        guard isOn else { return }
        record(TraceRecord(
            name: name, category: "counter", role: role, thread: ThreadIdentity.current.rawValue, start: now(),
            kind: .counter(value)))
    }

    private static func record(_ record: TraceRecord) {
        recorder.withLock { $0 }?.record(record)
    }
}
