import WeftReactive

/// A source followed by a chain of `map { $0 &+ 1 }` nodes and one listener,
/// warmed up by one set: the reactive benchmarks' graph.
// @unchecked Sendable: one thread at a time sets a chain; `sink` is written only by the
// chain's handler, which never runs concurrently with itself, and read after the sets.
public final class ReactiveChain: @unchecked Sendable {
    public let sink = ValueSink()
    private let source: MutableValueNode<Int>
    private let last: ValueNode<Int>
    private let owner = ListenOwner()

    /// A chain of `length` map nodes after the source.
    public init(length: Int) {
        source = MutableValueNode(0)
        var last: ValueNode<Int> = source
        for _ in 0 ..< length {
            last = last.map { $0 &+ 1 }
        }
        self.last = last
        let sink = sink
        last.listen(owner: owner) { sink.value = $0 }
        source.value = -1
    }

    /// Sets the source to `value`; the listener then holds `value + length`.
    public func set(_ value: Int) {
        source.value = value
    }
}
