/// An edge that transforms every upstream value into a downstream value: `map`,
/// and, with the identity, `fork`, `merge`, links and syncs.
// @unchecked Sendable: `transform` never changes and runs only on the thread that holds
// the graph's lock; see AnyEdge.
final class MapEdge<Input: Sendable, Output: Sendable>: AnyEdge, @unchecked Sendable {
    private let transform: (Input) -> Output

    init(
        from source: ValueNode<Input>, to target: ValueNode<Output>, kind: StaticString,
        transform: @escaping (Input) -> Output
    ) {
        self.transform = transform
        super.init(from: source, to: target, kind: kind)
    }

    override func apply() -> Bool {
        guard from.hasValue else { return false }
        // The input is borrowed in place and the output moved in: in this generic
        // code each copy would be a value-witness call.
        let input = from.valueSlot.assumingMemoryBound(to: Input.self)
        target._withUnsafeGuaranteedRef { $0.store(transform(input.pointee)) }
        return true
    }
}
