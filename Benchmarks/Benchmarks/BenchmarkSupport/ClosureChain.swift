/// The peer of `ReactiveChain`: the same chain as plain closures, each calling
/// the next, doing the least work a hand-written version could (no ownership,
/// no locking, no ordering beyond the call order).
public final class ClosureChain {
    public let sink = ValueSink()
    private let source: (Int) -> Void

    /// A chain of `length` closures adding one each.
    public init(length: Int) {
        let sink = sink
        var stage: (Int) -> Void = { sink.value = $0 }
        for _ in 0 ..< length {
            let next = stage
            stage = { next($0 &+ 1) }
        }
        source = stage
        source(-1)
    }

    /// Calls the chain with `value`; the sink then holds `value + length`.
    public func set(_ value: Int) {
        source(value)
    }
}
