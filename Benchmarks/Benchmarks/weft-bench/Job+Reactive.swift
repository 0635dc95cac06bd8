import BenchmarkSupport

/// Sets per round: one set takes microseconds.
private let setsPerRound = 200

/// Map nodes in the chain.
private let chainLength = 1_000

extension Job {
    /// One set through a chain of 1,000 map nodes, against plain closures.
    static func reactiveChain() -> Job {
        Job(
            id: "reactive.chain",
            name: "reactive: one set through 1,000-node chain",
            peer: "plain closures",
            target: "<= 15 µs (and 0 allocations)",
            note: "Reactive: the time is per set, over \(setsPerRound) sets a round; the 0-allocation half "
                + "of the target is gated in CI by PropagationAllocationTests (jemalloc's thread.allocated, release build) and "
                + "counted by WeftReactiveBenchmarks (`scripts/bench --suite`), not here.",
            prepare: {
                let graph = ReactiveChain(length: chainLength)
                let closures = ClosureChain(length: chainLength)
                return Sides(
                    weft: {
                        let time = timedEach(setsPerRound) { graph.set($0) }
                        try expect(graph.sink.value, equals: setsPerRound - 1 + chainLength, side: "the graph")
                        return time
                    },
                    peer: {
                        let time = timedEach(setsPerRound) { closures.set($0) }
                        try expect(closures.sink.value, equals: setsPerRound - 1 + chainLength, side: "the closures")
                        return time
                    }
                )
            },
            check: { $0.weft <= .microseconds(15) }
        )
    }
}

/// Throws unless the chain's last value is the one the last set should give.
private func expect(_ value: Int, equals expected: Int, side: String) throws {
    guard value == expected else {
        throw JobFailure("\(side) ended at \(value) after the last set, expected \(expected)")
    }
}
