/// Nanoseconds between two instants.
public func nanoseconds(_ start: ContinuousClock.Instant, _ end: ContinuousClock.Instant) -> Int {
    let duration = end - start
    return Int(duration.components.seconds) * 1_000_000_000 + Int(duration.components.attoseconds / 1_000_000_000)
}
