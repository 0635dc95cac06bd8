import Foundation
import WeftCore
import WeftElementMap
import WeftTestSupport

/// Differential fuzzing of element-map batches over many live versions.
///
/// The input steers a run of operations on a set of versions that share structure:
/// derive a version from any live one with a valid batch, try a batch with one edit no
/// map can take (an index at the ends of `Int`, a 1- or 3-index path), or let a version
/// go, or build a version's position tables. Half the batches make absent items too (items without an element yet, as a lazy
/// collection loads them). After each step every live version must agree with its ``ElementMapModel`` in
/// every lookup, a refused batch must leave its version as it was, and exactly the
/// cells some live version holds must be alive: each released once, none leaked.
///
/// Any disagreement traps, so libFuzzer keeps the input. `scripts/fuzz ElementMap SECONDS`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzElementMap(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let tracker = CellTracker()
    do {
        var run = ElementMapRun(random: FuzzRandom(UnsafeBufferPointer(start: data, count: size)), tracker: tracker)
        run.run()
    }
    if tracker.alive != 0 { fatalError("\(tracker.alive) cells outlived every version and model") }
    return 0
}

struct ElementMapRun {
    var generator: BatchGenerator<FuzzRandom>
    let tracker: CellTracker
    var versions: [(map: ElementMap<Cell>, model: ElementMapModel)] = [(ElementMap(), ElementMapModel([]))]

    init(random: FuzzRandom, tracker: CellTracker) {
        generator = BatchGenerator(random: random, scale: 1, tracker: tracker)
        self.tracker = tracker
    }

    mutating func run() {
        let steps = generator.int(0 ..< 48)
        for step in 0 ..< steps {
            generator.scale = generator.int(1 ..< 9)
            generator.makesAbsentItems = generator.chance(2)
            switch generator.int(0 ..< 8) {
            case 0 ..< 4: derive()
            case 4, 5: refuse()
            case 6: tabulate()
            default: drop()
            }
            check(after: step)
        }
    }

    /// A valid batch on any live version gives a new version that matches the model's.
    mutating func derive() {
        let pick = generator.int(0 ..< versions.count)
        let (batch, model) = generator.makeBatch(for: versions[pick].model)
        do {
            let map = try versions[pick].map.applying(batch)
            versions.append((map, model))
            if versions.count > 8 { versions.remove(at: generator.int(0 ..< versions.count - 1)) }
        } catch {
            fatalError("a valid batch was refused: \(error)")
        }
    }

    /// A batch with one impossible edit is refused, by `applying` and by `apply`,
    /// and leaves the version as it was.
    mutating func refuse() {
        let pick = generator.int(0 ..< versions.count)
        var (batch, _) = generator.makeBatch(for: versions[pick].model)
        let huge = generator.random.pick([Int.max, Int.min, Int.max - 1, -1, 1 << 40])
        let section = generator.int(0 ..< versions[pick].model.sections.count + 1)
        switch generator.int(0 ..< 7) {
        case 0: batch.deleteItem(at: IndexPath(item: huge, section: section))
        case 1: batch.insertItem(generator.cell(), at: IndexPath(item: huge, section: section))
        case 2: batch.moveItem(at: IndexPath(item: huge, section: section), to: IndexPath(item: 0, section: 0))
        case 3: batch.deleteSection(huge)
        case 4: batch.insertSection(huge, elements: generator.cells(2))
        case 5: batch.deleteItem(at: IndexPath(index: section))
        default: batch.insertItem(generator.cell(), at: IndexPath(indexes: [section, 0, 0]))
        }
        var copy = versions[pick].map
        do {
            _ = try versions[pick].map.applying(batch)
            fatalError("a batch with an impossible edit was accepted")
        } catch {}
        do {
            try copy.apply(batch)
            fatalError("apply took a batch with an impossible edit")
        } catch {}
        let unchanged = versions[pick].model.problems(copy)
        if let first = unchanged.first { fatalError("a refused apply changed the map: \(first)") }
    }

    /// Builds a version's position tables, as a data controller does for the
    /// version it commits: its lookups then go through the tables, which the
    /// invariant walker compares with the trees, and the models check them.
    mutating func tabulate() {
        let map = versions[generator.int(0 ..< versions.count)].map
        if !map.buildPositionTables() || !map.hasPositionTables { fatalError("position tables were not built") }
        map._checkInvariants()
    }

    /// Lets a version go, its model with it.
    mutating func drop() {
        guard versions.count > 1 else { return }
        versions.remove(at: generator.int(0 ..< versions.count))
    }

    func check(after step: Int) {
        for (index, version) in versions.enumerated() {
            if let first = version.model.problems(version.map).first {
                fatalError("step \(step), version \(index): \(first)")
            }
        }
        var held = Set<ObjectIdentifier>()
        for version in versions {
            for section in version.model.sections {
                held.formUnion(section.items.compactMap { $0.map(ObjectIdentifier.init) })
                for byItem in section.supplementary.values { held.formUnion(byItem.values.map(ObjectIdentifier.init)) }
            }
        }
        if tracker.alive != held.count {
            fatalError("step \(step): \(tracker.alive) cells alive, but live versions hold \(held.count)")
        }
    }
}

#if !FUZZING
/// Without -DFUZZING this target replays inputs: `ElementMapFuzzer file...`.
@main
enum Replay {
    static func main() {
        replayFuzzInputs { _ = fuzzElementMap($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
    }
}
#endif
