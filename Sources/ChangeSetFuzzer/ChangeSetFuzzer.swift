#if canImport(Glibc)
import Glibc
#endif
import WeftChangeSet
import WeftTestSupport

/// Differential fuzzing of change-set validation. Each input decodes into old counts, a
/// stream of edits and new counts; strict validation, the normalized edits and both
/// index mappings must agree with ChangeSetModel, and faithful validation must accept
/// whatever strict accepts. Any disagreement traps, so libFuzzer keeps the input.
///
/// Fuzz build: `scripts/fuzz [seconds]`. Normal builds get the replay tool below.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChangeSet(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let batch = decodeBatch(UnsafeBufferPointer(start: data, count: size))
    let problems = changeSetDisagreements(old: batch.old, edits: batch.edits, new: batch.new)
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

#if !FUZZING
/// Without -DFUZZING this target replays inputs: `ChangeSetFuzzer file...`, so plain
/// `swift build` links and a crash input can be reproduced without sanitizers.
@main
enum Replay {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            guard let file = fopen(path, "rb") else {
                print("cannot open \(path)")
                exit(2)
            }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = fread(&buffer, 1, buffer.count, file)
            fclose(file)
            _ = buffer.withUnsafeBufferPointer { fuzzChangeSet($0.baseAddress!, count) }
            print("replayed \(path) (\(count) bytes)")
        }
    }
}
#endif
