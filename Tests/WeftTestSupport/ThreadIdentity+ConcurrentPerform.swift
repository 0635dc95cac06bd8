import Dispatch
import WeftCore

extension ThreadIdentity {
    /// Runs `body` for every index in `0 ..< iterations` on as many threads as
    /// `DispatchQueue.concurrentPerform` uses, and returns those threads.
    ///
    /// Each iteration writes only its own slot, so recording needs no lock.
    package static func concurrentPerform(iterations: Int, _ body: @Sendable (Int) -> Void) -> Set<ThreadIdentity> {
        var threads = [UInt](repeating: 0, count: iterations)
        threads.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let slots = buffer
            DispatchQueue.concurrentPerform(iterations: iterations) { index in
                slots[index] = ThreadIdentity.current.rawValue
                body(index)
            }
        }
        return Set(threads.map { ThreadIdentity(rawValue: $0) })
    }
}
