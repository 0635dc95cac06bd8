import Testing
import WeftCore
import WeftDiff
import WeftTestSupport

/// Random lists from empty to 5,000 elements (both the stack-memory and the
/// scratch-arena paths of the core), with inserts, deletes, moves, updates and
/// duplicates, checked against the model.
@Suite struct DiffPropertyTests {
    @Test(arguments: [0, 1, 2, 3, 5, 8, 13, 40, 100, 200, 500, 2_000, 5_000], [false, true])
    func randomListsMatchTheModel(count: Int, duplicates: Bool) {
        let seeds = count <= 13 ? 60 : count <= 200 ? 15 : 3
        for seed in 0 ..< UInt64(seeds) {
            let scenario = ListScenario(count: count, seed: seed &* 7_919 &+ UInt64(count), duplicates: duplicates)
            let diff = Diff(from: scenario.old, to: scenario.new)
            DiffModel.expectExact(diff, old: scenario.old, new: scenario.new)
        }
    }

    @Test(arguments: [0, 1, 7, 60, 400])
    func hashedIdentitiesMatchTheModel(count: Int) {
        for seed in 0 ..< UInt64(10) {
            let scenario = ListScenario(count: count, seed: seed &+ 1_000, duplicates: seed % 2 == 1)
            let old = scenario.old.map { NamedEntry(name: "n\($0.id)", version: $0.version) }
            let new = scenario.new.map { NamedEntry(name: "n\($0.id)", version: $0.version) }
            DiffModel.expectExact(Diff(from: old, to: new), old: old, new: new)
        }
    }

    /// Almost every element shares one identity: far more equal pairs than the
    /// budget, so the diff pairs in order of occurrence, in linear time, and is
    /// still exact and no worse than that pairing.
    @Test(arguments: [300, 20_000])
    func almostOneIdentityStaysWithinItsBudget(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        let old = (0 ..< count).map { i in Entry(id: i % 50 == 0 ? i : -1, version: 0) }
        var new = old
        for _ in 0 ..< count / 20 {
            let entry = new.remove(at: Int.random(in: 0 ..< new.count, using: &random))
            new.insert(entry, at: Int.random(in: 0 ... new.count, using: &random))
        }
        #expect(DiffModel.equalIdentityPairs(old: old.map(\.id), new: new.map(\.id)) > DiffModel.repeatBudget(count, count))
        DiffModel.expectExact(Diff(from: old, to: new), old: old, new: new)
    }

    /// Every identity hashes alike: the core compares each candidate, which is
    /// quadratic but must give exactly the same result.
    @Test(arguments: [0, 1, 2, 9, 80, 500])
    func constantHashIdentitiesMatchTheModel(count: Int) {
        for seed in 0 ..< UInt64(count < 100 ? 10 : 2) {
            let scenario = ListScenario(count: count, seed: seed &+ 2_000, duplicates: seed % 2 == 1)
            let old = scenario.old.map { CollidingEntry(id: ConstantHashID($0.id), version: $0.version) }
            let new = scenario.new.map { CollidingEntry(id: ConstantHashID($0.id), version: $0.version) }
            let diff = Diff(from: old, to: new)
            DiffModel.expectExact(diff, old: old, new: new)
            let plain = Diff(from: scenario.old, to: scenario.new)
            #expect(diff.deletes == plain.deletes && diff.inserts == plain.inserts)
            #expect(diff.moves == plain.moves && diff.updates == plain.updates)
        }
    }
}
