/// The time `body` takes on the continuous clock.
func timed(_ body: () throws -> Void) rethrows -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    return clock.now - start
}

/// The mean time of one of `count` runs of `body`, which gets the run's number.
func timedEach(_ count: Int, _ body: (Int) throws -> Void) rethrows -> Duration {
    try timed {
        for run in 0 ..< count {
            try body(run)
        }
    } / count
}

/// The median of `durations`, which must not be empty: the middle one, or the
/// mean of the middle two.
func median(_ durations: [Duration]) -> Duration {
    precondition(!durations.isEmpty, "the median of no durations")
    let sorted = durations.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}
