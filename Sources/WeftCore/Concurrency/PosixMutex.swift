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
///
/// In a test, read the value into a local before `#expect` checks it: the
/// macro's expansion of `#expect(mutex.withLock { $0 } == x)` copies the mutex
/// bitwise and destroys the copy, which frees the allocation twice.
package struct PosixMutex<Value>: ~Copyable {
    /// The mutex, then the value, in one raw allocation this instance owns.
    ///
    /// Raw memory rather than a `ManagedBuffer` subclass: a generic class's
    /// metadata is looked up in the runtime's cache on every instance made, even
    /// from specialized code, and the cache's readers share one counter. Every
    /// node and every element has a mutex: at an eager load of a million items
    /// that was 3-6% of main's time, and allocation on two cores spent a third
    /// of its time there. The mutex comes first so that a zero-sized value
    /// (`PosixMutex<Void>`, a plain lock) does not share its address: ThreadSanitizer
    /// would otherwise take the value's inout access inside the lock for a write to
    /// the mutex word that the next locker reads before it locks.
    @usableFromInline
    let base: UnsafeMutableRawPointer

    /// Where the value starts: the mutex's size, rounded up to the value's alignment.
    @inlinable
    static var valueOffset: Int {
        let size = MemoryLayout<pthread_mutex_t>.stride
        let alignment = MemoryLayout<Value>.alignment
        return (size + alignment - 1) / alignment * alignment
    }

    @inlinable
    var mutex: UnsafeMutablePointer<pthread_mutex_t> {
        base.assumingMemoryBound(to: pthread_mutex_t.self)
    }

    @inlinable
    var value: UnsafeMutablePointer<Value> {
        (base + Self.valueOffset).assumingMemoryBound(to: Value.self)
    }

    /// Creates a mutex guarding `initialValue`.
    ///
    /// - Complexity: O(1): one allocation.
    // The value is moved in, not copied: a data controller makes a locked
    // state per element, a million at an eager load, and the copy and the
    // destruction of the original cost a retain and a release of every
    // reference the state holds.
    @inlinable
    package init(_ initialValue: consuming Value) {
        base = UnsafeMutableRawPointer.allocate(
            byteCount: Self.valueOffset + MemoryLayout<Value>.size,
            alignment: Swift.max(MemoryLayout<pthread_mutex_t>.alignment, MemoryLayout<Value>.alignment))
        let mutex = base.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // A default (non-recursive, non-robust) mutex needs no attribute object
        // and cannot fail to initialize on the platforms Weft supports.
        let rc = pthread_mutex_init(mutex, nil)
        precondition(rc == 0, "pthread_mutex_init failed: \(rc)")
        (base + Self.valueOffset).bindMemory(to: Value.self, capacity: 1).initialize(to: initialValue)
    }

    deinit {
        value.deinitialize(count: 1)
        pthread_mutex_destroy(mutex)
        base.deallocate()
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
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }

    /// Takes the lock, for a holder that must check what it locked before using it
    /// and may let go to try another (WeftReactive's graph locks follow merges so).
    /// Pair with ``unlock()`` on the same thread; prefer ``withLock(_:)``.
    ///
    /// - Complexity: O(1), plus the wait.
    @inlinable @inline(__always)
    package borrowing func lock() {
        pthread_mutex_lock(mutex)
    }

    /// Takes the lock if no thread holds it, without waiting.
    ///
    /// - Returns: Whether the lock was taken; pair a `true` with ``unlock()``.
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package borrowing func tryLock() -> Bool {
        pthread_mutex_trylock(mutex) == 0
    }

    /// Lets go of the lock taken by ``lock()`` on this thread.
    ///
    /// - Complexity: O(1).
    @inlinable @inline(__always)
    package borrowing func unlock() {
        pthread_mutex_unlock(mutex)
    }
}

// @unchecked: the value is only ever reached inside `withLock`, between
// `pthread_mutex_lock` and `pthread_mutex_unlock` of the mutex stored before it,
// and the allocation is freed only by the deinit of the one instance owning it.
extension PosixMutex: @unchecked Sendable where Value: Sendable {}
