import BenchmarkSupport
import WeftChangeSet
import WeftDiff

extension Job {
    /// WeftDiff on 100k ids against the standard library's `inferringMoves()`.
    static func diff() -> Job {
        Job(
            id: "diff.100k",
            name: "diff 100k ids, 10% edits (1/3 moves)",
            peer: "stdlib inferringMoves()",
            target: "<= 5 ms; >= 200x",
            peerRoundLimit: 3,
            note: "The stdlib peer of the 100k diff takes about 2 s a run, so it runs in at most 3 rounds "
                + "and at most a third of them, spread among Weft's.",
            prepare: {
                let (old, new) = DiffScenario.scatteredIDs(count: 100_000, seed: 42)
                return Sides(
                    weft: { timed { consumeOpaquely(Diff(from: old, to: new)) } },
                    peer: { timed { consumeOpaquely(new.difference(from: old).inferringMoves()) } }
                )
            },
            check: { $0.weft <= .milliseconds(5) && $0.ratio >= 200 }
        )
    }

    /// WeftDiff on 100k String ids against the same diff on Int ids: text
    /// identities hashed from their bytes should cost little more than integers.
    static func diffStrings() -> Job {
        Job(
            id: "diff.strings",
            name: "diff 100k String ids, 10% edits",
            peer: "Weft on Int ids",
            target: "<= 2x Int ids",
            ratioForm: .growth(label: "String/Int"),
            note: "String ids: the 100k diff's shapes with each id spelled as a 22-24 character URL "
                + "(`https://ex.com/p/<id>`), hashed from its UTF-8 bytes in the C core.",
            prepare: {
                let (old, new) = DiffScenario.scatteredIDs(count: 100_000, seed: 42)
                let oldText = DiffScenario.spelledAsURLs(old), newText = DiffScenario.spelledAsURLs(new)
                return Sides(
                    weft: { timed { consumeOpaquely(Diff(from: oldText, to: newText)) } },
                    peer: { timed { consumeOpaquely(Diff(from: old, to: new)) } }
                )
            },
            check: { $0.ratio <= 2 }
        )
    }

    /// WeftDiff against Heckel's algorithm as IGListKit and DifferenceKit run
    /// it, on the 100k diff's shapes with `Int` or `String` ids.
    static func diffAgainstHeckel(strings: Bool) -> Job {
        let kind = strings ? "String" : "Int"
        return Job(
            id: "diff.heckel.\(kind.lowercased())",
            name: "diff 100k \(kind) ids, 10% edits, against Heckel",
            peer: "Heckel (IGListKit, DifferenceKit)",
            target: "faster, with the fewest moves",
            note: strings ? nil : "Heckel: the algorithm IGListKit and DifferenceKit use, written here (HeckelDiffPeer); "
                + "it reports a move for every element whose place shifted.",
            prepare: {
                let (old, new) = DiffScenario.scatteredIDs(count: 100_000, seed: 42)
                if strings {
                    let oldText = DiffScenario.spelledAsURLs(old), newText = DiffScenario.spelledAsURLs(new)
                    return heckelSides(old: oldText, new: newText, kind: kind)
                }
                return heckelSides(old: old, new: new, kind: kind)
            },
            check: { $0.ratio >= 1 }
        )
    }

    /// WeftDiff's sectioned diff against the standard library, section by section.
    static func sectionedDiff() -> Job {
        Job(
            id: "diff.sectioned",
            name: "sectioned diff 100 x 1,000, cross-section moves",
            peer: "stdlib, per section",
            target: "<= 10 ms",
            note: "The stdlib peer of the sectioned diff pairs sections by id and cannot see moves across sections.",
            prepare: {
                let (old, new) = DiffScenario.scatteredSections(sections: 100, itemsPerSection: 1_000, seed: 42)
                return Sides(
                    weft: { timed { consumeOpaquely(SectionedDiff(from: old, to: new)) } },
                    peer: { timed { consumeOpaquely(StdlibDiffPeer.sectionedDifference(from: old, to: new)) } }
                )
            },
            check: { $0.weft <= .milliseconds(10) }
        )
    }
}

