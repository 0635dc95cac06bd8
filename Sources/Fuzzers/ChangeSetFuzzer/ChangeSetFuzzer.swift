import Foundation
import WeftChangeSet
import WeftTestSupport

/// Differential fuzzing of change-set validation, in two modes chosen by the first byte.
///
/// - Small batches (any first byte but 0xFF): at most 4 sections of at most 5 items and
///   indexes from -1 to 7. Strict validation, the normalized edits and both index
///   mappings must agree with ``ChangeSetModel``, and faithful validation must accept
///   whatever strict accepts.
/// - Extreme batches (first byte 0xFF): counts up to `Int.max`, indexes from `Int.min`
///   to `Int.max`, and 1- or 3-index paths. Validation must return a typed error or a
///   result, never trap: a malformed path is refused as such, an item-only batch is
///   accepted only if its counts balance exactly (checked in 128-bit arithmetic), and
///   whatever is accepted maps every path into the new counts.
///
/// Any disagreement traps, so libFuzzer keeps the input. `scripts/fuzz ChangeSet SECONDS`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChangeSet(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    let problems: [String]
    if bytes.first == 0xFF {
        var random = FuzzRandom(UnsafeBufferPointer(rebasing: bytes.dropFirst()))
        problems = extremeDisagreements(ExtremeBatch(&random))
    } else {
        let batch = decodeBatch(bytes)
        problems = changeSetDisagreements(old: batch.old, edits: batch.edits, new: batch.new)
    }
    if let first = problems.first { fatalError(first) }
    return 0
}

/// Reads bytes as: a section count, that many item counts, then edits of one opcode byte
/// and operand bytes each. New counts follow the edits (so that many batches are valid)
/// unless an opcode perturbs them. Indexes decode to -1 ... 7 so bounds are exercised.
func decodeBatch(_ bytes: UnsafeBufferPointer<UInt8>) -> (old: [Int], edits: [ChangeSet.Edit], new: [Int]) {
    var cursor = 0
    func next() -> Int? {
        guard cursor < bytes.count else { return nil }
        defer { cursor += 1 }
        return Int(bytes[cursor])
    }
    func index() -> Int { (next() ?? 0) % 9 - 1 }
    func path() -> IndexPath { IndexPath(item: index(), section: index()) }
    let old = (0 ..< (next() ?? 0) % 5).map { _ in (next() ?? 0) % 6 }
    var new = old
    var edits: [ChangeSet.Edit] = []
    func adjust(_ section: Int, by delta: Int) {
        if section >= 0, section < new.count { new[section] = max(0, new[section] + delta) }
    }
    while edits.count < 24, let op = next() {
        switch op % 10 {
        case 0:
            let s = index()
            edits.append(.insertSection(s))
            new.insert((next() ?? 0) % 4, at: min(max(s, 0), new.count))
        case 1:
            let s = index()
            edits.append(.deleteSection(s))
            if s >= 0, s < new.count { new.remove(at: s) }
        case 2: edits.append(.reloadSection(index()))
        case 3:
            let (from, to) = (index(), index())
            edits.append(.moveSection(from, to: to))
            if from >= 0, from < new.count, to >= 0, to < new.count { new.insert(new.remove(at: from), at: to) }
        case 4:
            let p = path()
            edits.append(.insertItem(p))
            adjust(p.section, by: 1)
        case 5:
            let p = path()
            edits.append(.deleteItem(p))
            adjust(p.section, by: -1)
        case 6: edits.append(.reloadItem(path()))
        case 7:
            let (from, to) = (path(), path())
            edits.append(.moveItem(from, to: to))
            if from.section != to.section {
                adjust(from.section, by: -1)
                adjust(to.section, by: 1)
            }
        case 8: edits.append(.reloadData)
        default:
            adjust(index(), by: (next() ?? 0) % 3 - 1)
        }
    }
    return (old, edits, new)
}

/// A batch over counts and indexes at the ends of `Int`.
struct ExtremeBatch {
    var old: [Int]
    var new: [Int]
    var edits: [ChangeSet.Edit] = []

    static let counts = [0, 1, 2, 3, Int.max, Int.max - 1, Int.max / 2, 1 << 32, 1 << 62]
    static let indexes = [-1, 0, 1, 2, Int.max, Int.max - 1, Int.min, Int.min + 1, 1 << 40, Int.max / 2]

    init(_ random: inout FuzzRandom) {
        old = (0 ..< random.int(0 ..< 4)).map { _ in random.pick(Self.counts) }
        new = old
        for section in new.indices where random.chance(3) { new[section] = random.pick(Self.counts) }
        func index(_ random: inout FuzzRandom) -> Int {
            random.chance(3) ? random.int(0 ..< 4) : random.pick(Self.indexes)
        }
        func path(_ random: inout FuzzRandom) -> IndexPath {
            switch random.int(0 ..< 10) {
            case 0: IndexPath(index: index(&random))
            case 1: IndexPath(indexes: [index(&random), index(&random), index(&random)])
            default: IndexPath(item: index(&random), section: random.int(0 ..< max(old.count, 1) + 1))
            }
        }
        for _ in 0 ..< random.int(0 ..< 8) {
            switch random.int(0 ..< 12) {
            case 0: edits.append(.insertSection(index(&random)))
            case 1: edits.append(.deleteSection(index(&random)))
            case 2: edits.append(.reloadSection(index(&random)))
            case 3: edits.append(.moveSection(index(&random), to: index(&random)))
            case 4, 5: edits.append(.insertItem(path(&random)))
            case 6, 7: edits.append(.deleteItem(path(&random)))
            case 8: edits.append(.reloadItem(path(&random)))
            case 9, 10: edits.append(.moveItem(path(&random), to: path(&random)))
            default: if random.chance(4) { edits.append(.reloadData) }
            }
        }
    }
}

