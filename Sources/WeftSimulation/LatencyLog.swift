/// Display latencies recorded on main, read at the end of a run.
@MainActor
final class LatencyLog: Sendable {
    private(set) var values: [Double] = []

    nonisolated init() {}

    /// Records one latency in milliseconds.
    func append(_ milliseconds: Double) {
        values.append(milliseconds)
    }
}
