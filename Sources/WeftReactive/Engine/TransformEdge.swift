/// An edge that maps each upstream value to an optional downstream value; `nil`
/// means "emit nothing". Most operators are this edge with a different body, whose
/// state (a counter, an accumulator, the latest values of a combine) lives in the
/// body's captures and is touched only under the engine's gate.
// @unchecked Sendable: `body` never changes and runs only on the thread that holds
// PropagationEngine.shared's gate, so the state it captures is never shared.
final class TransformEdge<Input: Sendable, Output: Sendable>: AnyEdge, @unchecked Sendable {
    private let body: (Input) -> Output?

    init(from source: ValueNode<Input>, kind: StaticString, body: @escaping (Input) -> Output?) {
        self.body = body
        super.init(from: source, kind: kind)
    }

    override func apply(into target: AnyValueNode) -> Bool {
        guard let input = unsafeDowncast(from, to: ValueNode<Input>.self).storage,
              let output = body(input)
        else { return false }
        unsafeDowncast(target, to: ValueNode<Output>.self).storage = output
        return true
    }
}
