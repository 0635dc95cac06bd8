import Dispatch
import Foundation
import HeapModule
import WeftCore

/// The display queue: drawings run here, off main, at most ``width`` at once,
/// the highest priority first and, within one priority, first come first served;
/// image decodes and image-cache reads that feed drawings run here too.
///
/// Texture caps its display workers because an unbounded concurrent queue made
/// more than 60 threads in a fast scroll (ADK#1080); drawing is CPU work, so Weft
/// runs as many as the machine has cores. The workers are threads of the
/// queue's own, made on first need (a process that never draws starts none),
/// parked on a semaphore while there is no work, and ended after
/// ``idleLifetime`` without any (a feed left alone keeps no threads).
///
/// Why threads of its own, not Dispatch's global queue: Linux's scheduler lets
/// a thread woken up preempt the thread that woke it, and main wakes a worker
/// for every batch of drawings it starts. On two cores that cost main 1.3-2.6 ms
/// in a photo feed's frames (the wake-up itself, measured around the `async`
/// call), a slice of someone else's work in main's frame. The workers run under
/// `SCHED_BATCH`, which the kernel never lets preempt on wake-up and which
/// otherwise shares the CPU as the default policy does: iOS's QoS classes give
/// Texture's display queue the same standing below main. Dispatch's pool
/// threads serve other work too, so their policy is not Weft's to change.
// @unchecked: every mutable stored property is in `state`, a PosixMutex;
// `wakeups` is a semaphore, thread-safe.
package final class _DisplayQueue: @unchecked Sendable {
    /// A drawing waiting for a worker, ordered so that the next to run is the
    /// heap's maximum: the higher priority, then the older (lower sequence).
    struct Job: Comparable {
        var priority: Int
        var sequence: UInt64
        var run: @Sendable () -> Void

        static func < (lhs: Job, rhs: Job) -> Bool {
            lhs.priority != rhs.priority ? lhs.priority < rhs.priority : lhs.sequence > rhs.sequence
        }

        /// Sequences are unique, so two jobs are equal only when they are one.
        static func == (lhs: Job, rhs: Job) -> Bool {
            lhs.priority == rhs.priority && lhs.sequence == rhs.sequence
        }
    }

    private struct State {
        var heap = Heap<Job>()
        /// Workers draining the heap (at most ``width``).
        var running = 0
        /// Workers parked on ``wakeups`` (or about to be), free to be woken.
        var idle = 0
        /// Worker threads alive.
        var workers = 0
        var sequence: UInt64 = 0
        var width: Int
    }

    /// Parked workers wait here; each signal wakes one.
    private let wakeups = DispatchSemaphore(value: 0)

    package static let shared = _DisplayQueue(width: ActiveProcessors.count)

    private let state: PosixMutex<State>

    package init(width: Int, idleLifetime: DispatchTimeInterval = .seconds(10)) {
        precondition(width > 0, "a display queue needs at least one worker")
        state = PosixMutex(State(width: width))
        self.idleLifetime = idleLifetime
    }

    /// The most drawings that run at once. Tests whose drawings block on purpose
    /// widen it, so that suites running side by side never wait for each
    /// other's workers.
    var width: Int {
        get { state.withLock { $0.width } }
        set {
            precondition(newValue > 0, "a display queue needs at least one worker")
            state.withLock { $0.width = newValue }
        }
    }

    /// Queues drawings and starts workers for them, up to ``width`` in all.
    ///
    /// - Complexity: O(*k* log *n*) for *k* jobs on a heap of *n*.
    package func submit(_ jobs: [(priority: Int, run: @Sendable () -> Void)]) {
        guard !jobs.isEmpty else { return }
        let (woken, made) = state.withLock { state -> (Int, Int) in
            for job in jobs {
                state.sequence &+= 1
                state.heap.insert(Job(priority: job.priority, sequence: state.sequence, run: job.run))
            }
            let starting = min(max(state.width - state.running, 0), state.heap.count)
            state.running += starting
            let woken = min(starting, state.idle)
            state.idle -= woken
            state.workers += starting - woken
            return (woken, starting - woken)
        }
        for _ in 0 ..< woken { wakeups.signal() }
        for _ in 0 ..< made {
            let worker = Thread { [self] in
                Self.yieldOnWakeUp()
                repeat { drain() } while awaitWork()
            }
            worker.name = "weft.display"
            worker.start()
        }
    }

    /// How long a parked worker waits for work before it ends: 10 s for the
    /// shared queue.
    let idleLifetime: DispatchTimeInterval

    /// The worker threads alive now.
    package var workerCount: Int { state.withLock { $0.workers } }

    /// Parks a worker that found no work: `true` when it is woken for more,
    /// `false` when it should end, having waited ``idleLifetime`` in vain.
    ///
    /// Every wake-up a submit counts (taking one from `idle`) is one signal,
    /// so a worker that times out leaves only by taking one from `idle`
    /// itself; when a submit took them all, a signal for it is on its way.
    private func awaitWork() -> Bool {
        if wakeups.wait(timeout: .now() + idleLifetime) == .success { return true }
        let leaving = state.withLock { state -> Bool in
            guard state.idle > 0 else { return false }
            state.idle -= 1
            state.workers -= 1
            return true
        }
        if leaving { return false }
        wakeups.wait()
        return true
    }

    /// Runs jobs until none is left, then parks the worker.
    private func drain() {
        while let job = state.withLock({ state -> Job? in
            if let job = state.heap.popMax() { return job }
            state.running -= 1
            state.idle += 1
            return nil
        }) {
            job.run()
        }
    }

    /// Puts the calling thread under `SCHED_BATCH` (see the type's comment);
    /// where the system refuses, the thread keeps the default policy, which
    /// changes when main's frames are preempted, never what is drawn.
    private static func yieldOnWakeUp() {
        #if os(Linux)
        // SCHED_BATCH is 3 in <linux/sched.h>; Glibc's module leaves it out
        // (it is a _GNU_SOURCE name). Thread 0 is the caller.
        let batch: Int32 = 3
        var parameters = sched_param()
        _ = sched_setscheduler(0, batch, &parameters)
        #endif
    }
}
