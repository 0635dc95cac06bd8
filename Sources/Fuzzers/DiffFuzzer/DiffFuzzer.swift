import Foundation
import WeftChangeSet
import WeftDiff
import WeftTestSupport

/// Differential fuzzing of list and sectioned diffs.
///
/// The input decodes to two lists of small identities with versions, duplicates
/// common, and two sectioned snapshots over them. A list diff must pair only equal
/// identities, as many as they allow, delete and insert exactly the unpaired ones,
/// move exactly its pairs minus a longest increasing run (the O(k²) recurrence), and
/// no more than pairs minus a longest common subsequence (the quadratic table of
/// ``DiffModel``), update exactly the changed pairs, and give the new list when applied;
/// with identities whose hashes all collide, and with the identities spelled as
/// text (hashed from their bytes), it must say the same. A sectioned diff must
/// hold its invariants, give the new sections when applied, and the change set made
/// from it must pass strict validation and, applied, give the new identities.
///
/// Any disagreement traps, so libFuzzer keeps the input. `scripts/fuzz Diff SECONDS`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDiff(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var random = FuzzRandom(UnsafeBufferPointer(start: data, count: size))
    let alphabet = random.int(1 ..< 12)
    func list(_ random: inout FuzzRandom) -> [Entry] {
        (0 ..< random.int(0 ..< 40)).map { _ in Entry(id: random.int(0 ..< alphabet), version: random.int(0 ..< 2)) }
    }
    let old = list(&random), new = list(&random)
    checkListDiff(old: old, new: new)
    func sections(_ random: inout FuzzRandom, from entries: [Entry]) -> [DiffSection<Entry, Entry>] {
        var rest = entries[...]
        return (0 ..< random.int(0 ..< 5)).map { _ in
            let count = min(random.int(0 ..< 12), rest.count)
            defer { rest = rest.dropFirst(count) }
            return DiffSection(model: Entry(id: random.int(0 ..< 6), version: random.int(0 ..< 2)), items: Array(rest.prefix(count)))
        }
    }
    checkSectionedDiff(old: sections(&random, from: old), new: sections(&random, from: new))
    return 0
}

/// Checks a list diff against ``DiffModel``, and against the same diff over
/// identities whose hashes all collide.
func checkListDiff(old: [Entry], new: [Entry]) {
    let diff = Diff(from: old, to: new)
    diff._checkInvariants()
    let described = "old \(old), new \(new)"
    let oldIDs = old.map(\.id), newIDs = new.map(\.id)
    let pairing = DiffModel.pairing(of: diff)
    let matched = pairing.compactMap { $0 }
    let paired = Set(matched)
    guard pairing.indices.allSatisfy({ j in pairing[j].map { oldIDs[$0] == newIDs[j] } ?? true }) else {
        fatalError("the edits pair different identities: \(described)")
    }
    guard matched.count == DiffModel.maximalPairCount(old: oldIDs, new: newIDs) else {
        fatalError("\(matched.count) pairs, fewer than the identities allow: \(described)")
    }
    guard diff.deletes == old.indices.filter({ !paired.contains($0) }) else { fatalError("deletes \(diff.deletes): \(described)") }
    guard diff.inserts == new.indices.filter({ pairing[$0] == nil }) else { fatalError("inserts \(diff.inserts): \(described)") }
    let kept = DiffModel.longestIncreasingLength(matched)
    guard diff.moves.count == matched.count - kept else { fatalError("\(diff.moves.count) moves for its pairing: \(described)") }
    let fewest = matched.count - DiffModel.longestCommonSubsequenceLength(oldIDs[...], newIDs[...])
    guard diff.moves.count == fewest else {
        fatalError("\(diff.moves.count) moves, fewest \(fewest): \(described)")
    }
    let updates = new.indices.compactMap { j in
        pairing[j].flatMap { old[$0].version == new[j].version ? nil : DiffUpdate(from: $0, to: j) }
    }
    guard diff.updates == updates else { fatalError("updates \(diff.updates), expected \(updates): \(described)") }
    guard diff.applied(to: old) == new else { fatalError("applied(to:) is not the new list: \(described)") }

    let colliding = Diff(from: old.map { CollidingEntry(id: ConstantHashID($0.id), version: $0.version) },
                         to: new.map { CollidingEntry(id: ConstantHashID($0.id), version: $0.version) })
    colliding._checkInvariants()
    guard colliding.deletes == diff.deletes, colliding.inserts == diff.inserts,
          colliding.moves.count == diff.moves.count, colliding.updates == diff.updates
    else { fatalError("colliding hashes change the diff: \(described)") }

    // Text identities are hashed from their bytes, land anywhere in the
    // matcher's table and collide within its cache lines; spelled out, the
    // identities must give the same diff.
    // A prefix of 0 to 47 bytes takes the ids through every length class of the hash.
    let prefix = String(repeating: "p", count: (old.count * 7 + new.count) % 48)
    func named(_ entry: Entry) -> NamedEntry { NamedEntry(name: "\(prefix)/\(entry.id)", version: entry.version) }
    let text = Diff(from: old.map(named), to: new.map(named))
    text._checkInvariants()
    guard text.deletes == diff.deletes, text.inserts == diff.inserts,
          text.moves.count == diff.moves.count, text.updates == diff.updates
    else { fatalError("text identities change the diff: \(described)") }
}

func checkSectionedDiff(old: [DiffSection<Entry, Entry>], new: [DiffSection<Entry, Entry>]) {
    let described = "old \(old.map { ($0.model, $0.items) }), new \(new.map { ($0.model, $0.items) })"
    let diff = SectionedDiff(from: old, to: new)
    diff._checkInvariants()
    let applied = diff.applied(to: old)
    guard applied.map(\.model) == new.map(\.model), applied.map(\.items) == new.map(\.items) else {
        fatalError("applied(to:) is not the new sections: \(described)")
    }
    let changes = ChangeSet(diffing: old, to: new)
    do {
        let completed = try changes.completed(newItemCounts: new.map(\.items.count))
        // Applied to the old entries, with the data source filling new places, the
        // batch gives the new identities.
        let result = try completed.applied(to: old.map(\.items)) { new[$0.section].items[$0.item] }
        guard result.map({ $0.map(\.id) }) == new.map({ $0.items.map(\.id) }) else {
            fatalError("the change set gives \(result): \(described)")
        }
    } catch {
        fatalError("strict validation refused the diff's change set (\(error)): \(described)")
    }
}

#if !FUZZING
/// Without -DFUZZING this target replays inputs: `DiffFuzzer file...`.
@main
enum Replay {
    static func main() {
        replayFuzzInputs { _ = fuzzDiff($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
    }
}
#endif
