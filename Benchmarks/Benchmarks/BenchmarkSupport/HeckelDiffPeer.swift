/// Paul Heckel's 1978 diff as IGListKit (`IGListDiff`) and DifferenceKit run
/// it, written here from the algorithm: the benchmarks' peer for that family.
///
/// A symbol table holds, per identity, how often it occurs on each side and a
/// stack of its old indexes. Each new element that occurs on both sides pops
/// the most recent old index of its identity; unpaired old elements are
/// deletes and unpaired new ones inserts. A pair is a move whenever its old
/// index, shifted by the deletes before it and the inserts before its new
/// index, is not its new index: every element that shifted is reported, which
/// is why this family reports far more moves than the fewest possible.
public enum HeckelDiffPeer {
    /// What the peer reports, as IGListKit's `IGListIndexSetResult` does.
    public struct Result {
        public var deletes: [Int] = []
        public var inserts: [Int] = []
        public var moves: [(from: Int, to: Int)] = []

        @inlinable init() {}
    }

    /// One identity's symbol-table entry.
    @usableFromInline
    struct Entry {
        @usableFromInline var oldCount = 0
        @usableFromInline var newCount = 0
        @usableFromInline var oldIndexes: [Int] = []

        @inlinable init() {}
    }

    /// Diffs `old` into `new` by identity.
    ///
    /// - Complexity: O(*n* + *m*) expected, one hash per element per pass.
    ///   Inlinable, so that it is specialized for the caller's identity type,
    ///   as Weft's diff is.
    @inlinable
    public static func diff<ID: Hashable>(from old: [ID], to new: [ID]) -> Result {
        var table: [ID: Int] = [:]
        var entries: [Entry] = []
        table.reserveCapacity(new.count)
        // Pass 1: the new side, in order.
        var newEntry = [Int](repeating: 0, count: new.count)
        for (j, id) in new.enumerated() {
            let entry = table[id] ?? {
                entries.append(Entry())
                table[id] = entries.count - 1
                return entries.count - 1
            }()
            entries[entry].newCount += 1
            newEntry[j] = entry
        }
        // Pass 2: the old side, backwards, so that each stack pops in order.
        var oldEntry = [Int](repeating: 0, count: old.count)
        for i in old.indices.reversed() {
            let entry = table[old[i]] ?? {
                entries.append(Entry())
                table[old[i]] = entries.count - 1
                return entries.count - 1
            }()
            entries[entry].oldCount += 1
            entries[entry].oldIndexes.append(i)
            oldEntry[i] = entry
        }
        // Pass 3: pair the identities that occur on both sides.
        var newToOld = [Int](repeating: -1, count: new.count)
        var oldToNew = [Int](repeating: -1, count: old.count)
        for j in new.indices {
            let entry = newEntry[j]
            guard entries[entry].newCount > 0, entries[entry].oldCount > 0,
                let i = entries[entry].oldIndexes.popLast()
            else { continue }
            newToOld[j] = i
            oldToNew[i] = j
        }
        // Pass 4: deletes, with the running count of deletes before each old index.
        var result = Result()
        var deleteOffsets = [Int](repeating: 0, count: old.count)
        var running = 0
        for i in old.indices {
            deleteOffsets[i] = running
            if oldToNew[i] < 0 {
                result.deletes.append(i)
                running += 1
            }
        }
        // Pass 5: inserts, and a move for every pair whose place shifted.
        running = 0
        for j in new.indices {
            let insertOffset = running
            let i = newToOld[j]
            if i < 0 {
                result.inserts.append(j)
                running += 1
            } else if i - deleteOffsets[i] + insertOffset != j {
                result.moves.append((i, j))
            }
        }
        return result
    }
}
