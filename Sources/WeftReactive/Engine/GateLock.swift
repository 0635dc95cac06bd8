#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The engine's gate: a plain, non-recursive `pthread_mutex_t`.
///
/// Not `Synchronization.Mutex`, because on Linux that lock is a futex taken inside
/// the Swift runtime, which ThreadSanitizer does not instrument: it sees none of the
/// ordering the lock provides and reports every access under it as a race.
/// ThreadSanitizer intercepts `pthread_mutex_lock` and `pthread_mutex_unlock`, so
/// the graph can be checked for real races.
// @unchecked Sendable: `mutex` never changes, and the pthread mutex it points to is
// itself the synchronization.
final class GateLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let result = pthread_mutex_init(mutex, nil)
        precondition(result == 0, "pthread_mutex_init failed with \(result)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    func withLock<Result>(_ body: () -> Result) -> Result {
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "pthread_mutex_lock failed with \(locked)")
        defer {
            let unlocked = pthread_mutex_unlock(mutex)
            precondition(unlocked == 0, "pthread_mutex_unlock failed with \(unlocked)")
        }
        return body()
    }
}
