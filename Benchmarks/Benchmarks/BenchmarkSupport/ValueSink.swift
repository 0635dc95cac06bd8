/// Receives the last value of a benchmark's graph, so that nothing is optimized away.
public final class ValueSink {
    public var value = 0

    public init() {}
}
