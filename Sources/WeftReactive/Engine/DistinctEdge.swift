/// An edge that passes a value on only if it differs from the downstream node's
/// current value.
// @unchecked Sendable: adds no state; see AnyEdge.
final class DistinctEdge<Value: Sendable & Equatable>: AnyEdge, @unchecked Sendable {
    init(from source: ValueNode<Value>) {
        super.init(from: source, kind: "distinctUntilChanged")
    }

    override func apply(into target: AnyValueNode) -> Bool {
        let output = unsafeDowncast(target, to: ValueNode<Value>.self)
        guard let input = unsafeDowncast(from, to: ValueNode<Value>.self).storage,
              output.storage != input
        else { return false }
        output.storage = input
        return true
    }
}
