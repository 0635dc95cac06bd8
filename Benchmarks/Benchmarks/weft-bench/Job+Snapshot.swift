import BenchmarkSupport
import Weft

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
            target: "<= 5 ms, no slower than the peer",
            note: "Snapshot diff: from the apply call until the batch reaches main, the time the update waits for its "
                + "diff on the editing queue; it is the update's latency, not main's time. The diff is specialized for "
                + "the app's identifiers (the data source's initializer makes it in the app's module) and, for a few "
                + "edits in a large snapshot, compares instead of hashing (Myers' search, as the peer runs it).",
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
            check: { $0.weft <= .milliseconds(5) && $0.ratio >= 1 }
        )
    }

    /// A 10% update of 100k posts (a third each deletes, moves, inserts)
    /// applied in the background: from the apply call until it committed,
    /// against Heckel's diff (DifferenceKit's and IGListKit's algorithm) of the
    /// same arrays alone. The remark gives main's share.
    static func snapshotTenPercentUpdate() -> Job {
        Job(
            id: "snapshot.update.10%",
            name: "snapshot apply, 10% update of 100k, until committed",
            peer: "Heckel diff alone (DifferenceKit)",
            target: "<= 20 ms; <= 0.3x the peer",
            note: "Snapshot update: 10% of 100k posts change (3,333 deletes, moves and inserts each, at random places), "
                + "built into a snapshot before the clock starts, applied with applyInBackground; Weft's time runs "
                + "from the apply call until the update committed (diff off main, batch, nodes, commit), the peer "
                + "only diffs the two arrays.",
            prepare: {
                let fixture = try SnapshotFeedFixture(count: 100_000)
                return Sides(
                    weft: { try fixture.applyUpdate(to: fixture.scatteredPosts()).commit },
                    peer: { fixture.heckelDiffOfAnUpdate() }
                )
            },
            check: { $0.weft <= .milliseconds(20) && $0.ratio >= 1 / 0.3 }
        )
    }

    /// Main's share of the same 10% update: every moment main spends on it,
    /// from the apply call to the commit's layout, against the same diff alone.
    /// A frame is 8.3-16.7 ms; the target leaves main free for frames while
    /// the update runs.
    static func snapshotTenPercentUpdateMainThread() -> Job {
        Job(
            id: "snapshot.update.10%.main",
            name: "10% snapshot update of 100k, main thread",
            peer: "Heckel diff alone (DifferenceKit)",
            target: "<= 1/20 of the peer",
            note: "Main's share: the 10% update above, main's time in the apply call, in each job the pipeline "
                + "hands main (step 1, the commit) and in the layout after it, summed. The data source was made "
                + "with a sendable node block provider, so the 3,333 new posts are made on the map queue.",
            prepare: {
                let fixture = try SnapshotFeedFixture(count: 100_000)
                return Sides(
                    weft: { try fixture.applyUpdate(to: fixture.scatteredPosts()).main },
                    peer: { fixture.heckelDiffOfAnUpdate() }
                )
            },
            check: { $0.ratio >= 20 }
        )
    }

    /// Building a snapshot of 100k posts in one section, against the duplicate
    /// check any snapshot needs: a `Set` of the same posts.
    static func snapshotBuild() -> Job {
        Job(
            id: "snapshot.build.100k",
            name: "snapshot of 100k posts, built",
            peer: "Set of the same posts",
            target: "<= 2 ms",
            prepare: {
                let posts = (0 ..< 100_000).map { SnapshotFeedFixture.Post(id: $0) }
                return Sides(
                    weft: { try timed { consumeOpaquely(try CollectionSnapshot([(0, posts)])) } },
                    peer: { timed { consumeOpaquely(Set(posts)) } }
                )
            },
            check: { $0.weft <= .milliseconds(2) }
        )
    }
}

extension SnapshotFeedFixture {
    /// Heckel's diff alone of the fixture's posts and a 10% update of them.
    @MainActor
    fileprivate func heckelDiffOfAnUpdate() -> Duration {
        let old = posts, new = scatteredPosts()
        return timed { consumeOpaquely(HeckelDiffPeer.diff(from: old, to: new)) }
    }
}
