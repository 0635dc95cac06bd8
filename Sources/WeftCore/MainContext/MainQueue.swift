import Dispatch
import Foundation

/// Whether code runs in the main context, where main-actor code may run.
///
/// `Thread.isMainThread` alone is wrong on Linux once a program calls
/// `dispatchMain()`: the main thread exits and the main queue's blocks (and so
/// the main actor's jobs) run on a worker thread. The main queue therefore
/// carries a queue-specific key, and code counts as in the main context on the
/// main thread or inside a main-queue block.
package enum MainQueue {
    private static let key = DispatchSpecificKey<Bool>()
    private static let marked: Bool = {
        DispatchQueue.main.setSpecific(key: key, value: true)
        return true
    }()

    /// Whether the caller may assume the main actor's isolation.
    ///
    /// - Complexity: O(1).
    package static var isCurrent: Bool {
        _ = marked
        return Thread.isMainThread || DispatchQueue.getSpecific(key: key) == true
    }
}
