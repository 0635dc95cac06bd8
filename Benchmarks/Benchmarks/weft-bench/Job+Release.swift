import BenchmarkSupport
import WeftCore
import WeftMemory

extension Job {
    /// Handing a 100k-node collection to a `DeallocQueue`: the caller's time,
    /// against releasing it synchronously.
    static func releaseMainThread() -> Job {
        Job(
            id: "dealloc.caller",
            name: "release 100k nodes: main-thread time",
            peer: "synchronous release",
            target: "<= 1 ms",
            note: "Release: each node owns four leaves (six blocks); every sample uses a fresh queue and fresh nodes.",
            prepare: {
                Sides(
                    weft: { try queuedRelease(draining: false) },
                    peer: synchronousRelease
                )
            },
            check: { $0.weft <= .milliseconds(1) }
        )
    }

    /// The same hand-over followed by `drain()`: the time until every node is freed.
    static func releaseTotal() -> Job {
        Job(
            id: "dealloc.total",
            name: "release 100k nodes: all released",
            peer: "synchronous release",
            target: "within 50 ms",
            prepare: {
                Sides(
                    weft: { try queuedRelease(draining: true) },
                    peer: synchronousRelease
                )
            },
            check: { $0.weft <= .milliseconds(50) }
        )
    }
}

/// Hands 100k fresh nodes to a fresh queue, and returns the time of the hand-over
/// (and of the drain after it, if `draining`). Whatever is still queued is
/// released before this returns, outside the measurement.
private func queuedRelease(draining: Bool) throws -> Duration {
    let queue = try DeallocQueue()
    let nodes = TreeNode.makeCollection(100_000)
    // Timed inline, not in a closure: `consume` hands the queue the only reference.
    let clock = ContinuousClock()
    let start = clock.now
    queue.release(contentsOf: consume nodes)
    if draining { try queue.drain() }
    let time = clock.now - start
    try queue.drain()
    return time
}

/// Drops 100k fresh nodes on the calling thread, and returns the time it takes.
private func synchronousRelease() -> Duration {
    var nodes = TreeNode.makeCollection(100_000)
    let time = timed { nodes = [] }
    consumeOpaquely(nodes)
    return time
}
