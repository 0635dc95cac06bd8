/// An edge that transforms every upstream value into a downstream value: `map`,
/// and, with the identity, `fork`, `merge`, links and syncs.
// @unchecked Sendable: `transform` never changes and runs only on the thread that holds
// PropagationEngine.shared's gate; see AnyEdge.
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
        let output = transform(from.value(as: Input.self))
        target._withUnsafeGuaranteedRef { $0.store(output) }
        return true
    }
}
