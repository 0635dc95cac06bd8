import BenchmarkSupport
import WeftCore
import WeftMemory

extension Job {
    /// Dropping a loaded `CollectionNode` whose cells hold 100k nodes: the time on
    /// the releasing thread, against releasing the same tree synchronously.
    static func containerReleaseMainThread() -> Job {
        Job(
            id: "release.container",
            name: "drop a collection of 100k nodes: main-thread time",
            peer: "synchronous release",
            target: "<= 1 ms",
            note: "Release: a CollectionNode loaded with 16,667 cells of a cell node and five subnodes (100,002 nodes), "
                + "dropped by its last reference; the peer releases the same tree held by an array. Every sample "
                + "loads a fresh collection with its own dealloc queue, outside the measurement.",
            prepare: {
                Sides(
                    weft: { try ContainerReleaseFixture().drop(draining: false) },
                    peer: ContainerReleaseFixture.synchronousRelease
                )
            },
            check: { $0.weft <= .milliseconds(1) }
        )
    }

    /// The same drop followed by the dealloc queue's `drain()`: the time until
    /// every node that may die off main is gone.
    static func containerReleaseTotal() -> Job {
        Job(
            id: "release.container.total",
            name: "drop a collection of 100k nodes: all released",
            peer: "synchronous release",
            target: "within 50 ms",
            prepare: {
                Sides(
                    weft: { try ContainerReleaseFixture().drop(draining: true) },
                    peer: ContainerReleaseFixture.synchronousRelease
                )
            },
            check: { $0.weft <= .milliseconds(50) }
        )
    }

    /// Views of loaded nodes, which must die on main: one release turn of 10 views
    /// against releasing 1,000 views at once.
    static func viewRelease() -> Job {
        Job(
            id: "release.views",
            name: "release 1,000 loaded views on main: one turn",
            peer: "all at once",
            target: "one turn <= 0.1 ms",
            note: "Views: 1,000 nodes with loaded views die off main; their views go to a MainContextReleaseQueue, "
                + "which main empties 10 per turn. Weft is the median turn; the peer drops all 1,000 in one go.",
            prepare: {
                Sides(
                    weft: { try ViewReleaseFixture.medianTurn(views: 1_000) },
                    peer: { ViewReleaseFixture.allAtOnce(views: 1_000) }
                )
            },
            check: { $0.weft <= .microseconds(100) }
        )
    }

    /// Handing 100k bare nodes to a `DeallocQueue`: the queue alone, without a
    /// container, against releasing them synchronously.
    static func queueReleaseMainThread() -> Job {
        Job(
            id: "dealloc.caller",
            name: "hand 100k nodes to the dealloc queue: caller's time",
            peer: "synchronous release",
            target: "<= 1 ms",
            note: "Queue: each node owns four leaves (six blocks); every sample uses a fresh queue and fresh nodes.",
            prepare: {
                Sides(
                    weft: { try queuedRelease(draining: false) },
                    peer: synchronousRelease
                )
            },
            check: { $0.weft <= .milliseconds(1) }
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
