#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Identifies the calling thread, so that the engine can tell a re-entrant call
/// (from a transform or handler on the thread that holds the gate) from a call that
/// must wait for the gate.
///
/// Never zero: zero means "no thread holds the gate".
enum CurrentThread {
    static var identifier: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
