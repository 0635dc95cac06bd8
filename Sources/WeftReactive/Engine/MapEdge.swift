/// An edge that transforms every upstream value into a downstream value: `map`,
/// and, with the identity, `fork`, `merge`, links and syncs.
///
/// The edge moves values through ``step``, a closure built by the initializer.
/// `map` is inlinable, so the initializer runs in its caller, where `Input` and
/// `Output` are concrete types: the step then reads, calls and stores without
/// value-witness calls, which were a third of a chain's time per hop.
// @unchecked Sendable: `step` never changes and runs only on the thread that holds
// the graph's lock; see AnyEdge.
@usableFromInline
final class MapEdge<Input: Sendable, Output: Sendable>: AnyEdge, @unchecked Sendable {
    /// Transforms the value at its first argument (an `Input`, present) into the
    /// `Output` slot at its second, initialized if its third is true.
    @usableFromInline
    let step: (UnsafeMutableRawPointer, UnsafeMutableRawPointer, Bool) -> Void

    @inlinable
    init(
        from source: ValueNode<Input>, to target: ValueNode<Output>, kind: StaticString,
        transform: @escaping (Input) -> Output
    ) {
        step = { input, output, isInitialized in
            let slot = output.assumingMemoryBound(to: Output.self)
            let value = transform(input.assumingMemoryBound(to: Input.self).pointee)
            if isInitialized {
                slot.pointee = value
            } else {
                slot.initialize(to: value)
            }
        }
        super.init(from: source, to: target, kind: kind)
    }

    override func apply() -> Bool {
        guard from.hasValue else { return false }
        let input = from.valueSlot
        target._withUnsafeGuaranteedRef { node in
            step(input, node.valueSlot, node.hasValue)
            node.hasValue = true
        }
        return true
    }
}
