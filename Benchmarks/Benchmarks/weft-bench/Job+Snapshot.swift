import BenchmarkSupport

extension Job {
    /// A random snapshot update of a loaded feed applied in the background:
    /// main-thread time, against diffing the two snapshots' items with the
    /// standard library's `difference(from:)` on main.
    static func snapshotApply(_ label: String, items: Int, target milliseconds: Int) -> Job {
        Job(
            id: "snapshot.apply.\(label)",
            name: "snapshot apply, random update of \(label), main thread",
            peer: "CollectionDifference on main",
            target: "<= \(milliseconds) ms",
            note: "Snapshot apply: 1 to 8 random inserts, deletes, moves and content changes, built into a snapshot "
                + "before the clock starts and applied with applyInBackground; Weft's time is main's only (the apply "
                + "call, submitting the batch, the commit), the peer is `new.difference(from: old)` over the items.",
            prepare: {
                let fixture = try SnapshotFeedFixture(count: items)
                return Sides(
                    weft: { try fixture.applyRandomUpdate().main },
                    peer: {
                        let old = fixture.posts, new = fixture.nextPosts()
                        return timed { consumeOpaquely(new.difference(from: old)) }
                    }
                )
            },
            check: { $0.weft <= .milliseconds(milliseconds) }
        )
    }

    /// The same update's diff on the editing queue, off main, against the
    /// standard library's diff of the items.
    static func snapshotDiffOffMain() -> Job {
        Job(
            id: "snapshot.diff.100k",
            name: "snapshot apply, random update of 100k, diff off main",
            peer: "CollectionDifference on main",
            target: "<= 50 ms (3 frames at 60 Hz)",
            note: "Snapshot diff: from the apply call until the batch reaches main, the time the update waits for its "
                + "diff on the editing queue; it is the update's latency, not main's time. The data source is generic "
                + "over the app's identifiers and is not specialized for them, so its diff costs more than the peer's "
                + "specialized one.",
            prepare: {
                let fixture = try SnapshotFeedFixture(count: 100_000)
                return Sides(
                    weft: { try fixture.applyRandomUpdate().diff },
                    peer: {
                        let old = fixture.posts, new = fixture.nextPosts()
                        return timed { consumeOpaquely(new.difference(from: old)) }
                    }
                )
            },
            check: { $0.weft <= .milliseconds(50) }
        )
    }
}
