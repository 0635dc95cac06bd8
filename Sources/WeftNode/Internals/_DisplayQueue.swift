import Dispatch
import Foundation
import HeapModule
import WeftCore

/// The display queue: drawings run here, off main, at most ``width`` at once,
/// the highest priority first and, within one priority, first come first served.
///
/// Texture caps its display workers because an unbounded concurrent queue made
/// more than 60 threads in a fast scroll (ADK#1080); drawing is CPU work, so Weft
/// runs as many as the machine has cores. Workers are borrowed from Dispatch's
/// global queue while there is work and none exists while there is none, so a
/// process that never draws starts no thread.
// @unchecked: every mutable stored property is in `state`, a PosixMutex.
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
        var running = 0
        var sequence: UInt64 = 0
        var width: Int
    }

    static let shared = _DisplayQueue(width: max(1, ProcessInfo.processInfo.activeProcessorCount))

    private let state: PosixMutex<State>

    package init(width: Int) {
        precondition(width > 0, "a display queue needs at least one worker")
        state = PosixMutex(State(width: width))
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
        let starting = state.withLock { state in
            for job in jobs {
                state.sequence &+= 1
                state.heap.insert(Job(priority: job.priority, sequence: state.sequence, run: job.run))
            }
            let starting = min(max(state.width - state.running, 0), state.heap.count)
            state.running += starting
            return starting
        }
        for _ in 0 ..< starting {
            DispatchQueue.global(qos: .userInitiated).async { self.drain() }
        }
    }

    /// Runs jobs until none is left, then gives the worker back.
    private func drain() {
        while let job = state.withLock({ state -> Job? in
            if let job = state.heap.popMax() { return job }
            state.running -= 1
            return nil
        }) {
            job.run()
        }
    }
}
