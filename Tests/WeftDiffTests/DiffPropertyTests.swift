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

    /// Almost every element shares one identity: far more equal pairs than
    /// Hunt and Szymanski's budget (4 (n + m) + 4096), so the core finds the
    /// longest common subsequence bit-parallel, and the moves are still the
    /// fewest (checked by the full table up to 2,000 elements, against pairing
    /// in order at 20,000).
    @Test(arguments: [300, 2_000, 20_000])
    func almostOneIdentityStillGetsTheFewestMoves(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        let old = (0 ..< count).map { i in Entry(id: i % 50 == 0 ? i : -1, version: 0) }
        var new = old
        for _ in 0 ..< count / 20 {
            let entry = new.remove(at: Int.random(in: 0 ..< new.count, using: &random))
            new.insert(entry, at: Int.random(in: 0 ... new.count, using: &random))
        }
        let repeated = old.filter { $0.id == -1 }.count
        #expect(repeated * repeated > 4 * (2 * count) + 4_096, "past the budget")
        DiffModel.expectExact(Diff(from: old, to: new), old: old, new: new)
    }

    /// A few identities over many elements, shuffled apart: every pairing
    /// leaves many moves, and the diff's must be the fewest.
    @Test(arguments: [(3, 900), (7, 1_500), (40, 2_000)])
    func fewIdentitiesShuffledGetTheFewestMoves(identities: Int, count: Int) {
        for seed in 0 ..< UInt64(3) {
            var random = SplitMix64(seed: seed &+ UInt64(count))
            let old = (0 ..< count).map { _ in Entry(id: Int.random(in: 0 ..< identities, using: &random), version: 0) }
            var new = old.filter { _ in Int.random(in: 0 ..< 10, using: &random) > 0 }
            for _ in 0 ..< count / 4 {
                let entry = new.remove(at: Int.random(in: 0 ..< new.count, using: &random))
                new.insert(entry, at: Int.random(in: 0 ... new.count, using: &random))
            }
            new += (0 ..< count / 10).map { _ in Entry(id: Int.random(in: 0 ..< identities + 2, using: &random), version: 1) }
            DiffModel.expectExact(Diff(from: old, to: new), old: old, new: new)
            let colliding = Diff(
                from: old.map { CollidingEntry(id: ConstantHashID($0.id), version: $0.version) },
                to: new.map { CollidingEntry(id: ConstantHashID($0.id), version: $0.version) })
            #expect(colliding.moves.count == Diff(from: old, to: new).moves.count, "colliding hashes, same fewest moves")
        }
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
