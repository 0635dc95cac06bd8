/// Uses `value` in a way the optimizer cannot see through, so that the work
/// producing it is never removed. (`blackHole` of ordo-one/benchmark does the
/// same; this one serves code that does not import the benchmark harness.)
@inline(never) @_optimize(none)
public func consumeOpaquely<Value>(_ value: Value) {}
