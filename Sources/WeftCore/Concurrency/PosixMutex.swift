#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a POSIX mutex: `Synchronization.Mutex`'s `withLock` on a
/// `pthread_mutex_t`, for state that ThreadSanitizer checks under contention.
///
/// Why not `Mutex`: on Linux a contended `Mutex` is a priority-inheriting futex, and
/// the kernel hands the lock to the waiter inside the Swift runtime, which is not
/// instrumented. ThreadSanitizer never sees that hand-over as a synchronization, so
/// it reports races between two critical sections that cannot overlap. glibc's
/// `pthread_mutex_lock` is intercepted by ThreadSanitizer and has no such blind spot.
/// Uncontended, the two cost about the same (one atomic exchange each way).
///
/// The mutex and the value share one heap allocation, so the mutex has a stable
/// address without a second one. Like `Mutex`, the type is noncopyable: store it in
/// a `let` of the class or global that owns the state. Unlike `Mutex`, it is
/// `Sendable` only when `Value` is. The lock is not recursive: calling `withLock`
/// again from inside `body` on the same instance deadlocks.
package struct PosixMutex<Value>: ~Copyable {
    /// The mutex (header) and the value (the single element) in one allocation.
    ///
    /// The mutex comes first so that a zero-sized value (`PosixMutex<Void>`, a
    /// plain lock) does not share its address: ThreadSanitizer would otherwise
    /// take the value's inout access inside the lock for a write to the mutex
    /// word that the next locker reads before it locks.
    @usableFromInline
    final class Storage: ManagedBuffer<pthread_mutex_t, Value> {
        deinit {
            _ = withUnsafeMutablePointers { mutex, value in
                value.deinitialize(count: 1)
                return pthread_mutex_destroy(mutex)
            }
        }
    }

    @usableFromInline
    let storage: Storage

    /// Creates a mutex guarding `initialValue`.
    ///
    /// - Complexity: O(1): one allocation.
    // The value is moved in, not copied: a data controller makes a locked
    // state per element, a million at an eager load, and the copy and the
    // destruction of the original cost a retain and a release of every
    // reference the state holds. (Not inlinable: specialized in the caller,
    // the storage class's metadata was looked up on every call.)
    package init(_ initialValue: consuming Value) {
        let buffer = Storage.create(minimumCapacity: 1) { _ in pthread_mutex_t() }
        var pending = Optional(initialValue)
        buffer.withUnsafeMutablePointers { mutex, value in
            // A default (non-recursive, non-robust) mutex needs no attribute object
            // and cannot fail to initialize on the platforms Weft supports.
            let rc = pthread_mutex_init(mutex, nil)
            precondition(rc == 0, "pthread_mutex_init failed: \(rc)")
            value.initialize(to: pending.take()!)
        }
        storage = unsafeDowncast(buffer, to: Storage.self)
    }

    /// Runs `body` with exclusive access to the value and returns what it returns.
    ///
    /// The lock is released when `body` returns or throws.
    ///
    /// - Complexity: O(1), plus the cost of `body`.
    // Inlinable so that each module specializes it: a lock taken on every node
    // access must not pay for generic dispatch.
    @inlinable @inline(__always)
    package borrowing func withLock<Result, E: Error>(
        _ body: (inout Value) throws(E) -> Result
    ) throws(E) -> Result {
        try storage.withUnsafeMutablePointers { mutex, value throws(E) -> Result in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&value.pointee)
        }
    }

    /// Takes the lock, for a holder that must check what it locked before using it
    /// and may let go to try another (WeftReactive's graph locks follow merges so).
    /// Pair with ``unlock()`` on the same thread; prefer ``withLock(_:)``.
    ///
    /// - Complexity: O(1), plus the wait.
    @inlinable @inline(__always)
    package borrowing func lock() {
        storage.withUnsafeMutablePointerToHeader { _ = pthread_mutex_lock($0) }
    }

    /// Takes the lock if no thread holds it, without waiting.
    ///
    /// - Returns: Whether the lock was taken; pair a `true` with ``unlock()``.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package borrowing func tryLock() -> Bool {
        storage.withUnsafeMutablePointerToHeader { pthread_mutex_trylock($0) == 0 }
    }

    /// Lets go of the lock taken by ``lock()`` on this thread.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package borrowing func unlock() {
        storage.withUnsafeMutablePointerToHeader { _ = pthread_mutex_unlock($0) }
    }
}

// @unchecked: the value is only ever reached inside `withLock`, between
// `pthread_mutex_lock` and `pthread_mutex_unlock` of the mutex stored beside it.
extension PosixMutex: @unchecked Sendable where Value: Sendable {}
