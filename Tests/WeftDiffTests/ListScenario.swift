import WeftTestSupport
import WeftCore

/// A random old/new pair of entry lists: deletes, inserts, single-element
/// moves and content updates, optionally with duplicated identities.
struct ListScenario {
    var old: [Entry]
    var new: [Entry]

    init(count: Int, seed: UInt64, duplicates: Bool) {
        var random = SplitMix64(seed: seed)
        // With duplicates, identities come from a range about a quarter the size.
        let idRange = duplicates ? max(1, count / 4) : Int.max
        old = (0 ..< count).map { i in
            Entry(id: duplicates ? Int.random(in: 0 ..< idRange, using: &random) : i, version: 0)
        }
        new = old
        let edits = count == 0 ? 0 : Int.random(in: 0 ... max(1, count / 5), using: &random)
        var nextID = count
        for _ in 0 ..< edits {
            switch Int.random(in: 0 ..< 4, using: &random) {
            case 0 where !new.isEmpty:
                new.remove(at: Int.random(in: 0 ..< new.count, using: &random))
            case 1:
                let id = duplicates ? Int.random(in: 0 ..< idRange, using: &random) : nextID
                nextID += 1
                new.insert(Entry(id: id, version: 0), at: Int.random(in: 0 ... new.count, using: &random))
            case 2 where !new.isEmpty:
                let entry = new.remove(at: Int.random(in: 0 ..< new.count, using: &random))
                new.insert(entry, at: Int.random(in: 0 ... new.count, using: &random))
            case 3 where !new.isEmpty:
                new[Int.random(in: 0 ..< new.count, using: &random)].version += 1
            default:
                break
            }
        }
    }
}
