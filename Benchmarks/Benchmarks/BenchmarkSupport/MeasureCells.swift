import Dispatch
import Foundation
public import WeftCore
public import WeftNode

/// Measures `cells` in `range`: on every core, in chunks of contiguous cells (8
/// per core, so a slow chunk does not leave a core idle), or one at a time.
public func measureCells(_ cells: [some DisplayNode], in range: SizeRange, parallel: Bool) {
    if parallel {
        let chunks = min(cells.count, ProcessInfo.processInfo.activeProcessorCount * 8)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            for index in cells.count * chunk / chunks ..< cells.count * (chunk + 1) / chunks {
                _ = cells[index].layoutThatFits(range)
            }
        }
    } else {
        for cell in cells { _ = cell.layoutThatFits(range) }
    }
}
