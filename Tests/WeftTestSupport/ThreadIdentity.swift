import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The identity of an OS thread (`pthread_self()`), to tell in a test which
/// thread ran a deinitializer.
public struct ThreadIdentity: Hashable, Sendable, CustomStringConvertible {
    let rawValue: UInt

    /// The calling thread.
    public static var current: ThreadIdentity {
        #if os(Linux)
        ThreadIdentity(rawValue: UInt(pthread_self()))
        #else
        ThreadIdentity(rawValue: UInt(bitPattern: pthread_self()))
        #endif
    }

    public var description: String { "thread 0x\(String(rawValue, radix: 16))" }
}

extension ThreadIdentity {
    /// Runs `body` for every index in `0 ..< iterations` on as many threads as
    /// `DispatchQueue.concurrentPerform` uses, and returns those threads.
    ///
    /// Each iteration writes only its own slot, so recording needs no lock.
    public static func concurrentPerform(iterations: Int, _ body: @Sendable (Int) -> Void) -> Set<ThreadIdentity> {
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
