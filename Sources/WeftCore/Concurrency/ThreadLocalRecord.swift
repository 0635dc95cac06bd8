#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One object per thread, made on the thread's first use and released when the
/// thread exits: the record of what a thread owes (WeftReactive's deliveries, the
/// node releases it deferred). A pthread key, so a lookup costs a few nanoseconds
/// and allocates nothing after the first.
// @unchecked Sendable: `key` never changes, pthread keys are thread-safe, and each
// record is reached only by the thread it belongs to.
package final class ThreadLocalRecord<Record: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t
    private let make: @Sendable () -> Record

    /// Creates a key whose records `make` creates.
    ///
    /// - Complexity: O(1).
    package init(_ make: @escaping @Sendable () -> Record) {
        var key = pthread_key_t()
        let rc = pthread_key_create(&key) { record in releaseThreadLocalRecord(record) }
        precondition(rc == 0, "pthread_key_create failed: \(rc)")
        self.key = key
        self.make = make
    }

    /// This thread's record.
    ///
    /// - Complexity: O(1).
    package var current: Record {
        if let record = pthread_getspecific(key) {
            return Unmanaged<Record>.fromOpaque(record).takeUnretainedValue()
        }
        let record = make()
        pthread_setspecific(key, Unmanaged.passRetained(record).toOpaque())
        return record
    }
}

private func releaseThreadLocalRecord(_ record: UnsafeMutableRawPointer?) {
    guard let record else { return }
    Unmanaged<AnyObject>.fromOpaque(record).release()
}
