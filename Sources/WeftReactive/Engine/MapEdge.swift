/// An edge that transforms every upstream value into a downstream value: `map`,
/// and, with the identity, `fork`, `merge`, links and syncs.
///
/// The edge moves values through ``step``, a closure built by the initializer.
/// `map` is inlinable, so the initializer runs in its caller, where `Input` and
/// `Output` are concrete types: the step then reads, calls and stores without
/// value-witness calls, which were a third of a chain's time per hop.
// @unchecked Sendable: `step` never changes and runs only on the thread that holds
// the graph's lock; see AnyEdge.
@usableFromInline final class MapEdge<Input: Sendable, Output: Sendable>: AnyEdge, @unchecked Sendable {
    /// Transforms the value at its first argument (an `Input`, present) and, unless
    /// the transform let go of the target (the flag at its fourth), stores it in the
    /// `Output` slot at its second, initialized if its third is true. Returns
    /// whether it stored.
    @usableFromInline
    let step: (UnsafeMutableRawPointer, UnsafeMutableRawPointer, Bool, UnsafePointer<Bool>) -> Bool

    @inlinable
    init(
        from source: ValueNode<Input>, to target: ValueNode<Output>, kind: StaticString,
        transform: @escaping (Input) -> Output
    ) {
        step = { input, output, isInitialized, isTargetGone in
            let value = transform(input.assumingMemoryBound(to: Input.self).pointee)
            if isTargetGone.pointee { return false }
            let slot = output.assumingMemoryBound(to: Output.self)
            if isInitialized {
                // The old value goes last: it may own the target.
                let old = slot.move()
                slot.initialize(to: value)
                _ = consume old
            } else {
                slot.initialize(to: value)
            }
            return true
        }
        super.init(from: source, to: target, kind: kind)
    }

    override func apply(_ isTargetGone: UnsafePointer<Bool>) -> Bool {
        guard from.hasValue else { return false }
        let input = from.valueSlot
        return target._withUnsafeGuaranteedRef { node in
            let wasInitialized = node.hasValue
            guard step(input, node.valueSlot, wasInitialized, isTargetGone) else { return false }
            // Releasing an old value may have freed the node; a first value released none.
            if !wasInitialized { node.hasValue = true }
            return true
        }
    }
}
