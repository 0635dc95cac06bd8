import WeftDiff
import WeftTestSupport
import WeftCore

/// A random old/new pair of sectioned snapshots: section deletes, inserts,
/// moves and header changes; item deletes, inserts, moves within and across
/// sections, and updates; optionally duplicated item identities.
struct SectionScenario {
    var old: [EntrySection]
    var new: [EntrySection]

    init(sections: Int, itemsPerSection: Int, seed: UInt64, duplicates: Bool) {
        var random = SplitMix64(seed: seed)
        var nextItem = 0
        func makeItem() -> Entry {
            nextItem += 1
            let id = duplicates ? Int.random(in: 0 ..< max(1, sections * itemsPerSection / 4), using: &random) : nextItem
            return Entry(id: id, version: 0)
        }
        old = (0 ..< sections).map { s in
            EntrySection(model: Header(id: s, title: "t"), items: (0 ..< itemsPerSection).map { _ in makeItem() })
        }
        new = old
        var nextSection = sections
        let edits = Int.random(in: 0 ... max(2, (sections * (itemsPerSection + 1)) / 5), using: &random)
        for _ in 0 ..< edits {
            let nonEmpty = new.indices.filter { !new[$0].items.isEmpty }
            switch Int.random(in: 0 ..< 10, using: &random) {
            case 0 where !new.isEmpty:
                new.remove(at: Int.random(in: 0 ..< new.count, using: &random))
            case 1:
                let items = (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in makeItem() }
                new.insert(
                    EntrySection(model: Header(id: nextSection, title: "t"), items: items),
                    at: Int.random(in: 0 ... new.count, using: &random))
                nextSection += 1
            case 2 where !new.isEmpty:
                let section = new.remove(at: Int.random(in: 0 ..< new.count, using: &random))
                new.insert(section, at: Int.random(in: 0 ... new.count, using: &random))
            case 3 where !new.isEmpty:
                new[Int.random(in: 0 ..< new.count, using: &random)].model.title += "'"
            case 4 where !nonEmpty.isEmpty:
                let s = nonEmpty.randomElement(using: &random)!
                new[s].items.remove(at: Int.random(in: 0 ..< new[s].items.count, using: &random))
            case 5 where !new.isEmpty:
                let s = Int.random(in: 0 ..< new.count, using: &random)
                new[s].items.insert(makeItem(), at: Int.random(in: 0 ... new[s].items.count, using: &random))
            case 6, 7:
                // Move an item, to another section half of the time.
                guard let from = nonEmpty.randomElement(using: &random) else { break }
                let item = new[from].items.remove(at: Int.random(in: 0 ..< new[from].items.count, using: &random))
                let to = Bool.random(using: &random) ? from : Int.random(in: 0 ..< new.count, using: &random)
                new[to].items.insert(item, at: Int.random(in: 0 ... new[to].items.count, using: &random))
            case 8 where !nonEmpty.isEmpty:
                let s = nonEmpty.randomElement(using: &random)!
                new[s].items[Int.random(in: 0 ..< new[s].items.count, using: &random)].version += 1
            default:
                break
            }
        }
    }
}
