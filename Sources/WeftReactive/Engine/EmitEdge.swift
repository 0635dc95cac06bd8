/// An edge whose body decides, value by value, whether to emit: filters, counters,
/// accumulators, combines and zips. The body's state lives in its captures and is
/// touched only under the graph's lock.
// @unchecked Sendable: `body` never changes and runs only on the thread that holds
// the graph's lock, so the state it captures is never shared.
final class EmitEdge<Input: Sendable, Output: Sendable>: AnyEdge, @unchecked Sendable {
    /// Receives an upstream value and calls its second argument with the downstream
    /// value, or does not call it to emit nothing.
    private let body: (Input, (Output) -> Void) -> Void

    init(
        from source: ValueNode<Input>, to target: ValueNode<Output>, kind: StaticString,
        body: @escaping (Input, (Output) -> Void) -> Void
    ) {
        self.body = body
        super.init(from: source, to: target, kind: kind)
    }

    override func apply(_ isTargetGone: UnsafePointer<Bool>) -> Bool {
        guard from.hasValue else { return false }
        var emitted = false
        body(from.value(as: Input.self)) { output in
            guard !isTargetGone.pointee else { return }
            target._withUnsafeGuaranteedRef { $0.store(output) }
            emitted = true
        }
        return emitted && !isTargetGone.pointee
    }
}
