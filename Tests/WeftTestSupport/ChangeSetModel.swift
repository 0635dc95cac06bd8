import Foundation
import WeftChangeSet

/// A deliberately simple model of a strictly valid batch, written from first principles
/// and independently of WeftChangeSet's validator: it checks each rule by brute force over
/// plain arrays of tokens, then performs the batch on them one element at a time. The
/// validator must agree with it on every input; tests and the ChangeSetFuzzer check that.
public enum ChangeSetModel {
    /// An element of the model's arrays: an old element by its old position, or a new one
    /// by its new position.
    public enum Token: Hashable, Sendable {
        case old(section: Int, item: Int)
        case new(section: Int, item: Int)
    }

    /// The arrays of old tokens for the given counts.
    public static func tokens(for counts: [Int]) -> [[Token]] {
        counts.enumerated().map { s, n in (0 ..< max(n, 0)).map { .old(section: s, item: $0) } }
    }

    /// The sections after the batch if strict validation must accept it, else `nil`.
    public static func perform(old: [Int], edits: [ChangeSet.Edit], new: [Int]) -> [[Token]]? {
        if old.contains(where: { $0 < 0 }) || new.contains(where: { $0 < 0 }) { return nil }
        if edits.contains(.reloadData) {
            guard edits.count == 1 else { return nil }
            return new.enumerated().map { s, n in (0 ..< n).map { .new(section: s, item: $0) } }
        }
        var secIns: [Int] = [], secDel: [Int] = [], secRel: [Int] = [], secMov: [[Int]] = []
        var ins: [[Int]] = [], del: [[Int]] = [], rel: [[Int]] = [], mov: [[Int]] = []
        for edit in edits {
            switch edit {
            case .insertSection(let s): secIns.append(s)
            case .deleteSection(let s): secDel.append(s)
            case .reloadSection(let s): secRel.append(s)
            case .moveSection(let a, let b): secMov.append([a, b])
            case .insertItem(let p): ins.append([p.section, p.item])
            case .deleteItem(let p): del.append([p.section, p.item])
            case .reloadItem(let p): rel.append([p.section, p.item])
            case .moveItem(let a, let b): mov.append([a.section, a.item, b.section, b.item])
            case .reloadData: return nil
            }
        }
        func unique<T: Hashable>(_ values: [T]) -> Bool { Set(values).count == values.count }
        let movFrom = mov.map { [$0[0], $0[1]] }, movTo = mov.map { [$0[2], $0[3]] }
        // No place is named twice, by edits of one kind or by edits that exclude each other.
        guard unique(secIns), unique(secDel + secRel + secMov.map { $0[0] }), unique(secMov.map { $0[1] }),
              unique(ins), unique(del + rel + movFrom), unique(movTo), unique(secMov),
              unique(ins + movTo), unique(secIns + secMov.map { $0[1] })
        else { return nil }
        // Bounds: old places against the old counts, new places against the new ones.
        func inOld(_ p: [Int]) -> Bool { p[0] >= 0 && p[0] < old.count && p[1] >= 0 && p[1] < old[p[0]] }
        func inNew(_ p: [Int]) -> Bool { p[0] >= 0 && p[0] < new.count && p[1] >= 0 && p[1] < new[p[0]] }
        guard (secDel + secRel + secMov.map { $0[0] }).allSatisfy({ $0 >= 0 && $0 < old.count }),
              (secIns + secMov.map { $0[1] }).allSatisfy({ $0 >= 0 && $0 < new.count }),
              (del + rel + movFrom).allSatisfy(inOld), (ins + movTo).allSatisfy(inNew)
        else { return nil }
        // Nothing moves out of a removed section or is reloaded inside one; nothing is
        // edited inside a moved section.
        let removed = Set(secDel + secRel)
        let movedFrom = Set(secMov.map { $0[0] }), movedTo = Set(secMov.map { $0[1] })
        guard !(movFrom + rel).contains(where: { removed.contains($0[0]) }),
              !(del + rel + movFrom).contains(where: { movedFrom.contains($0[0]) }),
              !(ins + movTo).contains(where: { movedTo.contains($0[0]) })
        else { return nil }

        // Perform it, reloaded sections and items standing in for themselves for now.
        typealias Section = (origin: Int?, tokens: [Token])
        var sections: [Section?] = tokens(for: old).enumerated().map { ($0.offset, $0.element) }
        var lifted: [[Int]: Token] = [:]
        for m in mov { lifted[[m[2], m[3]]] = .old(section: m[0], item: m[1]) }
        let gone = Set(del + movFrom)
        for s in sections.indices where !Set(secDel).contains(s) {
            sections[s]!.tokens.removeAll { token in
                guard case .old(let os, let oi) = token else { return false }
                return gone.contains([os, oi])
            }
        }
        var liftedSections: [Int: Section] = [:]
        for m in secMov { liftedSections[m[1]] = sections[m[0]] }
        for s in secDel + secMov.map({ $0[0] }) { sections[s] = nil }
        var result: [Section] = sections.compactMap { $0 }
        for s in (secIns + secMov.map { $0[1] }).sorted() {
            guard s <= result.count else { return nil }
            result.insert(liftedSections[s] ?? (nil, []), at: s)
        }
        guard result.count == new.count else { return nil }
        // Inserted and reloaded sections are filled whole by the data source, so item
        // inserts there are dropped, and nothing may move into them.
        let reloadedSections = Set(secRel)
        let replaced = result.map { $0.origin.map(reloadedSections.contains) ?? true }
        guard !movTo.contains(where: { replaced[$0[0]] }) else { return nil }
        // UIKit decides whether a move changes section by its numbers alone, so a move
        // whose numbers match must stay in the one section.
        guard mov.allSatisfy({ $0[0] != $0[2] || result[$0[2]].origin == $0[0] }) else { return nil }
        var arrivals: [([Int], Token)] = ins.filter { !replaced[$0[0]] }
            .map { ($0, .new(section: $0[0], item: $0[1])) }
        arrivals += movTo.map { ($0, lifted[$0]!) }
        for (p, token) in arrivals.sorted(by: { $0.0.lexicographicallyPrecedes($1.0) }) {
            guard p[1] <= result[p[0]].tokens.count else { return nil }
            result[p[0]].tokens.insert(token, at: p[1])
        }
        // A reloaded or inserted section holds exactly the new items the data source has.
        for s in result.indices where replaced[s] {
            result[s].tokens = (0 ..< new[s]).map { .new(section: s, item: $0) }
        }
        guard result.map(\.tokens.count) == new else { return nil }

        // UIKit places a reload's insert half by shifting it through the explicit deletes
        // and inserts only; strict validation needs that to be where it really ends up.
        for s in secRel {
            guard let actual = result.firstIndex(where: { $0.origin == s }),
                  actual == placeIgnoringMoves(section: s, secDel: secDel, secIns: secIns)
            else { return nil }
        }
        for p in rel {
            let token = Token.old(section: p[0], item: p[1])
            guard let section = result.firstIndex(where: { $0.tokens.contains(token) }),
                  let item = result[section].tokens.firstIndex(of: token)
            else { return nil }
            let placed = placeIgnoringMoves(section: p[0], secDel: secDel, secIns: secIns)
            var placedItem = p[1]
            for d in del.filter({ $0[0] == p[0] }).map({ $0[1] }).sorted(by: >) where d < p[1] { placedItem -= 1 }
            for i in ins.filter({ $0[0] == placed }).map({ $0[1] }).sorted() where i <= placedItem { placedItem += 1 }
            guard [section, item] == [placed, placedItem] else { return nil }
            result[section].tokens[item] = .new(section: section, item: item)
        }
        return result.map(\.tokens)
    }

    /// Where UIKit puts section `s` after deletes and inserts, ignoring moves.
    static func placeIgnoringMoves(section s: Int, secDel: [Int], secIns: [Int]) -> Int {
        var placed = s
        for d in Set(secDel).sorted(by: >) where d < s { placed -= 1 }
        for i in Set(secIns).sorted() where i <= placed { placed += 1 }
        return placed
    }
}
