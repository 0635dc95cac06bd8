import Foundation
import Testing
import WeftCore
import WeftDiff
import WeftTestSupport

/// Text and UUID identities, hashed from their bytes in the C core: the diff
/// must be the one the same shapes give with integer identities, whatever the
/// text, including text that is equal under `==` but not byte for byte.
@Suite struct TextIdentityTests {
    /// How an integer identity is spelled as text, on the old and the new side.
    struct Spelling: Sendable, CustomStringConvertible {
        let description: String
        let old: @Sendable (Int) -> String
        let new: @Sendable (Int) -> String
    }

    static let spellings: [Spelling] = [
        Spelling(description: "short ASCII", old: { "p\($0)" }, new: { "p\($0)" }),
        Spelling(
            description: "long ASCII", old: { "https://example.com/posts/\($0)/comments" },
            new: { "https://example.com/posts/\($0)/comments" }),
        Spelling(description: "empty for 0", old: { $0 == 0 ? "" : "\($0)" }, new: { $0 == 0 ? "" : "\($0)" }),
        Spelling(description: "non-ASCII", old: { "café-\($0)" }, new: { "café-\($0)" }),
        // Precomposed on one side, decomposed on the other: equal under `==`,
        // different bytes.
        Spelling(description: "canonically equal", old: { "caf\u{E9}-\($0)" }, new: { "cafe\u{301}-\($0)" }),
        // The Kelvin sign is canonically equivalent to ASCII "K": the old side is
        // ASCII only for even ids, the new side for odd ones.
        Spelling(
            description: "Kelvin and K", old: { $0 % 2 == 0 ? "K\($0)" : "\u{212A}\($0)" },
            new: { $0 % 2 == 0 ? "\u{212A}\($0)" : "K\($0)" }),
    ]

    @Test(arguments: spellings, [false, true])
    func textIdentitiesDiffAsIntegersDo(spelling: Spelling, duplicates: Bool) {
        for count in [0, 1, 6, 50, 700] {
            for seed in 0 ..< UInt64(6) {
                let scenario = ListScenario(count: count, seed: seed &+ 31 &* UInt64(count), duplicates: duplicates)
                let expected = Diff(from: scenario.old, to: scenario.new)
                let old = scenario.old.map { NamedEntry(name: spelling.old($0.id), version: $0.version) }
                let new = scenario.new.map { NamedEntry(name: spelling.new($0.id), version: $0.version) }
                let diff = Diff(from: old, to: new)
                #expect(diff.deletes == expected.deletes, "\(spelling), \(count) items, seed \(seed)")
                #expect(diff.inserts == expected.inserts)
                #expect(diff.moves == expected.moves)
                #expect(diff.updates == expected.updates)
                let plain = Diff(from: scenario.old.map { spelling.old($0.id) }, to: scenario.new.map { spelling.new($0.id) })
                #expect(plain.deletes == expected.deletes && plain.inserts == expected.inserts && plain.moves == expected.moves)
                let substrings = Diff(
                    from: scenario.old.map { Substring("<\(spelling.old($0.id))>").dropFirst().dropLast() },
                    to: scenario.new.map { Substring("<\(spelling.new($0.id))>").dropFirst().dropLast() })
                #expect(substrings.deletes == expected.deletes && substrings.moves == expected.moves)
            }
        }
    }

    @Test func sectionedDiffsOfTextMatchIntegers() {
        for seed in 0 ..< UInt64(8) {
            let (old, new) = SectionedTextScenario.make(seed: seed)
            let expected = SectionedDiff(from: old, to: new)
            let spelled = { (sections: [DiffSection<Int, Int>], canonical: Bool) in
                sections.map { section in
                    DiffSection(
                        model: "section \(section.model)",
                        items: section.items.map { canonical ? "cafe\u{301} \($0)" : "caf\u{E9} \($0)" })
                }
            }
            let diff = SectionedDiff(from: spelled(old, false), to: spelled(new, true))
            #expect(diff.sectionMoves == expected.sectionMoves && diff.itemMoves == expected.itemMoves)
            #expect(diff.itemDeletes == expected.itemDeletes && diff.itemInserts == expected.itemInserts)
            let ascii = SectionedDiff(
                from: old.map { DiffSection(model: "s\($0.model)", items: $0.items.map { "i\($0)" }) },
                to: new.map { DiffSection(model: "s\($0.model)", items: $0.items.map { "i\($0)" }) })
            #expect(ascii.sectionMoves == expected.sectionMoves && ascii.itemMoves == expected.itemMoves)
            #expect(ascii.itemDeletes == expected.itemDeletes && ascii.itemInserts == expected.itemInserts)
        }
    }

    @Test func uuidIdentitiesDiffAsIntegersDo() {
        for seed in 0 ..< UInt64(10) {
            let scenario = ListScenario(count: 300, seed: seed, duplicates: seed % 2 == 1)
            var uuids: [Int: UUID] = [:]
            let uuid = { (id: Int) -> UUID in
                if let known = uuids[id] { return known }
                let made = UUID()
                uuids[id] = made
                return made
            }
            let old = scenario.old.map { uuid($0.id) }, new = scenario.new.map { uuid($0.id) }
            let expected = Diff(from: scenario.old.map(\.id), to: scenario.new.map(\.id))
            let diff = Diff(from: old, to: new)
            #expect(diff.deletes == expected.deletes && diff.inserts == expected.inserts && diff.moves == expected.moves)
        }
    }
}

/// Random sections of integer items, with moves of items across sections.
enum SectionedTextScenario {
    static func make(seed: UInt64) -> (old: [DiffSection<Int, Int>], new: [DiffSection<Int, Int>]) {
        var random = SplitMix64(seed: seed)
        let old = (0 ..< 5).map { s in DiffSection(model: s, items: Array(s * 20 ..< s * 20 + 20)) }
        var new = old
        var nextID = 100
        for _ in 0 ..< 15 {
            let s = Int.random(in: 0 ..< new.count, using: &random)
            switch Int.random(in: 0 ..< 3, using: &random) {
            case 0:
                new[s].items.insert(nextID, at: Int.random(in: 0 ... new[s].items.count, using: &random))
                nextID += 1
            case 1 where !new[s].items.isEmpty:
                new[s].items.remove(at: Int.random(in: 0 ..< new[s].items.count, using: &random))
            case 2 where !new[s].items.isEmpty:
                let item = new[s].items.remove(at: Int.random(in: 0 ..< new[s].items.count, using: &random))
                let t = Int.random(in: 0 ..< new.count, using: &random)
                new[t].items.insert(item, at: Int.random(in: 0 ... new[t].items.count, using: &random))
            default:
                break
            }
        }
        new.swapAt(0, 3)
        return (old, new)
    }
}