/// Checks validation of an extreme batch against what must hold whatever the counts.
func extremeDisagreements(_ batch: ExtremeBatch) -> [String] {
    var changes = ChangeSet(oldItemCounts: batch.old)
    for edit in batch.edits { changes.append(edit) }
    let described = "old \(batch.old), new \(batch.new), edits \(batch.edits)"
    let strict = Result { () throws(ChangeSetError) in try changes.completed(newItemCounts: batch.new) }
    let faithful = Result { () throws(ChangeSetError) in try changes.completed(newItemCounts: batch.new, mode: .faithful) }
    var problems: [String] = []
    // Validated ahead (as a diffable data source does off main), the batch
    // completes exactly as it does validated on the spot, in either mode.
    var ahead = changes
    ahead.prevalidate(newItemCounts: batch.new, mode: .strict)
    for (mode, result, validatedAhead) in [
        ("strict", strict, Result { () throws(ChangeSetError) in try ahead.completed(newItemCounts: batch.new) }),
        ("faithful", faithful, Result { () throws(ChangeSetError) in try ahead.completed(newItemCounts: batch.new, mode: .faithful) }),
    ] {
        switch (result, validatedAhead) {
        case (.success(let now), .success(let early)):
            if now.normalized != early.normalized || now.isAnimated != early.isAnimated {
                problems.append("\(mode) completed differently when validated ahead: \(described)")
            }
        case (.failure(let now), .failure(let early)):
            if now != early { problems.append("\(mode) refused as \(early) when validated ahead, not \(now): \(described)") }
        default:
            problems.append("\(mode) decided otherwise when validated ahead: \(described)")
        }
    }

    if batch.edits.contains(where: { $0.indexPaths.contains { $0.count != 2 } }) {
        // Only a reload of everything mixed with other edits is reported first.
        for (mode, result) in [("strict", strict), ("faithful", faithful)] {
            switch result {
            case .failure(let error):
                switch error.reason {
                case .malformedIndexPath, .reloadDataWithOtherEdits: continue
                default: problems.append("\(mode) refused a malformed index path as \(error): \(described)")
                }
            case .success:
                problems.append("\(mode) accepted a malformed index path: \(described)")
            }
        }
        return problems
    }
    if case .success = strict, case .failure(let error) = faithful {
        problems.append("faithful refused what strict accepts (\(error)): \(described)")
    }
    let itemOnly = batch.edits.allSatisfy { $0.isItemEdit }
    for (mode, result) in [("strict", strict), ("faithful", faithful)] {
        guard case .success(let completed) = result else { continue }
        if itemOnly, let reason = CountModel.refusal(batch) {
            problems.append("\(mode) accepted a batch the count model refuses (\(reason)): \(described)")
        }
        if completed.newItemCounts != batch.new {
            problems.append("\(mode) completed with counts \(completed.newItemCounts): \(described)")
        }
        for (section, count) in batch.old.enumerated() where count > 0 {
            for item in [0, count - 1] {
                let old = IndexPath(item: item, section: section)
                guard let mapped = completed.newIndexPath(forOld: old) else { continue }
                let inBounds = mapped.section >= 0 && mapped.section < batch.new.count
                    && mapped.item >= 0 && mapped.item < batch.new[mapped.section]
                if !inBounds { problems.append("\(mode) maps \(old) to \(mapped), outside the new counts: \(described)") }
            }
        }
    }
    return problems
}

/// UIKit's count and bounds rules for a batch of item edits, in 128-bit arithmetic
/// so no count overflows.
enum CountModel {
    /// Why the batch must be refused, or `nil` if the rules the model checks hold.
    static func refusal(_ batch: ExtremeBatch) -> String? {
        guard batch.old.count == batch.new.count else { return "section count changed" }
        func inOld(_ p: IndexPath) -> Bool {
            p.section >= 0 && p.section < batch.old.count && p.item >= 0 && p.item < batch.old[p.section]
        }
        func inNew(_ p: IndexPath) -> Bool {
            p.section >= 0 && p.section < batch.new.count && p.item >= 0 && p.item < batch.new[p.section]
        }
        var balance = batch.old.map { Int128($0) }
        for edit in batch.edits {
            switch edit {
            case .insertItem(let p):
                guard inNew(p) else { return "insert \(p) out of bounds" }
                balance[p.section] += 1
            case .deleteItem(let p):
                guard inOld(p) else { return "delete \(p) out of bounds" }
                balance[p.section] -= 1
            case .reloadItem(let p):
                guard inOld(p) else { return "reload \(p) out of bounds" }
            case .moveItem(let from, let to):
                guard inOld(from), inNew(to) else { return "move \(from) to \(to) out of bounds" }
                balance[from.section] -= 1
                balance[to.section] += 1
            default:
                return "not an item edit"
            }
        }
        for section in batch.new.indices where balance[section] != Int128(batch.new[section]) {
            return "section \(section) should have \(balance[section]) items, not \(batch.new[section])"
        }
        return nil
    }
}

extension ChangeSet.Edit {
    /// Every index path the edit names.
    var indexPaths: [IndexPath] {
        switch self {
        case .insertItem(let p), .deleteItem(let p), .reloadItem(let p): [p]
        case .moveItem(let from, let to): [from, to]
        default: []
        }
    }

    var isItemEdit: Bool { !indexPaths.isEmpty }
}

#if !FUZZING
/// Without -DFUZZING this target replays inputs: `ChangeSetFuzzer file...`, so plain
/// `swift build` links and a crash input can be reproduced without sanitizers.
@main
enum Replay {
    static func main() {
        replayFuzzInputs { _ = fuzzChangeSet($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
    }
}
#endif
