/// An edge that passes a value on only if it differs from the downstream node's
/// current value.
// @unchecked Sendable: adds no state; see AnyEdge.
final class DistinctEdge<Value: Sendable & Equatable>: AnyEdge, @unchecked Sendable {
    init(from source: ValueNode<Value>, to target: ValueNode<Value>) {
        super.init(from: source, to: target, kind: "distinctUntilChanged")
    }

    override func apply() -> Bool {
        guard from.hasValue else { return false }
        let value = from.value(as: Value.self)
        if to.hasValue, to.value(as: Value.self) == value {
            return false
        }
        to.store(value)
        return true
    }
}
