/// One event in the Chrome trace-event format (loads in Perfetto and
/// chrome://tracing): a complete event (`X`) with a duration, an instant (`i`),
/// a counter (`C`), a flow's start, step or end (`s`, `t`, `f`), or a thread's
/// name (`M`).
public struct TraceEvent: Codable, Hashable, Sendable {
    /// A value in `args`: text, or a number (counters need numbers).
    public enum Argument: Codable, Hashable, Sendable {
        case text(String)
        case number(Double)

        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else {
                self = .text(try container.decode(String.self))
            }
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            }
        }
    }

    /// The event's name.
    public var name: String
    /// Its category.
    public var cat: String
    /// The phase: `X`, `i`, `C`, `s`, `t`, `f` or `M`.
    public var ph: String
    /// Start, in microseconds from the start of the run.
    public var ts: Double
    /// Duration in microseconds, for complete events.
    public var dur: Double?
    /// Process id; one process.
    public var pid = 1
    /// Thread id: 1 is main.
    public var tid = 1
    /// Scope of an instant event: `t` (thread).
    public var s: String?
    /// A flow's id, the same for its start, steps and end.
    public var id: UInt64?
    /// For a flow's end, `e`: it binds to the slice that encloses it.
    public var bp: String?
    /// Details shown in the viewer.
    public var args: [String: Argument]?

    /// Creates an event.
    public init(
        name: String, cat: String, ph: String, ts: Double, dur: Double? = nil, tid: Int = 1, s: String? = nil,
        id: UInt64? = nil, bp: String? = nil, args: [String: Argument]? = nil
    ) {
        self.name = name
        self.cat = cat
        self.ph = ph
        self.ts = ts
        self.dur = dur
        self.tid = tid
        self.s = s
        self.id = id
        self.bp = bp
        self.args = args
    }
}

/// The top-level object of a trace file.
struct TraceFile: Codable {
    var traceEvents: [TraceEvent]
    var displayTimeUnit = "ms"
}
