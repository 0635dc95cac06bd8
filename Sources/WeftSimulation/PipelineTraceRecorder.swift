#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Weft
import WeftCore

/// Collects the pipeline's trace records from every thread during a run and
/// turns them into Chrome trace events: spans on their threads, each update's
/// flow from step 1 through step 3 and its workers to the commit, and each
/// thread named after the parts it played.
final class PipelineTraceRecorder: TraceRecorder {
    private let records = PosixMutex<[TraceRecord]>([])
    /// The run's start on the monotonic clock; events are microseconds from it.
    let origin: UInt64
    private let mainThread: UInt

    init(origin: UInt64) {
        self.origin = origin
        // The thread that makes the recorder is main; records name threads the same way.
        #if canImport(Darwin)
        mainThread = UInt(bitPattern: pthread_self())
        #else
        mainThread = UInt(pthread_self())
        #endif
    }

    func record(_ record: TraceRecord) {
        records.withLock { $0.append(record) }
    }

    /// Microseconds from the run's start.
    func microseconds(since start: UInt64) -> Double {
        Double(Int64(bitPattern: start &- origin)) / 1_000
    }

    /// The records as trace events: main is thread 1, the others 2, 3, … in the
    /// order they first recorded, each named after its roles.
    func events() -> [TraceEvent] {
        let records = records.withLock { $0 }
        var tids: [UInt: Int] = [mainThread: 1]
        var roles: [Int: [String]] = [1: ["main"]]
        var events: [TraceEvent] = []
        for record in records {
            let tid: Int
            if let known = tids[record.thread] {
                tid = known
            } else {
                tid = tids.count + 1
                tids[record.thread] = tid
            }
            if !roles[tid, default: []].contains(record.role) { roles[tid, default: []].append(record.role) }
            let ts = microseconds(since: record.start)
            let args = record.arguments.isEmpty ? nil : record.arguments.mapValues { TraceEvent.Argument.text($0) }
            switch record.kind {
            case .span(let nanoseconds):
                events.append(TraceEvent(
                    name: record.name, cat: record.category, ph: "X", ts: ts, dur: Double(nanoseconds) / 1_000, tid: tid,
                    args: args))
            case .instant:
                events.append(TraceEvent(name: record.name, cat: record.category, ph: "i", ts: ts, tid: tid, s: "t"))
            case .counter(let value):
                events.append(TraceEvent(
                    name: record.name, cat: record.category, ph: "C", ts: ts, tid: tid,
                    args: [record.name: .number(value)]))
            }
            if let (id, phase) = record.flow {
                let ph = switch phase {
                case .begin: "s"
                case .step: "t"
                case .end: "f"
                }
                // A drawing's capture, draw and commit read as "display"; an update's steps as "update".
                events.append(TraceEvent(
                    name: record.category == "display" ? "display" : "update", cat: "flow", ph: ph, ts: ts, tid: tid,
                    id: id, bp: phase == .end ? "e" : nil))
            }
        }
        // Roles in one order whatever order a thread took them in, and a number
        // after a name another thread has: each thread reads as one in a viewer.
        var named: [String: Int] = [:]
        for (tid, names) in roles.sorted(by: { $0.key < $1.key }) {
            let base = tid == 1 ? "main" : names.sorted().joined(separator: " + ")
            named[base, default: 0] += 1
            let name = named[base]! == 1 ? base : "\(base) (\(named[base]!))"
            events.append(TraceEvent(
                name: "thread_name", cat: "__metadata", ph: "M", ts: 0, tid: tid, args: ["name": .text(name)]))
        }
        return events
    }
}
