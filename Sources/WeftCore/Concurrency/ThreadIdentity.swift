#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The identity of an OS thread (`pthread_self()`): tells a re-entrant call on the
/// thread that holds a lock from a call that must wait, and tells a test which thread
/// ran a deinitializer.
///
/// Never zero, so zero can stand for "no thread".
package struct ThreadIdentity: Hashable, Sendable, CustomStringConvertible {
    package let rawValue: UInt

    package init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The calling thread.
    ///
    /// - Complexity: O(1).
    package static var current: ThreadIdentity {
        #if canImport(Darwin)
        ThreadIdentity(rawValue: UInt(bitPattern: pthread_self()))
        #else
        ThreadIdentity(rawValue: UInt(pthread_self()))
        #endif
    }

    package var description: String { "thread 0x\(String(rawValue, radix: 16))" }
}
