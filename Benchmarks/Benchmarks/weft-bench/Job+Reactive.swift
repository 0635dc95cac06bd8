import BenchmarkSupport
import Dispatch

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

extension Job {
    /// Two graphs that share no node, each set from its own thread, against one
    /// thread setting both: the throughput per-graph locks buy on 2 cores.
    static func reactiveIsolation() -> Job {
        // Enough sets that waking the second thread is a small part of a round.
        let setsPerRound = 1_000
        return Job(
            id: "reactive.isolation",
            name: "reactive: two unrelated graphs set from two threads",
            peer: "one thread setting both",
            target: ">= 1.7x on 2 cores",
            note: "Isolation: two chains of \(chainLength) map nodes with a listener each, \(setsPerRound) sets "
                + "per chain a round; the peer sets both chains from one thread, in turn.",
            prepare: {
                let graphs = [ReactiveChain(length: chainLength), ReactiveChain(length: chainLength)]
                return Sides(
                    weft: {
                        let time = timed {
                            DispatchQueue.concurrentPerform(iterations: graphs.count) { index in
                                for run in 0 ..< setsPerRound { graphs[index].set(run) }
                            }
                        }
                        for graph in graphs {
                            try expect(graph.sink.value, equals: setsPerRound - 1 + chainLength, side: "a graph")
                        }
                        return time
                    },
                    peer: {
                        let time = timed {
                            for run in 0 ..< setsPerRound {
                                for graph in graphs { graph.set(run) }
                            }
                        }
                        for graph in graphs {
                            try expect(graph.sink.value, equals: setsPerRound - 1 + chainLength, side: "a graph")
                        }
                        return time
                    }
                )
            },
            check: { $0.peer >= $0.weft * 1.7 }
        )
    }
}

/// Throws unless the chain's last value is the one the last set should give.
private func expect(_ value: Int, equals expected: Int, side: String) throws {
    guard value == expected else {
        throw JobFailure("\(side) ended at \(value) after the last set, expected \(expected)")
    }
}
