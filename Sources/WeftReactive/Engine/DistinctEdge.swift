/// An edge that passes a value on only if it differs from the downstream node's
/// current value.
// @unchecked Sendable: adds no state; see AnyEdge.
final class DistinctEdge<Value: Sendable & Equatable>: AnyEdge, @unchecked Sendable {
    init(from source: ValueNode<Value>, to target: ValueNode<Value>) {
        super.init(from: source, to: target, kind: "distinctUntilChanged")
    }

    override func apply(_ isTargetGone: UnsafePointer<Bool>) -> Bool {
        guard from.hasValue else { return false }
        let value = from.value(as: Value.self)
        return target._withUnsafeGuaranteedRef { node in
            // `==` is the user's code.
            if node.hasValue, node.value(as: Value.self) == value || isTargetGone.pointee {
                return false
            }
            node.store(value)
            return true
        }
    }
}
