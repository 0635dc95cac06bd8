import WeftCore

/// A value handed to a dealloc queue as one object: releasing the box releases
/// the value, and with it every object that nothing else holds.
///
/// Boxing an array costs one allocation per batch instead of a retain and a release
/// per element on the caller's thread.
// @unchecked Sendable: nothing reads `value` after the box is made; the box only
// carries it to the queue's thread, where it dies.
final class _ReleaseBox<Value>: @unchecked Sendable {
    private var value: Value?

    init(_ value: consuming Value) {
        self.value = value
    }

    /// The value dies here, inside a trace span while tracing: this is where a
    /// dropped map's nodes are released.
    deinit {
        PipelineTracing.span("release", category: "dealloc", role: "dealloc queue") { value = nil }
    }
}
