/// One event in the Chrome trace-event format (loads in Perfetto and
/// chrome://tracing): a complete event (`X`) with a duration, or an instant (`i`).
public struct TraceEvent: Codable, Hashable, Sendable {
    /// The event's name.
    public var name: String
    /// Its category.
    public var cat: String
    /// `X` for a complete event, `i` for an instant.
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
    /// Details shown in the viewer.
    public var args: [String: String]?
}

/// The top-level object of a trace file.
struct TraceFile: Codable {
    var traceEvents: [TraceEvent]
    var displayTimeUnit = "ms"
}
