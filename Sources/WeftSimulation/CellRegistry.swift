import Weft
import WeftCore

/// The cells one simulation made, held weakly, so that its report counts its own
/// nodes and not those of anything else running in the process. The list sits
/// behind a PosixMutex, which ThreadSanitizer sees.
final class CellRegistry: Sendable {
    private struct Entry {
        weak var cell: CellNode?
    }

    private let entries = PosixMutex<(cells: [Entry], created: Int)>(([], 0))

    /// Records a new cell. Any thread.
    func add(_ cell: CellNode) {
        entries.withLock { entries in
            entries.created += 1
            // Forget the dead now and then, so the list tracks the live set.
            if entries.cells.count >= 1_024, entries.cells.count.isMultiple(of: 1_024) {
                entries.cells.removeAll { $0.cell == nil }
            }
            entries.cells.append(Entry(cell: cell))
        }
    }

    /// Cells made so far.
    var created: Int { entries.withLock { $0.created } }

    /// Cells alive now.
    ///
    /// - Complexity: O(*n*) for the cells recorded since the last sweep.
    var alive: Int {
        entries.withLock { entries in
            entries.cells.removeAll { $0.cell == nil }
            return entries.cells.count
        }
    }
}
