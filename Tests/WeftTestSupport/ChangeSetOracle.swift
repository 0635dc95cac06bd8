import WeftChangeSet
import WeftCore

/// Compares strict validation of one batch with ``ChangeSetModel`` and returns every
/// disagreement, described; an empty result means they agree. Shared by the randomized
/// tests and the ChangeSetFuzzer.
public func changeSetDisagreements(old: [Int], edits: [ChangeSet.Edit], new: [Int]) -> [String] {
    var changes = ChangeSet(oldItemCounts: old)
    for edit in edits { changes.append(edit) }
    let expected = ChangeSetModel.perform(old: old, edits: edits, new: new)
    let batch = "old \(old), new \(new), edits \(edits)"
    let completed: CompletedChangeSet
    do {
        completed = try changes.completed(newItemCounts: new)
    } catch {
        return expected == nil ? [] : ["strict refused what the model accepts (\(error)): \(batch)"]
    }
    guard let expected else { return ["strict accepted what the model refuses: \(batch)"] }
    var problems: [String] = []
    // Faithful validation refuses a subset of what strict refuses.
    if (try? changes.completed(newItemCounts: new, mode: .faithful)) == nil {
        problems.append("faithful refused what strict accepts: \(batch)")
    }
    let oldTokens = ChangeSetModel.tokens(for: old)
    let applied = try? completed.applied(to: oldTokens) { .new(section: $0.section, item: $0.item) }
    if applied != expected {
        problems.append("applied \(String(describing: applied)) but the model gives \(expected): \(batch)")
    }
    // Every old element maps to where the model put it, and back.
    var place: [ChangeSetModel.Token: IndexPath] = [:]
    for (s, items) in expected.enumerated() {
        for (i, token) in items.enumerated() { place[token] = IndexPath(item: i, section: s) }
    }
    for (s, items) in oldTokens.enumerated() {
        for (i, token) in items.enumerated() {
            let old = IndexPath(item: i, section: s)
            let reloaded = edits.contains(.reloadItem(old))
            let truth = reloaded ? completed.normalized.reloadedItems.first { $0.from == old }?.to : place[token]
            let mapped = completed.newIndexPath(forOld: old)
            if mapped != truth {
                problems.append("newIndexPath(forOld: \(old)) is \(String(describing: mapped)), expected \(String(describing: truth)): \(batch)")
            }
            if let truth, completed.oldIndexPath(forNew: truth) != old {
                problems.append("oldIndexPath(forNew: \(truth)) is not \(old): \(batch)")
            }
        }
    }
    for (s, items) in expected.enumerated() {
        for (i, token) in items.enumerated() {
            guard case .new = token else { continue }
            let new = IndexPath(item: i, section: s)
            let isReloadHalf = completed.normalized.reloadedItems.contains { $0.to == new }
            if !isReloadHalf, let mapped = completed.oldIndexPath(forNew: new) {
                problems.append("inserted \(new) maps back to \(mapped): \(batch)")
            }
        }
    }
    return problems
}

/// Random small batches, mostly well formed, to drive ``changeSetDisagreements``.
public struct ChangeSetBatchGenerator {
    public var random: SplitMix64

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    public mutating func next() -> (old: [Int], edits: [ChangeSet.Edit], new: [Int]) {
        let old = (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in Int.random(in: 0 ... 4, using: &random) }
        var edits: [ChangeSet.Edit] = []
        var new = old
        let sectionCount = max(old.count, 1)
        func section() -> Int { Int.random(in: -1 ... sectionCount, using: &random) }
        func path() -> IndexPath {
            let s = Int.random(in: 0 ..< sectionCount, using: &random)
            let limit = s < old.count ? old[s] : 1
            return IndexPath(item: Int.random(in: 0 ... limit, using: &random), section: s)
        }
        for _ in 0 ..< Int.random(in: 0 ... 5, using: &random) {
            switch Int.random(in: 0 ..< 20, using: &random) {
            case 0: edits.append(.insertSection(section())); new.insert(Int.random(in: 0 ... 2, using: &random), at: min(max(edits.count % (new.count + 1), 0), new.count))
            case 1: edits.append(.deleteSection(section())); if !new.isEmpty { new.removeLast() }
            case 2: edits.append(.reloadSection(section()))
            case 3: edits.append(.moveSection(section(), to: section()))
            case 4 ... 7:
                let p = path()
                edits.append(.insertItem(p))
                if p.section < new.count { new[p.section] += 1 }
            case 8 ... 11:
                let p = path()
                edits.append(.deleteItem(p))
                if p.section < new.count, new[p.section] > 0 { new[p.section] -= 1 }
            case 12 ... 13: edits.append(.reloadItem(path()))
            case 14: edits.append(.reloadData)
            default:
                let (from, to) = (path(), path())
                edits.append(.moveItem(from, to: to))
                if from.section != to.section, from.section < new.count, to.section < new.count, new[from.section] > 0 {
                    new[from.section] -= 1
                    new[to.section] += 1
                }
            }
        }
        if Int.random(in: 0 ..< 10, using: &random) == 0, !new.isEmpty {
            new[Int.random(in: 0 ..< new.count, using: &random)] += Int.random(in: -1 ... 1, using: &random)
        }
        return (old, edits, new)
    }
}
