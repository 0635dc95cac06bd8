import Testing
import WeftChangeSet
import WeftCore

/// The validator's path table agrees with `Dictionary` on random keys,
/// repeated keys and extreme integers, across its growth.
@Suite struct PathTableTests {
    @Test(arguments: [1, 2, 3] as [UInt64])
    func agreesWithADictionary(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var table = _PathTable<Int>()
        var model: [_Path: Int] = [:]
        let extremes = [Int.min, Int.min + 1, -1, 0, 1, Int.max - 1, Int.max]
        func randomPath() -> _Path {
            switch Int.random(in: 0 ..< 4, using: &random) {
            case 0: _Path(section: extremes.randomElement(using: &random)!, item: extremes.randomElement(using: &random)!)
            case 1: _Path(section: 0, item: Int.random(in: 0 ..< 5_000, using: &random))
            default: _Path(section: Int.random(in: -3 ..< 40, using: &random), item: Int.random(in: 0 ..< 300, using: &random))
            }
        }
        for step in 0 ..< 20_000 {
            let key = randomPath()
            switch Int.random(in: 0 ..< 3, using: &random) {
            case 0:
                let before = table.insert(key, step)
                #expect(before == model[key])
                if model[key] == nil { model[key] = step }
            case 1:
                table.set(step, for: key)
                model[key] = step
            default:
                #expect(table[key] == model[key])
                #expect(table.contains(key) == (model[key] != nil))
            }
            #expect(table.count == model.count)
        }
        for (key, value) in model { #expect(table[key] == value) }
    }

    @Test func aSetOfPathsHoldsEachOnce() {
        let paths = (0 ..< 1_000).map { _Path(section: $0 % 3, item: $0 / 2) }
        let set = _PathTable(paths)
        #expect(set.count == Set(paths).count)
        #expect(paths.allSatisfy(set.contains))
        #expect(!set.contains(_Path(section: 3, item: 0)))
    }

    @Test func aTableWithoutSlotsAnswersAndGrowsOnItsFirstKey() {
        var table = _PathTable<Int>()
        let key = _Path(section: 0, item: 7)
        #expect(table[key] == nil && !table.contains(key) && table.count == 0)
        #expect(_PathTable([_Path]()).count == 0)
        #expect(table.insert(key, 1) == nil)
        table.set(2, for: _Path(section: 1, item: 0))
        #expect(table[key] == 1 && table[_Path(section: 1, item: 0)] == 2 && table.count == 2)
    }
}
