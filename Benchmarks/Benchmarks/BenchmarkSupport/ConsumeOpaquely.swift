/// Uses `value` in a way the optimizer cannot see through, so that the work
/// producing it is never removed. (`blackHole` of ordo-one/benchmark does the
/// same; this one serves code that does not import the benchmark harness.)
@inline(never) @_optimize(none)
public func consumeOpaquely<Value>(_ value: Value) {}

/// Replaces `value` with `replacement` inside a call the optimizer cannot see into,
/// so that the old value is released there and not earlier: a timed drop of a
/// local would otherwise be moved before the clock starts.
@inline(never) @_optimize(none)
public func replaceOpaquely<Value>(_ value: inout Value, with replacement: Value) {
    value = replacement
}
