import Dispatch
import Synchronization
import WeftCore

/// Makes objects and records, per object, how often it was deinitialized and on
/// which thread, so a test can check that every object died exactly once.
///
/// Recording uses only atomics, so deinitializers on many threads never contend
/// on a lock (and ThreadSanitizer sees every ordering it needs).
///
/// ```swift
/// let tracker = LifetimeTracker(capacity: 1_000)
/// queue.release(contentsOf: tracker.makeInstances(1_000))
/// try queue.drain()
/// #expect(tracker.everyInstanceDiedOnce)
/// ```
// @unchecked: the two pointers never change after init, and every slot they
// reach, like the counters beside them, is an `Atomic`.
public final class LifetimeTracker: @unchecked Sendable {
    /// An object whose deinitializer reports to its tracker.
    public final class Instance: Sendable {
        /// The instance's number, in the order the tracker made them.
        public let index: Int
        private let tracker: LifetimeTracker

        fileprivate init(index: Int, tracker: LifetimeTracker) {
            self.index = index
            self.tracker = tracker
        }

        deinit {
            tracker.recordDeinit(of: index)
        }
    }

    /// The most instances this tracker can make.
    public let capacity: Int
    private let deinits: UnsafeMutablePointer<Atomic<Int>>
    private let threads: UnsafeMutablePointer<Atomic<UInt>>
    private let made = Atomic<Int>(0)
    private let died = Atomic<Int>(0)
    private let everyInstanceDied = DispatchSemaphore(value: 0)

    public init(capacity: Int) {
        precondition(capacity >= 0, "capacity \(capacity) must not be negative")
        self.capacity = capacity
        deinits = .allocate(capacity: Swift.max(capacity, 1))
        threads = .allocate(capacity: Swift.max(capacity, 1))
        for i in 0 ..< capacity {
            (deinits + i).initialize(to: Atomic(0))
            (threads + i).initialize(to: Atomic(0))
        }
    }

    deinit {
        // Instances hold their tracker, so none is alive here.
        deinits.deinitialize(count: capacity)
        threads.deinitialize(count: capacity)
        deinits.deallocate()
        threads.deallocate()
    }

    /// Makes the next instance.
    public func makeInstance() -> Instance {
        let index = made.wrappingAdd(1, ordering: .relaxed).oldValue
        precondition(index < capacity, "tracker of capacity \(capacity) asked for instance \(index)")
        return Instance(index: index, tracker: self)
    }

    /// Makes `count` instances.
    public func makeInstances(_ count: Int) -> [Instance] {
        (0 ..< count).map { _ in makeInstance() }
    }

    fileprivate func recordDeinit(of index: Int) {
        threads[index].store(ThreadIdentity.current.rawValue, ordering: .relaxed)
        deinits[index].wrappingAdd(1, ordering: .relaxed)
        let dead = died.wrappingAdd(1, ordering: .releasing).newValue
        if dead == made.load(ordering: .relaxed) { everyInstanceDied.signal() }
    }

    /// Blocks until the deaths recorded reach the instances made, as they stand
    /// when the last death is recorded: a test that makes no more instances waits
    /// here, without sleeping, for deinitializers running on other threads.
    public func waitUntilEveryInstanceDied() {
        everyInstanceDied.wait()
    }

    /// Instances made so far.
    public var instanceCount: Int { made.load(ordering: .relaxed) }

    /// Deinitializations recorded so far, over all instances.
    public var deinitCount: Int { died.load(ordering: .acquiring) }

    /// Instances made and not yet deinitialized.
    public var liveCount: Int { instanceCount - deinitCount }

    /// How often instance `index` was deinitialized.
    public func deinitCount(of index: Int) -> Int {
        deinits[index].load(ordering: .relaxed)
    }

    /// The thread that deinitialized instance `index`, or `nil` if it lives.
    package func deinitThread(of index: Int) -> ThreadIdentity? {
        deinitCount(of: index) == 0 ? nil : ThreadIdentity(rawValue: threads[index].load(ordering: .relaxed))
    }

    /// The threads that ran deinitializers, with how many each ran.
    package var deinitThreads: [ThreadIdentity: Int] {
        var counts: [ThreadIdentity: Int] = [:]
        for index in 0 ..< instanceCount {
            if let thread = deinitThread(of: index) { counts[thread, default: 0] += 1 }
        }
        return counts
    }

    /// Whether every instance made so far was deinitialized exactly once.
    public var everyInstanceDiedOnce: Bool {
        (0 ..< instanceCount).allSatisfy { deinitCount(of: $0) == 1 }
    }
}
