import BenchmarkSupport

/// Mount passes per round: one pass takes tens of microseconds.
private let passesPerRound = 50

extension Job {
    /// A steady-state mount pass of 500 views through the reuse pools, against
    /// the naive remount.
    static func reusePoolMount() -> Job {
        Job(
            id: "reusepool.mount",
            name: "reuse pool: mount pass of 500 views",
            peer: "naive remount",
            target: "<= 50 µs (and 0 allocations)",
            note: "Reuse pool: the time is per pass, over \(passesPerRound) passes a round; the 0-allocation half "
                + "of the target is gated in CI by MountPassAllocationTests (jemalloc's thread.allocated, release build) and "
                + "counted by WeftReusePoolBenchmarks (`scripts/bench --suite`), not here.",
            prepare: {
                let steady = MountFixture(orders: 1, configurationSets: 1)
                let naive = MountFixture(orders: 1, configurationSets: 1)
                return Sides(
                    weft: {
                        let time = timedEach(passesPerRound) { _ in steady.mountPass() }
                        guard steady.viewsCreated == MountFixture.viewCount else {
                            throw JobFailure("a warm mount pass created views: \(steady.viewsCreated) in all")
                        }
                        return time
                    },
                    peer: { timedEach(passesPerRound) { _ in naive.naivePass() } }
                )
            },
            check: { $0.weft <= .microseconds(50) }
        )
    }
}