extension Job {
    /// WeftDiff on heavily repeated ids (far past Hunt and Szymanski's budget,
    /// so the core's bit-parallel LCS runs) against the standard library's
    /// Myers diff, which also keeps a longest common subsequence.
    static func diffRepeats() -> Job {
        Job(
            id: "diff.repeats",
            name: "diff 10k ids of 20 identities, 10% edits",
            peer: "stdlib inferringMoves()",
            target: "the fewest moves, no slower than the peer",
            note: "Repeated ids: 10,000 elements drawn from 20 identities, a third each of 10% deleted, moved and "
                + "inserted (inserts drawn from the same 20), so a longest common subsequence decides what stays; "
                + "both sides keep one.",
            prepare: {
                let (old, new) = repeatedIDs(count: 10_000, identities: 20, seed: 42)
                let diff = Diff(from: old, to: new)
                let weftKept = old.count - diff.deletes.count - diff.moves.count
                let peerKept = old.count - new.difference(from: old).removals.count
                let (bigOld, bigNew) = repeatedIDs(count: 100_000, identities: 3, seed: 43)
                let worst = timed { consumeOpaquely(Diff(from: bigOld, to: bigNew)) }
                return Sides(
                    weft: { timed { consumeOpaquely(Diff(from: old, to: new)) } },
                    peer: { timed { consumeOpaquely(new.difference(from: old).inferringMoves()) } },
                    remark: "Elements kept in place: Weft \(weftKept.formatted()) (with \(diff.moves.count.formatted()) "
                        + "moves), the stdlib \(peerKept.formatted()) (it infers no move for an element that repeats). 100k "
                        + "elements of 3 identities, 10% edits (the bit-parallel worst case, O(n m / 64)): "
                        + "\(worst.millisecondsText), one run."
                )
            },
            check: { $0.ratio >= 1 }
        )
    }

    /// The batch a sectioned diff becomes, against the diff alone: what
    /// `ChangeSet(diffing:to:)` adds to make the batch UIKit-safe.
    static func changeSetFromDiff() -> Job {
        Job(
            id: "diff.changeset",
            name: "ChangeSet(diffing:) 100 x 1,000, cross-section moves",
            peer: "SectionedDiff alone",
            target: "<= 1.5x the diff",
            ratioForm: .growth(label: "batch/diff"),
            prepare: {
                let (old, new) = DiffScenario.scatteredSections(sections: 100, itemsPerSection: 1_000, seed: 42)
                return Sides(
                    weft: { timed { consumeOpaquely(ChangeSet(diffing: old, to: new)) } },
                    peer: { timed { consumeOpaquely(SectionedDiff(from: old, to: new)) } }
                )
            },
            check: { $0.ratio <= 1.5 }
        )
    }
}

/// Both sides of a Heckel job, with the move counts each reports.
private func heckelSides<ID: Hashable & Diffable & Sendable>(old: [ID], new: [ID], kind: String) -> Job.Sides {
    let weftMoves = Diff(from: old, to: new).moves.count
    let heckelMoves = HeckelDiffPeer.diff(from: old, to: new).moves.count
    return Job.Sides(
        weft: { timed { consumeOpaquely(Diff(from: old, to: new)) } },
        peer: { timed { consumeOpaquely(HeckelDiffPeer.diff(from: old, to: new)) } },
        remark: "On \(kind) ids Heckel reports \(heckelMoves.formatted()) moves where Weft reports \(weftMoves.formatted())."
    )
}

/// `count` ids drawn from `identities` values, and the same after a 10%
/// scattered update whose inserts are drawn from the same values.
private func repeatedIDs(count: Int, identities: Int, seed: UInt64) -> (old: [Int], new: [Int]) {
    var random = SplitMix64(seed: seed)
    let old = (0 ..< count).map { _ in Int.random(in: 0 ..< identities, using: &random) }
    let fresh = 1 << 40
    let new = DiffScenario.scattered(old, edits: count / 30, nextID: fresh, using: &random)
        .map { $0 >= fresh ? $0 % identities : $0 }
    return (old, new)
}
