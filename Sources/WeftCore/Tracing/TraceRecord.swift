/// One thing pipeline code did, on any thread, as a ``PipelineTracing`` recorder
/// receives it: a span of work, an instant, or a counter's value.
public struct TraceRecord: Sendable {
    /// What the record is.
    public enum Kind: Sendable, Equatable {
        /// Work that took `nanoseconds` from ``TraceRecord/start``.
        case span(nanoseconds: UInt64)
        /// Something that happened at ``TraceRecord/start``.
        case instant
        /// A counter's value at ``TraceRecord/start``.
        case counter(Double)
    }

    /// Where a record stands in a flow: the steps of one update across threads.
    public enum FlowPhase: Sendable, Equatable {
        /// The update starts here (step 1 on main).
        case begin
        /// The update passes through (step 3 on the editing queue and its workers).
        case step
        /// The update ends here (its commit on main).
        case end
    }

    /// The record's name, such as `step 1` or `allocate + measure`.
    public var name: String
    /// Its category, such as `pipeline` or `dealloc`.
    public var category: String
    /// The thread's part in the pipeline, such as `main` or `editing queue`.
    public var role: String
    /// The thread that recorded it (its pthread identity).
    public var thread: UInt
    /// When it started, in nanoseconds of the monotonic clock (``PipelineTracing/now()``).
    public var start: UInt64
    /// A span, an instant or a counter.
    public var kind: Kind
    /// The flow it belongs to and where, or `nil`.
    public var flow: (id: UInt64, phase: FlowPhase)?
    /// Details for a viewer.
    public var arguments: [String: String]

    /// Creates a record.
    public init(
        name: String, category: String, role: String, thread: UInt, start: UInt64, kind: Kind,
        flow: (id: UInt64, phase: FlowPhase)? = nil, arguments: [String: String] = [:]
    ) {
        self.name = name
        self.category = category
        self.role = role
        self.thread = thread
        self.start = start
        self.kind = kind
        self.flow = flow
        self.arguments = arguments
    }
}
